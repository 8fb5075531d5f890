import { API_KEY_ACTOR_ROLE, API_KEY_MESSAGES } from "@passo/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app/app.js";
import { apiKeys } from "../../db/schema/index.js";
import { rowsOf } from "../../db/client.js";
import { pickupsKit } from "../../testing/pickups.js";
import { TINY_PDF, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
let store: { username: string; token: string };

async function createKey(name: string, scopes: string[]) {
  const res = await t.app.inject({ method: "POST", url: "/api/api-keys/create", headers: bearer(t.adminToken), payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { message: string; apiKey: { id: string; name: string; scopes: string[]; lastUsedAt: string | null }; key: string };
}

function pdfForm() {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([TINY_PDF], { type: "application/pdf" }), "nota.pdf");
  return new Response(form);
}

beforeAll(async () => {
  store = await t.createStore("Loja Integrada");
});

describe("API keys for other systems", () => {
  it("are created with a name and scopes; the key comes once and is stored only as a hash", async () => {
    const created = await createKey("Plataforma de e-commerce", ["pickups", "picklists"]);
    expect(created.message).toBe(API_KEY_MESSAGES.created);
    expect(created.key).toMatch(/^passo_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toEqual({ id: expect.any(String), name: "Plataforma de e-commerce", scopes: ["picklists", "pickups"], createdAt: expect.any(String), lastUsedAt: null });
    const listed = await t.app.inject({ method: "GET", url: "/api/api-keys/get", headers: bearer(t.adminToken) });
    expect(listed.json().apiKeys).toContainEqual(created.apiKey);
    expect(listed.body).not.toContain(created.key);
    const stored = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from api_keys`));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(6));
  });

  it("refuses a name in use, no scope and an unknown scope, in Portuguese", async () => {
    await createKey("Integração ERP", ["returns"]);
    const post = (payload: object) => t.app.inject({ method: "POST", url: "/api/api-keys/create", headers: bearer(t.adminToken), payload });
    const taken = await post({ name: "integração erp", scopes: ["returns"] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: API_KEY_MESSAGES.nameTaken });
    expect((await post({ name: "Sem escopo", scopes: [] })).json()).toEqual({ error: API_KEY_MESSAGES.scopesRequired });
    expect((await post({ name: "Escopo errado", scopes: ["users"] })).json()).toEqual({ error: API_KEY_MESSAGES.scopeInvalid });
    expect((await post({ name: " ", scopes: ["returns"] })).json()).toEqual({ error: API_KEY_MESSAGES.nameRequired });
  });

  it("reads and creates the records of its scopes, named in the audit log, and nothing else", async () => {
    const { key, apiKey } = await createKey("Plataforma das listas", ["picklists"]);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/picklist/create",
      headers: bearer(key),
      payload: { destination: store.username, listItems: ["TENIS INTEGRADO 123456-7X"] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json().picklist;
    expect(list.sender).toBe("E-commerce");
    const read = await t.app.inject({ method: "GET", url: "/api/picklist/get?store=all", headers: bearer(key) });
    expect(read.statusCode).toBe(200);
    expect(read.json().picklists.map((p: { id: string }) => p.id)).toContain(list.id);
    expect((await t.app.inject({ method: "GET", url: `/api/picklist/getId/${list.id}`, headers: bearer(key) })).statusCode).toBe(200);

    const audit = await t.app.inject({ method: "GET", url: `/api/audit/picklist/${list.id}`, headers: bearer(t.adminToken) });
    expect(audit.json().entries[0].actor).toEqual({ id: apiKey.id, username: "Plataforma das listas", role: API_KEY_ACTOR_ROLE });

    const outside = [
      { method: "GET", url: "/api/pickup/get" },
      { method: "GET", url: "/api/return/get" },
      { method: "PUT", url: `/api/picklist/update/${list.id}`, payload: { currentStatus: "Em andamento" } },
      { method: "DELETE", url: `/api/picklist/delete/${list.id}` },
      { method: "GET", url: "/api/picklist/not-found" },
      { method: "GET", url: "/api/users/get" },
      { method: "POST", url: "/api/api-keys/create", payload: { name: "Outra", scopes: ["picklists"] } },
      { method: "GET", url: "/api/notification-outbox/get" },
      { method: "POST", url: "/api/uploads/nfe" },
    ] as const;
    for (const request of outside) {
      const res = await t.app.inject({ ...request, headers: bearer(key) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json()).toEqual({ error: API_KEY_MESSAGES.outOfScope });
    }
    const used = (await t.app.inject({ method: "GET", url: "/api/api-keys/get", headers: bearer(t.adminToken) })).json().apiKeys;
    expect(used.find((k: { id: string }) => k.id === apiKey.id).lastUsedAt).toEqual(expect.any(String));
  });

  it("with pickups: uploads the NF-e, creates the pickup with it and reads its invoice", async () => {
    const { key } = await createKey("Plataforma das retiradas", ["pickups"]);
    const body = pdfForm();
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/uploads/nfe",
      headers: { ...bearer(key), "content-type": body.headers.get("content-type")! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const pickup = await t.app.inject({
      method: "POST",
      url: "/api/pickup/create",
      headers: bearer(key),
      payload: pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: upload.json().filename })).form({ orderNumber: "ECOMMERCE0000001" }),
    });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json().pickup.customerCPF).toBe("52998224725");
    const invoice = await t.app.inject({ method: "GET", url: `/uploads/${upload.json().filename}`, headers: bearer(key) });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-type"]).toBe("application/pdf");
    expect((await t.app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(key) })).statusCode).toBe(403);
  });

  it("is refused at once once revoked, and a made-up key never passes", async () => {
    const { key, apiKey } = await createKey("Chave a revogar", ["returns"]);
    expect((await t.app.inject({ method: "GET", url: "/api/return/get", headers: bearer(key) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: "DELETE", url: `/api/api-keys/delete/${apiKey.id}`, headers: bearer(t.adminToken) });
    expect(revoked.json()).toEqual({ message: API_KEY_MESSAGES.revoked });
    const after = await t.app.inject({ method: "GET", url: "/api/return/get", headers: bearer(key) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: API_KEY_MESSAGES.invalid });
    expect((await t.app.inject({ method: "GET", url: `/uploads/qualquer.pdf`, headers: bearer(key) })).statusCode).toBe(401);
    const listed = (await t.app.inject({ method: "GET", url: "/api/api-keys/get", headers: bearer(t.adminToken) })).json().apiKeys;
    expect(listed.map((k: { id: string }) => k.id)).not.toContain(apiKey.id);
    expect((await t.app.inject({ method: "DELETE", url: `/api/api-keys/delete/${apiKey.id}`, headers: bearer(t.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/return/get", headers: bearer(`passo_${"A".repeat(43)}`) })).statusCode).toBe(401);
    // Its row stays, so that the audit log still names it.
    expect(await t.database.db.select({ id: apiKeys.id }).from(apiKeys).where(sql`${apiKeys.id} = ${apiKey.id}`)).toHaveLength(1);
  });

  it("limits each key to API_KEY_RATE_LIMIT requests a minute, apart from the others and from the people", async () => {
    const app = await buildApp({ config: { ...t.config, apiKeyRateLimit: 3 }, database: t.database });
    try {
      const { key: busy } = await createKey("Chave apressada", ["returns"]);
      const { key: calm } = await createKey("Chave calma", ["returns"]);
      const get = (token: string) => app.inject({ method: "GET", url: "/api/return/get?page=1&pageSize=1", headers: bearer(token) });
      for (let i = 0; i < 3; i++) expect((await get(busy)).statusCode).toBe(200);
      const limited = await get(busy);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/chave de API/);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
      expect((await get(calm)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get(t.adminToken)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
