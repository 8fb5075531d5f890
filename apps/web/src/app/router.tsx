import { Component, lazy, Suspense, type ReactNode } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { lazyElement } from "./lazy-element";
import { OPEN_PAGES } from "./open-pages";
import { RouteError } from "./routes/route-error";

// React Router in declarative mode (<BrowserRouter>, <Routes>) with every screen a React.lazy chunk,
// for the login page's budget (docs/architecture.md). The data router (createBrowserRouter) is twice
// the code and the app uses none of its loaders or actions; what it gave (lazy routes, one error
// page) is done here with lazy and an error boundary. Navigations run in a transition: the current
// screen stays until the next one loads.
//
// The page's first JavaScript knows the open pages alone (app/open-pages.ts); every other address is
// routed by a lazy chunk that reads the screen registry (app/screen-routes.tsx, app/screens.ts).

const loadScreenRoutes = () => import("./screen-routes");
const ScreenRoutes = lazy(loadScreenRoutes);

/**
 * With a session cookie, the screen the address names and the shell start loading with the page,
 * alongside the session check (the guard renders the screen while the token is being checked).
 */
export function preloadForAddress(pathname: string) {
  if (!readCookie(TOKEN_COOKIE) || OPEN_PAGES.some((page) => page.path === pathname)) return;
  loadScreenRoutes()
    .then((routes) => routes.preloadScreen(pathname))
    .catch(() => {}); // a failure shows when the routes render
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
          {OPEN_PAGES.map((page) => (
            <Route key={page.path} path={page.path} element={lazyElement(page.load, {})} />
          ))}
          <Route path="*" element={<ScreenRoutes />} />
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
