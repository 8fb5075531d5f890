import { ADMIN } from "@passo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app/app.js";
import { fromPglite, fromPostgres, type Database } from "../db/client.js";
import { bearer, useTestApp } from "../testing/test-app.js";
import { SHARED_READ_TTL_MS } from "./short-cache.js";

const t = useTestApp();

/** Another API process on the same database: its own connections, its own memory, the same signing key. */
let other: { app: App; database: Database };

beforeAll(async () => {
  const database = t.database.kind === "pglite" ? fromPglite(t.database.pglite!) : fromPostgres(t.database.url!);
  const app = await buildApp({ config: t.config, database });
  await app.ready();
  other = { app, database };
});

afterAll(async () => {
  await other.app.close();
  // The embedded engine is the test app's own; only a PostgreSQL pool is this process's to close.
  if (other.database.kind === "postgres") await other.database.close();
});

const reads = (app: App, token: string) => app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(token) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a signed-in user's token", () => {
  it("is refused at once by the process that deleted the user, even right after it was accepted", async () => {
    const store = await t.createStore("Loja Excluida Agora");
    expect((await reads(t.app, store.token)).statusCode).toBe(200);
    const deleted = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${store.id}`, headers: bearer(t.adminToken) });
    expect(deleted.statusCode).toBe(200);
    const after = await reads(t.app, store.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: expect.any(String) });
  });

  it("is refused at once after a password change and after a change of role, the new token working", async () => {
    const store = await t.createStore("Loja Senha Nova Agora");
    expect((await reads(t.app, store.token)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${store.id}`,
      headers: bearer(store.token),
      payload: { password: "senha-da-loja", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-1" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await reads(t.app, store.token)).statusCode).toBe(401);
    expect((await reads(t.app, changed.json().token)).statusCode).toBe(200);

    const office = await t.createUserAndLogin("Pessoa do Escritorio", ADMIN);
    expect((await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(office.token) })).statusCode).toBe(200);
    const demoted = await t.app.inject({ method: "PUT", url: `/api/users/update/${office.id}`, headers: bearer(t.adminToken), payload: { role: "Usuário básico" } });
    expect(demoted.statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(office.token) })).statusCode).toBe(401);
  });

  it(`is refused by another process sharing the database within ${SHARED_READ_TTL_MS} ms of a password change or a deletion`, async () => {
    const changing = await t.createStore("Loja Senha Outro Processo");
    const leaving = await t.createStore("Loja Excluida Outro Processo");
    expect((await reads(other.app, changing.token)).statusCode).toBe(200);
    expect((await reads(other.app, leaving.token)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${changing.id}`,
      headers: bearer(changing.token),
      payload: { password: "senha-da-loja", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-1" },
    });
    expect(changed.statusCode).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: `/api/users/delete/${leaving.id}`, headers: bearer(t.adminToken) })).statusCode).toBe(200);

    await sleep(SHARED_READ_TTL_MS + 50);
    expect((await reads(other.app, changing.token)).statusCode).toBe(401);
    expect((await reads(other.app, leaving.token)).statusCode).toBe(401);
    expect((await reads(other.app, changed.json().token)).statusCode).toBe(200);
  });
});
