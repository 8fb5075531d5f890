import { ADMIN, STORE } from "@passo/domain/roles";
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { BrowserRouter, Navigate, Route, Routes, useLocation } from "react-router";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { HomeRedirect, preloadShell, ProtectedRoute, RoleGate } from "./guard";
import { changePasswordRoute, notFound, publicRoutes, resolveMisspelledPath, screenRoutes, type ScreenRoute } from "./route-table";
import { RouteError } from "./routes/route-error";

// React Router in declarative mode (<BrowserRouter>, <Routes>) with every screen a React.lazy chunk,
// for the login page's budget (docs/architecture.md). The data router (createBrowserRouter) is twice
// the code and the app uses none of its loaders or actions; what it gave (lazy routes, one error
// page) is done here with lazy and an error boundary. Navigations run in a transition: the current
// screen stays until the next one loads.

type Load = ScreenRoute["load"];

/** One lazy component per loader, so that a screen's chunk is fetched once. */
const lazyScreens = new Map<Load, ComponentType>();
function screen(load: Load): ComponentType {
  let Screen = lazyScreens.get(load);
  if (!Screen) lazyScreens.set(load, (Screen = lazy(load)));
  return Screen;
}

function element(load: Load) {
  const Screen = screen(load);
  return <Screen />;
}

/** An address no route matches: a known one misspelled goes there, anything else shows the 404 page. */
function UnknownAddress() {
  const { pathname, search } = useLocation();
  const resolved = resolveMisspelledPath(pathname);
  if (resolved) return <Navigate to={`${resolved}${search}`} replace />;
  return element(notFound);
}

const screensFor = (role: typeof ADMIN | typeof STORE) =>
  screenRoutes.filter((r) => r.roles.includes(role)).map((r) => <Route key={r.path} path={r.path} element={element(r.load)} />);

/**
 * With a session cookie, the screen the address names and the shell start loading with the page,
 * alongside the session check (the guard renders the screen while the token is being checked).
 */
export function preloadForAddress(pathname: string) {
  if (!readCookie(TOKEN_COOKIE)) return;
  const match = [changePasswordRoute, ...screenRoutes].find((r) => r.path === pathname)?.load;
  if (!match) return;
  preloadShell();
  match().catch(() => {}); // a failure shows when the screen renders
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
interface BoundaryState {
  failure: { error: unknown } | null;
  pathname: string;
}

/** A screen that throws or whose chunk fails to load shows the error page, until the address changes. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failure: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.pathname === state.pathname) return null;
    return { failure: null, pathname: props.pathname };
  }

  render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/** Every route; under <BrowserRouter> in the page, under a static router when the login is drawn at build time. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        <Routes>
          {publicRoutes.map((r) => (
            <Route key={r.path} path={r.path} element={element(r.load)} />
          ))}
          <Route element={<ProtectedRoute />}>
            <Route index element={<HomeRedirect />} />
            <Route path={changePasswordRoute.path} element={element(changePasswordRoute.load)} />
            <Route element={<RoleGate roles={[ADMIN]} />}>{screensFor(ADMIN)}</Route>
            <Route element={<RoleGate roles={[STORE]} />}>{screensFor(STORE)}</Route>
          </Route>
          <Route path="*" element={<UnknownAddress />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
