// The roles and password limits, without zod: the web app's first load needs these and nothing else
// of the domain (the login page's budget: docs/architecture.md), through `@passo/domain/roles`.
// `@passo/domain` re-exports them.

export const ROLES = ["Administrador", "Usuário básico"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN: Role = "Administrador";
export const STORE: Role = "Usuário básico";
export const DEFAULT_USER_ROLE: Role = STORE;
export const PASSWORD_MIN = 8;
/** argon2 reads at most this much; longer inputs are refused rather than silently cut. */
export const PASSWORD_MAX = 128;

/** Where each role lands after signing in. */
export function homePath(role: Role): string {
  return role === ADMIN ? "/picklist-process" : "/pickup-pending";
}
