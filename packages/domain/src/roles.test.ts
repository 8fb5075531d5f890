import { describe, expect, it } from "vitest";
import { ADMIN, ROLES, STORE, SUPERVISOR, can, homePath } from "./roles.js";

describe("the login roles", () => {
  it("are the spec's two and the Supervisor beside them, the store the default", () => {
    expect(ROLES).toEqual(["Administrador", "Usuário básico", "Supervisor"]);
  });

  it("let a Supervisor read and never change; the history of changes stays the office's", () => {
    expect(can(ADMIN, "change")).toBe(true);
    expect(can(STORE, "change")).toBe(true);
    expect(can(SUPERVISOR, "change")).toBe(false);
    expect(ROLES.filter((role) => can(role, "readAuditLog"))).toEqual([ADMIN]);
  });

  it("land each role on its first screen: the spec's two where the spec says, a Supervisor on its dashboards", () => {
    expect(homePath(ADMIN)).toBe("/picklist-process");
    expect(homePath(STORE)).toBe("/pickup-pending");
    expect(homePath(SUPERVISOR)).toBe("/dashboards-supervisor");
  });
});
