import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProviders } from "./app/providers";
import { AppRoutes } from "./app/router";

/** The page at `location` drawn with the app's providers and routes, under a static router. */
async function draw(location: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/**
 * The login page as a visitor without a session first sees it (the chain's name not yet read), drawn
 * at build time by scripts/prerender.mjs: the same tree as main.tsx, under a static router at /login,
 * once every lazy piece it shows has loaded.
 */
export const renderLogin = () => draw("/login");

/**
 * A signed-in screen's frame (app/screen-frame.tsx), as a browser with a session first sees it: drawn
 * with no session, the guard drawing the frame as it does while React takes the page over.
 */
export const renderFrame = (pathname: string) => draw(pathname);

export { SCREEN_FRAMES } from "./app/screen-frame";
/** The registry's routes as data, for dist/routes.json (scripts/route-js.mjs reads it). */
export { routeEntries } from "./app/screens";
