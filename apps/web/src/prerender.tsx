import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes } from "./app/router";

/**
 * The login page as a visitor without a session first sees it (the chain's name not yet read), drawn
 * at build time by scripts/prerender.mjs: the same tree as main.tsx, under a static router at /login,
 * once every lazy piece it shows has loaded.
 */
export async function renderLogin(): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouter location="/login">
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
