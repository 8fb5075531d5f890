// The roles and password limits, without zod: the web app's first load needs these and nothing else
// of the domain (the login page's budget: docs/architecture.md), through `@passo/domain/roles`.
// `@passo/domain` re-exports them.

/**
 * The spec's two roles, and 'Supervisor' beside them (issue 31): a person who reads, and never
 * changes, the records of the stores whose notification rule names them (docs/api.md "Supervisor").
 */
export const ROLES = ["Administrador", "Usuário básico", "Supervisor"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN: Role = "Administrador";
export const STORE: Role = "Usuário básico";
export const SUPERVISOR: Role = "Supervisor";
export const DEFAULT_USER_ROLE: Role = STORE;
export const PASSWORD_MIN = 8;
/** argon2 reads at most this much; longer inputs are refused rather than silently cut. */
export const PASSWORD_MAX = 128;

/** Where each role lands after signing in. */
export function homePath(role: Role): string {
  if (role === ADMIN) return "/picklist-process";
  if (role === SUPERVISOR) return "/dashboards-supervisor";
  return "/pickup-pending";
}

/**
 * What a role may do beyond reading what it is shown: the screens ask this before drawing a button or
 * a column, the server enforces the same. "change": anything that changes a record (a Supervisor's
 * every change is 403); "readAuditLog": a record's history of changes (the office's alone).
 */
export type Capability = "change" | "readAuditLog";

/** Whether a role may do what `capability` names. A Supervisor reads, and never changes. */
export function can(role: Role, capability: Capability): boolean {
  switch (capability) {
    case "change":
      return role !== SUPERVISOR;
    case "readAuditLog":
      return role === ADMIN;
  }
}
