import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter, preloadForAddress } from "./app/router";
import "./index.css";

preloadForAddress(window.location.pathname);

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);
// The server sends '/login' already drawn (scripts/prerender.mjs): React takes that markup over instead
// of drawing it again. Any other page starts empty.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
