import type { ComponentType } from "react";

/**
 * The pages open without a session: no role, no menu, no title of the registry's. They are the
 * registry's first part (app/screens.ts lists them with the screens), kept in a module of their own
 * because the router finds them in the page's first JavaScript, everyone's first load (the login's
 * budget, docs/architecture.md): the screens' texts, menus and icons load after it.
 * Each page's module is app/routes<path>.tsx.
 */
export interface OpenPage {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

/** The 404 page: /not-found and any address no route matches. */
export const NOT_FOUND: OpenPage = { path: "/not-found", load: () => import("./routes/not-found") };

export const OPEN_PAGES: readonly OpenPage[] = [
  { path: "/login", load: () => import("./routes/login") },
  { path: "/access-denied", load: () => import("./routes/access-denied") },
  NOT_FOUND,
];
