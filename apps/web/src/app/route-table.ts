import { ADMIN, STORE, type Role } from "@passo/domain";
import type { ComponentType } from "react";

type Lazy = () => Promise<{ default: ComponentType }>;

export interface ScreenRoute {
  path: string;
  roles: readonly Role[];
  load: Lazy;
}

/** Screens whose own issue has not landed yet show the 503 page (spec 2.1's placeholder). */
const underConstruction: Lazy = () => import("./routes/under-construction");

const admin = (path: string, load: Lazy = underConstruction): ScreenRoute => ({ path, roles: [ADMIN], load });
const store = (path: string, load: Lazy = underConstruction): ScreenRoute => ({ path, roles: [STORE], load });

/** Spec 2.1: every role-restricted route. */
export const screenRoutes: ScreenRoute[] = [
  admin("/dashboards"),
  admin("/reports-metrics"),
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
  store("/dashboards-store"),
  store("/reports-metrics-store"),
  store("/picklist-pending", () => import("./routes/picklist-pending")),
  store("/picklist-history-store", () => import("./routes/picklist-history-store")),
  store("/pickup-pending", () => import("./routes/pickup-pending")),
  store("/pickup-history-store", () => import("./routes/pickup-history-store")),
  store("/return-store", () => import("./routes/return-store")),
  store("/return-history-store", () => import("./routes/return-history-store")),
];

/** Public paths and the ones open to both roles, for resolving misspelled addresses. */
export const knownPaths = ["/", "/login", "/change-password", "/access-denied", "/not-found", ...screenRoutes.map((r) => r.path)];

/**
 * The original menus linked to the separation history under a spelling with an odd character
 * (spec 2.1). Any address that equals a known path once accents and stray characters are
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
