import { Navigate, Route, Routes, useLocation } from "react-router";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { HomeRedirect, preloadShell, ProtectedRoute, RoleGate } from "./guard";
import { lazyElement } from "./lazy-element";
import { NOT_FOUND } from "./open-pages";
import { loadScreen, resolveMisspelledPath, SCREENS, screenAt } from "./screens";

// Every address but the open pages', read off the screen registry (app/screens.ts): a lazy chunk of
// its own (app/router.tsx), so that the screens' texts and menus stay out of the login's first load.

/** An address no route matches: a known one misspelled goes there, anything else shows the 404 page. */
function UnknownAddress() {
  const { pathname, search } = useLocation();
  const resolved = resolveMisspelledPath(pathname);
  if (resolved) return <Navigate to={`${resolved}${search}`} replace />;
  return lazyElement(NOT_FOUND.load, {});
}

/**
 * With a session cookie, the screen the address names and the shell start loading with the page,
 * alongside the session check (the guard renders the screen while the token is being checked).
 */
export function preloadScreen(pathname: string) {
  if (!readCookie(TOKEN_COOKIE)) return;
  const screen = screenAt(pathname);
  if (!screen) return;
  preloadShell();
  loadScreen(screen)().catch(() => {}); // a failure shows when the screen renders
}

/** The signed-in screens, each behind the route guard and its roles' gate; unknown addresses. */
export default function ScreenRoutes() {
  return (
    <Routes>
      <Route element={<ProtectedRoute />}>
        <Route index element={<HomeRedirect />} />
        {SCREENS.map((screen) => (
          <Route key={screen.path} element={<RoleGate roles={screen.roles} />}>
            <Route path={screen.path} element={lazyElement(loadScreen(screen), { title: screen.title, description: screen.description })} />
          </Route>
        ))}
      </Route>
      <Route path="*" element={<UnknownAddress />} />
    </Routes>
  );
}
