import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { buildApp } from "./app.js";
import { fromPostgres } from "../db/client.js";
import { signToken } from "../lib/auth.js";
import { registerErrorHandler } from "../lib/error-handler.js";
import { bearer, testConfig, useTestApp } from "../testing/test-app.js";

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

  it("refuses text with a NUL character in a body, a query or a path, on either database, and writes nothing", async () => {
    const refused = { error: "O texto contém caracteres não permitidos." };
    const usersBefore = (await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) })).json();
    const requests = [
      { method: "POST", url: "/api/notifications/create", payload: { store: "\u0000", supervisor: "Ana", manager: "Bruno", assistantManager: "Carla" } },
      { method: "POST", url: "/api/users/create", payload: { username: "Loja\u0000Nula", email: "nula@passo.test", password: "segredo123", role: "Usuário básico" } },
      { method: "POST", url: "/api/users/create", payload: { username: "Loja Nula", email: "nula@passo.test", password: "segredo123", role: "Usuário básico", ["x\u0000"]: 1 } },
      { method: "GET", url: "/api/pickup/get?cpf=%00123" },
      { method: "GET", url: "/api/picklist/getId/%00" },
    ] as const;
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: bearer(t.adminToken) });
      expect(res.statusCode, request.url).toBe(400);
      expect(res.json(), request.url).toEqual(refused);
    }
    const usersAfter = (await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) })).json();
    expect(usersAfter).toEqual(usersBefore);
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

  it("answers 503 when the connection dies inside a transaction and its rollback fails too", async () => {
    // What Drizzle throws when PostgreSQL restarts in the middle of a transaction (seen in the fault tests).
    const lostConnection = Object.assign(new Error("Failed query: rollback\nparams: "), {
      cause: new Error("Client has encountered a connection error and is not queryable"),
    });
    const closedClient = Object.assign(new Error("Failed query: select 1"), { cause: new Error("Client was closed and is not queryable") });
    const app = Fastify();
    registerErrorHandler(app);
    app.get("/lost", async () => {
      throw lostConnection;
    });
    app.get("/closed", async () => {
      throw closedClient;
    });
    app.get("/bug", async () => {
      throw new Error("Failed query: select 1", { cause: new Error("column does not exist") });
    });
    try {
      for (const url of ["/lost", "/closed"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers["retry-after"]).toBe("5");
        expect(res.json()).toEqual({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
      }
      const bug = await app.inject({ method: "GET", url: "/bug" });
      expect(bug.statusCode).toBe(500);
      expect(bug.json()).toEqual({ error: "Erro interno do servidor." });
    } finally {
      await app.close();
    }
  });
});
