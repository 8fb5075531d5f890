import { ADMIN, STORE } from "@passo/domain";
import { createBrowserRouter, type RouteObject } from "react-router";
import { ProtectedRoute, RoleGate, HomeRedirect } from "./guard";
import { screenRoutes, type ScreenRoute } from "./route-table";
import { RouteError } from "./routes/route-error";

const lazyDefault = (load: ScreenRoute["load"]) => async () => ({ Component: (await load()).default });

function screensFor(role: typeof ADMIN | typeof STORE): RouteObject[] {
  return screenRoutes.filter((r) => r.roles.includes(role)).map((r) => ({ path: r.path, lazy: lazyDefault(r.load) }));
}

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: "/login", lazy: lazyDefault(() => import("./routes/login")) },
      { path: "/access-denied", lazy: lazyDefault(() => import("./routes/access-denied")) },
      { path: "/not-found", lazy: lazyDefault(() => import("./routes/not-found")) },
      {
        element: <ProtectedRoute />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: "/change-password", lazy: lazyDefault(() => import("./routes/change-password")) },
          { element: <RoleGate roles={[ADMIN]} />, children: screensFor(ADMIN) },
          { element: <RoleGate roles={[STORE]} />, children: screensFor(STORE) },
        ],
      },
      { path: "*", lazy: lazyDefault(() => import("./routes/not-found")) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
