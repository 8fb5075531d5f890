import { STORE, todayIn } from "@passo/domain";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../modules/users/users.service.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE_PASSWORD, TINY_PDF as PDF, bearer, useTestApp } from "../testing/test-app.js";
import { ACCESS_MATRIX, NOBODYS_CPF } from "../testing/access-matrix.js";
import { NFE_SAMPLE } from "../testing/nfe-sample.js";

const t = useTestApp();

const ADMIN_RUNS = 40;
const STORE_RUNS = 15;

/** Every write under /api, from the access matrix (which a test keeps in step with the registered routes). */
const WRITES = [...new Set(ACCESS_MATRIX.filter((r) => r.method !== "GET" && r.route.startsWith("/api/")).map((r) => `${r.method} ${r.route}`))];

/** Field names the API reads somewhere, so generated bodies hit real fields with wrong values. */
const FIELDS = [
  "id", "email", "password", "newPassword", "confirmNewPassword", "token", "username", "role",
  "destination", "listItems", "currentStatus", "previousDestinations", "sendDate",
  "pickupStoreName", "pickupStatus", "pickupType", "orderNumber", "trackingCode", "invoiceFileName", "orderItems",
  "customerFullName", "customerCPF", "customerPhone", "customerEmail", "scheduledPickupDate", "withdrawalCPF",
  "authorizedThirdPartyPickup", "authorizedThirdPartyFullName", "authorizedThirdPartyCPF",
  "returnStatus", "returnItems", "returnStore", "transferNumber", "refusalReason", "dateOfCreation",
  "store", "supervisor", "manager", "assistantManager", "notificationPicklist", "notificationPickup", "notificationReturn",
  "host", "port", "secure", "user", "pass", "type", "title", "description", "content",
  "reminderDays", "escalationDays", "overdueDays", "picklistStartHours", "name", "ticket",
];

const HOSTILE_STRINGS = [
  "", " ", "\u0000", "a\u0000b", "\uFFFF", "\uD800", "💥🧨", "ç̀̀̀̀", "\u202Eevil",
  "'; DROP TABLE users; --", "' OR '1'='1", "1; SELECT pg_sleep(5)", "$1", "%s%s%n",
  "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "{{constructor.constructor('return process')()}}",
  "../../../etc/passwd", "__proto__", "constructor", "prototype", "NaN", "-1", "1e309", "0x10", "null", "undefined",
  "2026-02-30", "9999-12-31T99:99:99Z", "00000000-0000-0000-0000-000000000000", "529.982.247-25", "x".repeat(70_000),
  "Em andamento", "Concluído", "Pedido retirado", "Devolução concluída", "Administrador",
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5000 }),
);
const hostileKey = fc.oneof(fc.constantFrom(...FIELDS, "__proto__", "constructor", "prototype"), fc.string({ maxLength: 12 }));

const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie("value"), { maxKeys: 5 }),
  ),
}));

/** Objects and arrays nested `depth` deep, written as text: too deep for JSON.stringify to build. */
function nested(depth: number): string {
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? "[" : '{"listItems":')).join("");
  const close = Array.from({ length: depth }, (_, i) => (i % 2 ? "]" : "}")).reverse().join("");
  return `${open}"fundo"${close}`;
}

/** A JSON text to send: objects over the real fields, other JSON types, and texts that are not JSON at all. */
const hostileBody = fc.oneof(
  fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { minKeys: 1, maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(...FIELDS).chain((k) => hostileValue.map((v) => `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${JSON.stringify(k)}:${JSON.stringify(v)}}`)),
  fc.array(hostileValue, { maxLength: 4 }).map((v) => JSON.stringify(v)),
  hostileValue.map((v) => JSON.stringify(v)),
  fc.constantFrom(nested(60), nested(5000), "{", "[1,", "{\"a\":}", "\u0000", "null", "\"\"", "{}"),
);

/** A body the route would accept, so one spoiled field is judged by the deeper rules, not the first one. */
function validBody(route: string): Record<string, unknown> {
  const pickup = {
    pickupStoreName: store.username,
    scheduledPickupDate: todayIn(t.config.timezone),
    pickupType: "Envio realizado via Correios",
    orderNumber: "PED0000000000009",
    trackingCode: "AA123456789BR",
    invoiceFileName: invoice,
    customerFullName: "Maria da Silva",
    customerCPF: "52998224725",
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    authorizedThirdPartyPickup: true,
    authorizedThirdPartyFullName: "João Souza",
    authorizedThirdPartyCPF: "111.444.777-35",
    orderItems: ["TENIS RUNNER 42 123456-7X"],
  };
  const bodies: Record<string, Record<string, unknown>> = {
    "/api/auth/login": { email: "alvo@passo.test", password: "senha-errada" },
    "/api/auth/validate-token": { token: "abc.def.ghi" },
    "/api/auth/verify-mfa": { mfaToken: "mfa.abc.def", code: "123456" },
    "/api/auth/mfa/enrol/setup": { mfaToken: "mfa.abc.def" },
    "/api/auth/mfa/enrol/enable": { mfaToken: "mfa.abc.def", code: "123456" },
    "/api/auth/mfa/enable": { code: "123456" },
    "/api/auth/mfa/disable": { password: "senha-errada" },
    "/api/settings/security": { requireAdminMfa: false },
    "/api/users/create": { username: "Loja Gerada", email: "gerada@passo.test", password: STORE_PASSWORD, role: STORE },
    "/api/users/update/:id": { email: "alvo@passo.test", role: STORE },
    "/api/users/change-password/:id": { password: "senha-errada", newPassword: "nova-senha-123", confirmNewPassword: "nova-senha-123" },
    "/api/recipients/create": { username: "Pessoa Gerada", email: "gerada@passo.test", role: "Gerente" },
    "/api/recipients/update/:id": { role: "Subgerente" },
    "/api/notifications/create": { store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente", assistantManager: "Carla Subgerente" },
    "/api/notifications/update/:id": { notificationPickup: false, manager: "Bruno Gerente" },
    "/api/template-email/update/:id": { description: "Assunto {{destination}}", content: "<p>{{destination}}</p>" },
    "/api/template-email/automatic/update/:id": { description: "Pedido {{orderNumber}}", content: "<p>{{daysWaiting}} dias</p>" },
    "/api/service-notification/update/:id": { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "SenhaDoServico2026abc" },
    "/api/picklist/create": { destination: store.username, listItems: ["TENIS RUNNER 42 123456-7X"] },
    "/api/picklist/update/:id": { currentStatus: "Em andamento", listItems: ["TENIS RUNNER 42 123456-7X"] },
    "/api/pickup/create": pickup,
    "/api/pickup/update/:id": { ...pickup, pickupStatus: "Aguardando retirada" },
    "/api/pickup/check-withdrawal/:id": { withdrawalCPF: "52998224725" },
    "/api/pickup/resend-ready/:id": {},
    "/api/return/create": { orderNumber: "PED0000000000010", customerFullName: "Maria", customerCPF: "52998224725", returnItems: ["TENIS RUNNER 42 123456-7X"] },
    "/api/deadlines/update": { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 },
    "/api/return/update/:id": { returnStatus: "Devolução recusada", refusalReason: "all", transferNumber: "123456" },
    "/api/uploads/ticket": { name: invoice },
    "/api/live/ticket": {},
    "/api/auth/logout": {},
  };
  return bodies[route] ?? { id: ids.picklist };
}

const spoiled = (route: string) =>
  fc
    .record({
      key: Object.keys(validBody(route)).length > 0 ? fc.oneof(fc.constantFrom(...Object.keys(validBody(route))), hostileKey) : hostileKey,
      value: hostileValue,
      drop: fc.boolean(),
    })
    .map(({ key, value, drop }) => {
      const body = { ...validBody(route) };
      if (drop && key in body) delete body[key];
      else Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      return JSON.stringify(body);
    });

type Table = { table: string; rows: number; hash: string };

let tables: string[] = [];

/** Row counts and a hash of every table's content: what a refused request must leave as it was. */
async function snapshot(): Promise<Table[]> {
  const query = tables
    .map((name) => `SELECT '${name}' AS "table", count(*)::int AS "rows", md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS "hash" FROM "${name}" x`)
    .join(" UNION ALL ");
  const result = await t.database.db.execute(sql.raw(query));
  return (result as unknown as { rows: Table[] }).rows;
}

const ids = {} as Record<"picklist" | "pickup" | "return" | "user" | "recipient" | "rule" | "template" | "automaticTemplate" | "service" | "outbox" | "storeUser", string>;
let store: { id: string; username: string; token: string; email: string };
let invoice: string;

async function api(method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(t.adminToken), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  const names = await t.database.db.execute(sql.raw("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1"));
  tables = (names as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
  const created = await t.createStore("Loja Hostil");
  const validated = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: created.token } });
  store = { ...created, email: validated.json().user.email };
  const form = new FormData();
  form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
  const multipart = new Response(form);
  const upload = await t.app.inject({
    method: "POST",
    url: "/api/uploads/nfe",
    headers: { ...bearer(t.adminToken), "content-type": multipart.headers.get("content-type")! },
    payload: Buffer.from(await multipart.arrayBuffer()),
  });
  invoice = upload.json().filename;
  ids.picklist = (await api("POST", "/api/picklist/create", { destination: store.username, listItems: ["TENIS RUNNER 42 123456-7X"] })).picklist.id;
  ids.pickup = (
    await api("POST", "/api/pickup/create", {
      pickupStoreName: store.username,
      scheduledPickupDate: todayIn(t.config.timezone),
      pickupType: "Envio realizado via Correios",
      orderNumber: "PED0000000000001",
      trackingCode: "AA123456789BR",
      invoiceFileName: invoice,
      customerFullName: "Maria da Silva",
      customerCPF: "52998224725",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      authorizedThirdPartyPickup: false,
      orderItems: ["TENIS RUNNER 42 123456-7X"],
    })
  ).pickup.id;
  ids.return = (
    await api("POST", "/api/return/create", {
      orderNumber: "PED0000000000002",
      customerFullName: "Maria da Silva",
      customerCPF: "111.444.777-35",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      returnItems: ["TENIS RUNNER 42 123456-7X"],
    })
  ).return.id;
  ids.user = (await createUser(t.database.db, { username: "Loja Alvo", email: "alvo@passo.test", password: STORE_PASSWORD, role: STORE })).id;
  for (const [username, role] of [["Ana Supervisora", "Supervisor"], ["Bruno Gerente", "Gerente"], ["Carla Subgerente", "Subgerente"]]) {
    const created = await api("POST", "/api/recipients/create", { username, email: `${username.split(" ")[0]!.toLowerCase()}@passo.test`, role });
    ids.recipient = created.recipient.id;
  }
  ids.rule = (
    await api("POST", "/api/notifications/create", {
      store: store.username,
      supervisor: "Ana Supervisora",
      manager: "Bruno Gerente",
      assistantManager: "Carla Subgerente",
    })
  ).notification.id;
  ids.template = (await api("GET", "/api/template-email/get")).templateEmails[0].id;
  ids.automaticTemplate = (await api("GET", "/api/template-email/automatic/get")).templateEmails[0].id;
  ids.service = (await api("GET", "/api/service-notification/get")).serviceNotification[0].id;
  ids.outbox = "00000000-0000-4000-8000-000000000000";
  ids.storeUser = store.id;
});

/** The URL a write is sent to: an existing record the caller may see, so the body is what gets judged. */
function urlOf(route: string): string {
  const resource = route.split("/")[2]!;
  const id = route.includes("/change-password/")
    ? ids.storeUser
    : route.includes("/template-email/automatic/")
      ? ids.automaticTemplate
      : ({
          users: ids.user,
          recipients: ids.recipient,
          notifications: ids.rule,
          "template-email": ids.template,
          "service-notification": ids.service,
          "notification-outbox": ids.outbox,
          picklist: ids.picklist,
          pickup: ids.pickup,
          return: ids.return,
        } as Record<string, string>)[resource];
  return route.replace(":id", id ?? "").replace(":cpf", NOBODYS_CPF);
}

const STACK_TRACE = /\bat .+\.(?:ts|js|mjs|cjs):\d+|node_modules|Error: /;

let tried = 0;
const statuses = new Map<number, number>();

describe(`generated hostile bodies against ${WRITES.length} write endpoints`, () => {
  for (const write of WRITES) {
    const [method, route] = write.split(" ") as ["POST" | "PUT" | "DELETE", string];
    for (const who of ["Administrador", "Loja"] as const) {
      it(`${write} as ${who}: never a 5xx or a stack trace; a refusal is {error} and writes nothing`, async () => {
        let token = who === "Administrador" ? t.adminToken : store.token;
        let before = await snapshot();
        await fc.assert(
          fc.asyncProperty(fc.oneof(hostileBody, spoiled(route)), async (body) => {
            tried++;
            // 'Sair' ends the token it is sent with: each try signs in afresh.
            if (route === "/api/auth/logout") {
              token = await t.login(who === "Administrador" ? ADMIN_EMAIL : store.email, who === "Administrador" ? ADMIN_PASSWORD : STORE_PASSWORD);
              before = await snapshot();
            }
            const res = await t.app.inject({
              method,
              url: urlOf(route),
              headers: { ...bearer(token), "content-type": "application/json" },
              payload: body,
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
            expect(res.body).not.toMatch(STACK_TRACE);
            const after = await snapshot();
            if (res.statusCode >= 400) {
              expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
              expect(after).toEqual(before);
            }
            before = after;
          }),
          { numRuns: who === "Administrador" ? ADMIN_RUNS : STORE_RUNS },
        );
      });
    }
  }

  /** XML bodies: the sample NF-e cut, spliced with hostile text, or wrapped in entity bombs, external entities and deep nesting. */
  const lol = ['<!ENTITY a "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY ${"bcdefghij"[i]} "${`&${"abcdefghij"[i]};`.repeat(10)}">`)].join("");
  const hostileXml = fc.oneof(
    fc.constantFrom(
      NFE_SAMPLE,
      `<?xml version="1.0"?><!DOCTYPE nfeProc [${lol}]><nfeProc>&j;</nfeProc>`,
      `<!DOCTYPE nfeProc [<!ENTITY x SYSTEM "file:///etc/passwd">]><nfeProc><NFe><infNFe versao="4.00">&x;</infNFe></NFe></nfeProc>`,
      `${"<a>".repeat(50_000)}${"</a>".repeat(50_000)}`,
      `<nfeProc>${"<x>a</x>".repeat(140_000)}</nfeProc>`,
      NFE_SAMPLE.replace("<infCpl>", `<infCpl>${"&amp;".repeat(250_000)}`),
    ),
    fc
      .tuple(fc.nat(NFE_SAMPLE.length), fc.nat(NFE_SAMPLE.length), hostileString)
      .map(([a, b, text]) => `${NFE_SAMPLE.slice(0, Math.min(a, b))}${text}${NFE_SAMPLE.slice(Math.max(a, b))}`),
    fc.tuple(fc.nat(NFE_SAMPLE.length), fc.constantFrom("<", ">", "&", "<!", "<![CDATA[", "<!--", '"', "\u0000", "</NFe>", "<det>")).map(([at, text]) => `${NFE_SAMPLE.slice(0, at)}${text}${NFE_SAMPLE.slice(at)}`),
  );

  it("POST /api/uploads/nfe with generated multipart forms: never a 5xx; a refusal is {error} and stores nothing", async () => {
    const part = fc.record({
      field: fc.constantFrom("invoiceFileName", "file", "__proto__", ""),
      filename: hostileString.map((name) => name.slice(0, 500)),
      type: fc.constantFrom("application/pdf", "text/html", "application/octet-stream", ""),
      content: fc.oneof(
        fc.uint8Array({ maxLength: 3000 }),
        fc.uint8Array({ maxLength: 3000 }).map((bytes) => new Uint8Array([...PDF.slice(0, 5), ...bytes])),
        hostileXml.map((text) => new TextEncoder().encode(text)),
      ),
    });
    let before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 0, maxLength: 3 }), fc.boolean(), async (parts, asStore) => {
        tried++;
        const form = new FormData();
        for (const p of parts) form.append(p.field, new Blob([p.content], p.type ? { type: p.type } : {}), p.filename);
        const body = new Response(form);
        const res = await t.app.inject({
          method: "POST",
          url: "/api/uploads/nfe",
          headers: { ...bearer(asStore ? store.token : t.adminToken), "content-type": body.headers.get("content-type")! },
          payload: Buffer.from(await body.arrayBuffer()),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
        expect(res.body).not.toMatch(STACK_TRACE);
        const after = await snapshot();
        if (res.statusCode >= 400) {
          expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
          expect(after).toEqual(before);
        }
        before = after;
      }),
      { numRuns: ADMIN_RUNS },
    );
  });

  const QUERY_KEYS = ["status", "status[]", "store", "from", "to", "search", "page", "pageSize", "token", "__proto__", "constructor"];
  const hostileQuery = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), hostileString), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 2000)])).toString());
  // The live-update stream never ends, so app.inject cannot read it: live.test.ts sends it hostile queries over HTTP.
  const STREAMS = new Set(["/api/events"]);
  const READS = [...new Set(ACCESS_MATRIX.filter((r) => r.method === "GET" && r.route.startsWith("/api/") && !STREAMS.has(r.route)).map((r) => r.route))];

  for (const route of READS) {
    it(`GET ${route} with generated query strings: never a 5xx, a refusal is {error}`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileQuery, fc.boolean(), async (query, asStore) => {
          tried++;
          const url = route.replace(":id", ids[route.split("/")[2] as "picklist" | "pickup" | "return"] ?? "").replace(":cpf", NOBODYS_CPF);
          const res = await t.app.inject({ method: "GET", url: `${url}?${query}`, headers: bearer(asStore ? store.token : t.adminToken) });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
          expect(res.body).not.toMatch(STACK_TRACE);
          if (res.statusCode >= 400) expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
        }),
        { numRuns: 25 },
      );
    });
  }

  it("GET /uploads/{name} and /api/events with generated ?ticket= (and ?token=) values and no header: always 401 {error}", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom("ticket", "token", "ticket[]", "__proto__"), hostileString), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(`/uploads/${invoice}`, "/api/events"),
        async (pairs, path) => {
          tried++;
          const query = new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 2000)])).toString();
          const res = await t.app.inject({ method: "GET", url: `${path}?${query}` });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect([400, 401], res.body.slice(0, 300)).toContain(res.statusCode);
          expect(res.body).not.toMatch(STACK_TRACE);
          expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
        },
      ),
      { numRuns: ADMIN_RUNS },
    );
  });

  it("tried the generated bodies", () => {
    expect(tried).toBeGreaterThanOrEqual(WRITES.length * (ADMIN_RUNS + STORE_RUNS));
    // Some spoiled bodies still pass and some fail deep rules: the generator reaches past the first check.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 403, 404, 409]));
    console.info(`hostile input: ${tried} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  });
});
