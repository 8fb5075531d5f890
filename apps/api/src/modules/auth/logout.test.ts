import { createHmac, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../app/app.js";
import { fromPglite, fromPostgres } from "../../db/client.js";
import { revokedTokens } from "../../db/schema/index.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** A token signed with the server's own key, with whatever claims the test wants (or leaves out). */
function handSigned(claims: Record<string, unknown>): string {
  const head = `${base64url({ alg: "HS256", typ: "JWT" })}.${base64url(claims)}`;
  return `${head}.${createHmac("sha256", t.config.jwtSecret).update(head).digest("base64url")}`;
}

const read = (token: string, app = t.app) => app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(token) });
const logout = (token: string) => t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(token) });

async function adminId(): Promise<string> {
  return (await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: t.adminToken } })).json().user.id;
}

describe("POST /api/auth/logout", () => {
  it("ends the token it is called with at once: 401 after, everywhere; the user's other tokens go on", async () => {
    const store = await t.createStore("Loja Que Sai");
    const other = (await t.createStore("Loja Que Fica")).token;
    const kept = await t.login((await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: store.token } })).json().user.email, "senha-da-loja");
    expect((await read(store.token)).statusCode).toBe(200);

    const res = await logout(store.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Sessão encerrada." });

    const after = await read(store.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: expect.any(String) });
    expect((await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: store.token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/live/ticket", headers: bearer(store.token) })).statusCode).toBe(401);
    expect((await logout(store.token)).statusCode).toBe(401);
    // Another sign-in of the same store, and another store, are untouched.
    expect((await read(kept)).statusCode).toBe(200);
    expect((await read(other)).statusCode).toBe(200);
  });

  it("holds in another process sharing the database, within a second", async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    // Its own connections and its own memory (what it read of signed-in users), the same signing key.
    const database = t.database.kind === "pglite" ? fromPglite(t.database.pglite!) : fromPostgres(t.database.url!);
    const other = await buildApp({ config: t.config, database });
    try {
      expect((await read(token, other)).statusCode).toBe(200);
      expect((await logout(token)).statusCode).toBe(200);
      let status = 200;
      for (let i = 0; i < 30 && status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await read(token, other)).statusCode;
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
      if (database.kind === "postgres") await database.close();
    }
  });

  it("keeps a signed-out token only until it would have expired anyway", async () => {
    const stale = randomUUID();
    await t.database.db.insert(revokedTokens).values({ jti: stale, expiresAt: sql`now() - interval '1 minute'` });
    expect((await logout(await t.login(ADMIN_EMAIL, ADMIN_PASSWORD))).statusCode).toBe(200);
    const rows = await t.database.db.select().from(revokedTokens);
    expect(rows.map((r) => r.jti)).not.toContain(stale);
    expect(rows.every((r) => r.expiresAt.getTime() > Date.now() + 6 * 24 * 3600_000)).toBe(true);
  });

  it("is for signed-in people: no token 401, an API key 403", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout" })).statusCode).toBe(401);
    const key = await t.app.inject({ method: "POST", url: "/api/api-keys/create", headers: bearer(t.adminToken), payload: { name: "Sair", scopes: ["pickups"] } });
    const res = await logout(key.json().key);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });
});

describe("tokens the server did not issue as they are", () => {
  it("refuses a token without an expiry, even signed with the server's key", async () => {
    const id = await adminId();
    const now = Math.floor(Date.now() / 1000);
    // The same claims with an expiry pass: the refusal is for the missing `exp` alone.
    expect((await read(handSigned({ sub: id, ver: 0, jti: randomUUID(), iat: now, exp: now + 3600 }))).statusCode).toBe(200);
    const forever = handSigned({ sub: id, ver: 0, jti: randomUUID(), iat: now });
    const res = await read(forever);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
    expect((await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: forever } })).statusCode).toBe(401);
  });

  it("refuses a token without an id (jti), which no sign-out could end", async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await read(handSigned({ sub: await adminId(), ver: 0, iat: now, exp: now + 3600 }))).statusCode).toBe(401);
  });
});
