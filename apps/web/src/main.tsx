import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config, locales } from "zod/mini";
import { AppProviders } from "./app/providers";
import { AppRouter, preloadForAddress } from "./app/router";
import "./index.css";

// Messages a schema does not set itself come out in Portuguese, as the API's do (zod/mini and the
// full zod share this setting).
config(locales.pt());

preloadForAddress(window.location.pathname);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
