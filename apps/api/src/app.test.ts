import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { fromPostgres } from "./db/client.js";
import { signToken } from "./lib/auth.js";
import { bearer, testConfig, useTestApp } from "./testing/test-app.js";

const t = useTestApp();

describe("the HTTP surface", () => {
  it("answers an unknown API path with a Portuguese 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nao-existe", headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Rota não encontrada." });
  });

  it("serves the web app's page for any other path", async () => {
    const res = await t.app.inject({ method: "GET", url: "/picklist-process" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
  });

  it("refuses a body over the limit with 413 and a non-JSON body with 415", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.com", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toMatch(/grande demais/);
    const text = await t.app.inject({ method: "POST", url: "/api/auth/login", headers: { "content-type": "text/plain" }, payload: "oi" });
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatch(/Tipo de conteúdo/);
  });

  it("describes itself as OpenAPI at /api/docs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/auth/login", "/api/users/get"]));
    const ui = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it("answers 503, not 500, while the database cannot be reached", async () => {
    const config = testConfig();
    const database = fromPostgres("postgres://nobody@127.0.0.1:1/nothing");
    const app = await buildApp({ config, database });
    try {
      const token = signToken(app, { id: "00000000-0000-4000-8000-000000000000", tokenVersion: 0 });
      const res = await app.inject({ method: "GET", url: "/api/users/get", headers: bearer(token) });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
