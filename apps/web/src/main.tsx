import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { z } from "zod";
import { AppProviders } from "./app/providers";
import { createRouter } from "./app/router";
import "./index.css";

// Messages a schema does not set itself come out in Portuguese, as the API's do.
z.config(z.locales.pt());

const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
