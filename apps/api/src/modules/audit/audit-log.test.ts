import { sql } from "drizzle-orm";
import { ADMIN, STORE, todayIn } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.js";
import { CSV_BATCH } from "../../lib/csv.js";
import { ADMIN_EMAIL, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

type LogEntry = {
  id: string;
  at: string;
  actor: { id: string; username: string; role: string } | null;
  action: string;
  entity: string;
  entityId: string;
  label: string | null;
  changes: Record<string, unknown>;
};
type LogPage = { entries: LogEntry[]; total: number; page: number; pageSize: number };

let admin: { id: string; username: string };
let store: { username: string; token: string; id: string };
let apiKey: { id: string; key: string };
let pickupId: string;
let pickupOrder: string;
let recipientId: string;

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function ok(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = t.adminToken) {
  const res = await api(method, url, payload, token);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function log(query = ""): Promise<LogPage> {
  const res = await api("GET", `/audit/get${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every entry of a filter, read page by page. */
async function all(query: string): Promise<LogEntry[]> {
  const entries: LogEntry[] = [];
  for (let page = 1; ; page++) {
    const answer = await log(`?${query}${query ? "&" : ""}page=${page}&pageSize=200`);
    entries.push(...answer.entries);
    if (entries.length >= answer.total) return entries;
  }
}

async function csv(query = ""): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const res = await api("GET", `/audit/export${query}`);
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

beforeAll(async () => {
  const { users } = await ok("GET", "/users/get");
  const found = (users as { id: string; username: string; email: string }[]).find((u) => u.email === ADMIN_EMAIL)!;
  admin = { id: found.id, username: found.username };
  store = await t.createStore("Loja Relatório");

  const { recipient } = await ok("POST", "/recipients/create", { username: "Ana Supervisora", email: "ana@passo.test", role: "Supervisor" });
  recipientId = recipient.id;
  await ok("PUT", `/recipients/update/${recipient.id}`, { username: "Ana Souza", email: "ana@passo.test", role: "Supervisor" });
  const gone = (await ok("POST", "/recipients/create", { username: "Bruno Gerente", email: "bruno@passo.test", role: "Gerente" })).recipient;
  await ok("DELETE", `/recipients/delete/${gone.id}`);

  const { picklist } = await ok("POST", "/picklist/create", { destination: store.username, listItems: ["BOTA 38"] });
  await ok("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Em andamento" }, store.token);

  pickupOrder = "PED0000000000001";
  const { pickup } = await ok("POST", "/pickup/create", {
    pickupStoreName: store.username,
    scheduledPickupDate: new Date().toISOString().slice(0, 10),
    pickupType: "Disponível na loja",
    orderNumber: pickupOrder,
    trackingCode: "123456",
    invoiceFileName: await t.uploadInvoice(),
    customerFullName: "Maria da Silva",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 99876-5432",
    customerEmail: "maria.cliente@example.com",
    authorizedThirdPartyPickup: false,
    orderItems: ["TENIS RUNNER 42"],
  });
  pickupId = pickup.id;

  const created = await ok("POST", "/api-keys/create", { name: "Plataforma de e-commerce", scopes: ["picklists"] });
  apiKey = { id: created.apiKey.id, key: created.key };
  await ok("POST", "/picklist/create", { destination: store.username, listItems: ["SANDALIA 36"] }, apiKey.key);
});

describe("who may read the log", () => {
  it("is the administrator only: no token 401, a store or an API key 403", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/audit/get" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/audit/export" })).statusCode).toBe(401);
    for (const url of ["/audit/get", "/audit/export", "/audit/actors"]) {
      const byStore = await api("GET", url, undefined, store.token);
      expect(byStore.statusCode).toBe(403);
      expect(byStore.json()).toEqual({ error: "Você não tem permissão para realizar esta ação." });
      const byKey = await api("GET", url, undefined, apiKey.key);
      expect(byKey.statusCode).toBe(403);
      expect(byKey.json()).toEqual({ error: "Esta chave de API não dá acesso a esta ação." });
    }
  });

  it("leaves a record's own history where it was", async () => {
    const res = await api("GET", `/audit/recipient/${recipientId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.map((e: LogEntry) => e.action)).toEqual(["create", "update"]);
  });
});

describe("reading the log across records", () => {
  it("answers a page, newest first, with the total, each entry naming its record", async () => {
    const first = await log("?page=1&pageSize=3");
    expect(first).toMatchObject({ page: 1, pageSize: 3 });
    expect(first.entries).toHaveLength(3);
    const everything = await all("");
    expect(first.total).toBe(everything.length);
    expect(first.entries).toEqual(everything.slice(0, 3));
    const second = await log("?page=2&pageSize=3");
    expect(second.entries).toEqual(everything.slice(3, 6));

    const times = everything.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(everything[0]).toMatchObject({ entity: "picklist", action: "create", label: store.username, actor: { id: apiKey.id, username: "Plataforma de e-commerce", role: "Chave de API" } });
  });

  it("defaults to the first page of 50", async () => {
    expect(await log()).toMatchObject({ page: 1, pageSize: 50 });
  });

  it("names records by their number or name, a deleted one by what its deletion left", async () => {
    const entries = await all("");
    expect(entries.find((e) => e.entity === "pickup")).toMatchObject({ entityId: pickupId, label: pickupOrder });
    expect(entries.filter((e) => e.entityId === recipientId).map((e) => e.label)).toEqual(["Ana Souza", "Ana Souza"]);
    const deleted = entries.filter((e) => e.entity === "recipient" && e.label === "Bruno Gerente");
    expect(deleted.map((e) => e.action)).toEqual(["delete", "create"]);
    expect(entries.find((e) => e.entity === "user" && e.entityId === store.id)).toMatchObject({ label: store.username, actor: null });
  });

  it("keeps customers' personal data masked as it was written", async () => {
    const res = await api("GET", "/audit/get?entity=pickup");
    expect(res.body).not.toContain("52998224725");
    expect(res.body).not.toContain("99876-5432");
    expect(res.body).not.toContain("maria.cliente@");
    const [created] = res.json().entries as LogEntry[];
    expect(created!.changes).toMatchObject({ customerCPF: "***.***.247-25", customerPhone: "(**) *****-5432", customerEmail: "m***@example.com" });
  });
});

describe("filters", () => {
  it("by kind of record", async () => {
    const entries = await all("entity=recipient");
    expect(entries.length).toBe(4);
    expect(new Set(entries.map((e) => e.entity))).toEqual(new Set(["recipient"]));
  });

  it("by user: a person, an API key, or the system", async () => {
    const byStore = await all(`user=${store.id}`);
    expect(byStore.map((e) => [e.entity, e.action])).toEqual([["picklist", "start"]]);
    const byKey = await all(`user=${apiKey.id}`);
    expect(byKey.map((e) => [e.entity, e.action])).toEqual([["picklist", "create"]]);
    const bySystem = await all("user=system");
    expect(bySystem.length).toBeGreaterThan(0);
    expect(bySystem.every((e) => e.actor === null)).toBe(true);
    const byAdmin = await all(`user=${admin.id}`);
    expect(byAdmin.every((e) => e.actor?.id === admin.id)).toBe(true);
    expect(byAdmin.length + byStore.length + byKey.length + bySystem.length).toBe((await log()).total);
  });

  it("by action", async () => {
    const deletions = await all("action=delete");
    expect(deletions.map((e) => [e.entity, e.label])).toEqual([["recipient", "Bruno Gerente"]]);
  });

  it("combined, and `all` means no filter", async () => {
    const entries = await all(`entity=picklist&action=create&user=${admin.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: "picklist", action: "create", actor: { id: admin.id } });
    expect((await log("?entity=all&action=all&user=all")).total).toBe((await log()).total);
    expect((await log(`?entity=picklist&user=${store.id}&action=create`)).total).toBe(0);
  });

  it("by period: whole days in APP_TIMEZONE", async () => {
    const [entry] = (await log(`?entity=recipient&action=delete`)).entries;
    // 02:30 UTC on the 10th is 23:30 on the 9th in São Paulo.
    await t.database.db.update(auditLog).set({ at: new Date("2026-03-10T02:30:00Z") }).where(sql`${auditLog.id} = ${entry!.id}`);
    expect((await all("from=2026-03-09&to=2026-03-09")).map((e) => e.id)).toEqual([entry!.id]);
    expect(await all("from=2026-03-10&to=2026-03-10")).toEqual([]);
    expect((await all("to=2026-03-09")).map((e) => e.id)).toEqual([entry!.id]);
    expect((await all("from=2026-03-10")).map((e) => e.id)).not.toContain(entry!.id);
  });
});

describe("bad input", () => {
  it.each([
    ["entity=cliente", /^Tipo de registro desconhecido\./],
    ["action=apagar", /^Ação desconhecida\./],
    ["user=fulano", /^Usuário inválido\.$/],
    ["from=2026-02-30", /^Data inválida\. Use AAAA-MM-DD\.$/],
    ["to=ontem", /^Data inválida\. Use AAAA-MM-DD\.$/],
    ["page=0", /^Página inválida\.$/],
    ["pageSize=500", /^Tamanho de página inválido\.$/],
  ])("%s answers 400 in Portuguese, on the page and on the export", async (query, message) => {
    for (const url of [`/audit/get?${query}`, `/audit/export?${query}`]) {
      if (url.startsWith("/audit/export") && query.startsWith("page")) continue;
      const res = await api("GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(message);
    }
  });
});

describe("CSV export", () => {
  it("is the filtered log as Excel pt-BR reads it", async () => {
    const res = await csv(`?entity=recipient`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="relatorio-de-alteracoes_ate_${todayIn(t.config.timezone)}.csv"`);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe("Data;Usuário;Tipo de registro;Registro;Id do registro;Ação;Alterações");
    const rows = lines.slice(1, -1);
    const entries = await all("entity=recipient");
    expect(rows).toHaveLength(entries.length);
    // The deletion was moved to 2026-03-10T02:30Z by the period test: the oldest, the last row.
    expect(rows.at(-1)).toBe(`09/03/2026 23:30:00;${admin.username};Destinatário;Bruno Gerente;${entries.at(-1)!.entityId};Exclusão;Cargo: Gerente | E-mail: bruno@passo.test | Nome: Bruno Gerente`);
    expect(rows).toContain(`${rows.find((r) => r.includes(";Edição;"))!.split(";")[0]};${admin.username};Destinatário;Ana Souza;${recipientId};Edição;Nome: Ana Supervisora → Ana Souza`);
  });

  it("names the file with the filter's period", async () => {
    const res = await csv("?entity=recipient&from=2026-03-01&to=2026-03-31");
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="relatorio-de-alteracoes_2026-03-01_a_2026-03-31.csv"');
  });

  it("names the system and API keys, and keeps personal data masked", async () => {
    const body = (await csv()).body;
    expect(body).toContain(`;Sistema;Usuário;${store.username};`);
    expect(body).toContain(";Plataforma de e-commerce (chave de API);Lista de separação;");
    expect(body).toContain("CPF: ***.***.247-25");
    for (const secret of ["52998224725", "99876-5432", "maria.cliente@"]) expect(body).not.toContain(secret);
  });

  it("reads batch after batch without losing or repeating an entry written in the same instant", async () => {
    const count = CSV_BATCH * 2 + 7;
    await t.database.db.execute(sql`
      insert into audit_log (at, actor_id, actor_name, actor_role, entity, entity_id, action, changes)
      select '2025-01-01T12:00:00.123456Z', null, 'Sistema', null, 'deadlines', gen_random_uuid(), 'update',
             jsonb_build_object('overdueDays', jsonb_build_object('from', 15, 'to', g))
      from generate_series(1, ${count}) as g`);
    const rows = (await csv("?from=2025-01-01&to=2025-01-01")).body.slice(1).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.split(";")[4])).size).toBe(count);
    expect(rows[0]).toMatch(/^01\/01\/2025 09:00:00;Sistema;Prazos;;[0-9a-f-]{36};Edição;Prazo de retirada \(dias\): 15 → \d+$/);
    expect((await log("?from=2025-01-01&to=2025-01-01&pageSize=1")).total).toBe(count);
  });
});

describe("CSV export never carries a live formula", () => {
  it("writes a name that would start a formula with a leading '", async () => {
    await t.database.db.execute(sql`
      insert into audit_log (at, actor_id, actor_name, actor_role, entity, entity_id, action, changes)
      values ('2024-06-01T12:00:00Z', gen_random_uuid(), ${'=HYPERLINK("http://atacante.example";"x")'}, 'Administrador', 'deadlines', gen_random_uuid(), 'update',
              ${JSON.stringify({ overdueDays: { from: 15, to: 20 } })}::jsonb)`);
    const rows = (await csv("?from=2024-06-01&to=2024-06-01")).body.slice(1).split("\r\n").slice(1, -1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^01\/06\/2024 09:00:00;"'=HYPERLINK\(""http:\/\/atacante\.example"";""x""\)";Prazos;/);
  });
});

describe("who the user filter offers", () => {
  type Actor = { id: string; username: string; role: string; removed: boolean };
  const actors = async (): Promise<Actor[]> => (await ok("GET", "/audit/actors")).actors;

  it("lists today's users and API keys, then a deleted user and a revoked key by the names the log keeps", async () => {
    const before = await actors();
    expect(before).toContainEqual({ id: admin.id, username: admin.username, role: ADMIN, removed: false });
    expect(before).toContainEqual({ id: store.id, username: store.username, role: STORE, removed: false });
    expect(before).toContainEqual({ id: apiKey.id, username: "Plataforma de e-commerce", role: "Chave de API", removed: false });

    // A store that made a change, then was deleted; a key that made one, then was revoked.
    const leaving = await t.createStore("Loja Fechada");
    const { picklist } = await ok("POST", "/picklist/create", { destination: leaving.username, listItems: ["BOTA 40"] });
    await ok("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Em andamento" }, leaving.token);
    const key = await ok("POST", "/api-keys/create", { name: "Sistema antigo", scopes: ["picklists"] });
    await ok("POST", "/picklist/create", { destination: store.username, listItems: ["CHINELO 39"] }, key.key);
    await ok("DELETE", `/users/delete/${leaving.id}`);
    await ok("DELETE", `/api-keys/delete/${key.apiKey.id}`);

    const after = await actors();
    expect(after).toContainEqual({ id: leaving.id, username: leaving.username, role: STORE, removed: true });
    expect(after).toContainEqual({ id: key.apiKey.id, username: "Sistema antigo", role: "Chave de API", removed: true });
    expect(after.filter((a) => a.id === leaving.id)).toHaveLength(1);
    // The filter finds the deleted store's changes.
    expect((await all(`user=${leaving.id}`)).map((e) => e.action)).toContain("start");
    // Sorted by name as people read them.
    const names = after.map((a) => a.username);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "pt-BR")));
  });
});
