import { ADMIN, STORE, type Role } from "@passo/domain/roles";
import type { ComponentType } from "react";

type Lazy = () => Promise<{ default: ComponentType }>;

export interface ScreenRoute {
  path: string;
  roles: readonly Role[];
  load: Lazy;
}

export interface PublicRoute {
  path: string;
  load: Lazy;
}

// Every route is listed here as data, one call a line: scripts/route-js.mjs reads this file to report
// the JavaScript each route loads first.

/** Screens not built yet (dashboards, reports) show the 503 page, the product's placeholder. */
const underConstruction: Lazy = () => import("./routes/under-construction");
/** The 404 page: /not-found and any address no route matches. */
export const notFound: Lazy = () => import("./routes/not-found");

const open = (path: string, load: Lazy): PublicRoute => ({ path, load });
const signedIn = (path: string, load: Lazy): ScreenRoute => ({ path, roles: [ADMIN, STORE], load });
const admin = (path: string, load: Lazy = underConstruction): ScreenRoute => ({ path, roles: [ADMIN], load });
const store = (path: string, load: Lazy = underConstruction): ScreenRoute => ({ path, roles: [STORE], load });

/** Routes open without a session. */
export const publicRoutes: PublicRoute[] = [
  open("/login", () => import("./routes/login")),
  open("/access-denied", () => import("./routes/access-denied")),
  open("/not-found", notFound),
];

/** Signed in, either role. */
export const changePasswordRoute: ScreenRoute = signedIn("/change-password", () => import("./routes/change-password"));

/** Every role-restricted route. */
export const screenRoutes: ScreenRoute[] = [
  admin("/dashboards", () => import("./routes/dashboards")),
  admin("/reports-metrics", () => import("./routes/reports-metrics")),
  admin("/picklist-create", () => import("./routes/picklist-create")),
  admin("/picklist-process", () => import("./routes/picklist-process")),
  admin("/picklist-shipment-history", () => import("./routes/picklist-shipment-history")),
  admin("/pickup-new-order", () => import("./routes/pickup-new-order")),
  admin("/pickup-process", () => import("./routes/pickup-process")),
  admin("/pickup-history", () => import("./routes/pickup-history")),
  admin("/return-new", () => import("./routes/return-new")),
  admin("/return-process", () => import("./routes/return-process")),
  admin("/return-history", () => import("./routes/return-history")),
  admin("/settings-manage-users", () => import("./routes/settings-manage-users")),
  admin("/settings-manage-recipients", () => import("./routes/settings-manage-recipients")),
  admin("/settings-notifications-stores", () => import("./routes/settings-notifications-stores")),
  admin("/settings-service-notifications", () => import("./routes/settings-service-notifications")),
  admin("/settings-email-templates", () => import("./routes/settings-email-templates")),
  admin("/settings-api-keys", () => import("./routes/settings-api-keys")),
  admin("/settings-deadlines", () => import("./routes/settings-deadlines")),
  admin("/settings-audit-log", () => import("./routes/settings-audit-log")),
  admin("/settings-customer-data", () => import("./routes/settings-customer-data")),
  admin("/settings-products", () => import("./routes/settings-products")),
  store("/dashboards-store", () => import("./routes/dashboards-store")),
  store("/reports-metrics-store", () => import("./routes/reports-metrics-store")),
  store("/picklist-pending", () => import("./routes/picklist-pending")),
  store("/picklist-history-store", () => import("./routes/picklist-history-store")),
  store("/pickup-pending", () => import("./routes/pickup-pending")),
  store("/pickup-history-store", () => import("./routes/pickup-history-store")),
  store("/return-store", () => import("./routes/return-store")),
  store("/return-history-store", () => import("./routes/return-history-store")),
];

/** Public paths and the ones open to both roles, for resolving misspelled addresses. */
export const knownPaths = ["/", ...publicRoutes.map((r) => r.path), changePasswordRoute.path, ...screenRoutes.map((r) => r.path)];

/**
 * The original menus linked to the separation history under a spelling with an odd character.
 * Any address that equals a known path once accents and stray characters are
 * dropped resolves to that path.
 */
export function resolveMisspelledPath(pathname: string): string | undefined {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // Keep it as typed.
  }
  const cleaned = decoded
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9/-]/g, "")
    .replace(/\/+$/, "");
  if (!cleaned || cleaned === pathname) return undefined;
  return knownPaths.find((p) => p === cleaned);
}
