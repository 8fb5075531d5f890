import fc from "fast-check";
import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { drawnPng, pngDataUrl } from "../testing/signature.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE_PASSWORD, TINY_PDF as PDF, bearer, useTestApp } from "../testing/test-app.js";

/**
 * Every route the app registers, read from Fastify's own route tree, sent generated query strings,
 * headers and bodies (JSON, broken JSON, multipart with and without a boundary, truncated forms, other
 * content types), as the administrator, as a store, with a hostile or no Authorization header.
 * Whatever comes in: never a 5xx, never a stack trace, and every refusal (4xx) is JSON `{error}`.
 * hostile-input.test.ts goes deeper on the bodies of the writes (nothing half-written); this one is wide.
 */

const t = useTestApp();

/** Runs per route: every route × this many requests takes 10 to 30 s (most are refused early). */
const RUNS = 100;

/** The live-update stream never ends, so app.inject cannot read it: live.test.ts sends it hostile queries over HTTP. */
const NOT_INJECTABLE = new Set(["GET /api/events"]);

/** Every route Fastify knows, as [method, path], read from its route tree. */
function registeredRoutes(): [string, string][] {
  const routes: [string, string][] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim()).filter(Boolean)) routes.push([method, path]);
  }
  return routes.filter(
    ([method, path]) =>
      method !== "HEAD" &&
      /^\/(api\/|uploads\/|healthz$|readyz$|metrics$)/.test(path) &&
      !path.startsWith("/api/docs") &&
      !NOT_INJECTABLE.has(`${method} ${path}`),
  );
}

/** Dates no calendar screen sends: extended years, impossible days, instants at the edge of what Date holds. */
const HOSTILE_DATES = [
  "+275760-09-13", "-271821-04-20", "+275760-09-13T00:00:00.000Z", "+275760-09-12T23:59:59.999Z", "+010000-01-01",
  "-000001-01-01", "0000-01-01", "9999-12-31", "9999-12-31T23:59:59.999Z", "2026-02-30", "2026-13-01", "1e309",
  "2026-01-01T25:00:00Z", "2026-01-01T00:00:00+99:99", "Infinity", "8640000000000001", "0",
];

const HOSTILE_STRINGS = [
  "", " ", "\u0000", "\uFFFF", "\uD800", "a\uDC00b", "💥", "\u202Eevil", "%", "%ZZ", "%00", "%C0%AF", "'; DROP TABLE users; --",
  "<script>alert(1)</script>", "__proto__", "constructor", "NaN", "-1", "1e309", "0x10", "null", "[]", "{}", "x".repeat(5000),
  "00000000-0000-0000-0000-000000000000", "all", "Em andamento", "000000", "482915", "1234", "9876", "Loja Fuzz", ...HOSTILE_DATES,
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }));

const QUERY_KEYS = [
  "status", "status[]", "store", "from", "to", "pending", "search", "page", "pageSize", "token", "cursor", "limit", "entity",
  "action", "actor", "id", "type", "format", "since", "days", "__proto__", "constructor", "from[]", "to[]", "reference", "active", "by", "staffPin", "order", "open", "number",
];

const hostileQuery = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })), hostileString), { maxLength: 6 }).map((pairs) =>
    new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString(),
  ),
  fc.tuple(fc.constantFrom("from", "to", "pending"), fc.constantFrom(...HOSTILE_DATES)).map(([k, v]) => new URLSearchParams({ [k]: v }).toString()),
  // Percent-escapes that are not UTF-8, and a query that is nothing but separators.
  fc.constantFrom("from=%E0%A4%A", "search=%FF%FE", "status=%", "&&&==&", "a[b][c][d]=1", "page=1&page=2&page=x"),
);

/** Header values as a client can put them on the wire (visible ASCII and spaces, no line breaks). */
const headerValue = fc.oneof(
  fc.constantFrom("", " ", "x".repeat(4000), "null", "-1", "0", "*", "gzip;q=NaN", "br;q=2, *;q=-1", "bytes=0-1,5-", "W/\"x\"", "1e309"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
);

const HEADER_NAMES = [
  "accept", "accept-encoding", "accept-language", "if-none-match", "if-modified-since", "range", "x-request-id",
  "idempotency-key", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-host", "origin", "cookie", "last-event-id", "x-api-key",
];

const hostileHeaders = fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerValue, { maxKeys: 4 });

const authorization = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("admin", "store") },
  { weight: 1, arbitrary: fc.constantFrom("none", "Bearer", "Bearer ", "Bearer a.b.c", "Basic YTpi", "Bearer passo_x", "bearer  x") },
);

const BOUNDARY = "----fuzz";

/** A multipart form cut anywhere, or sent without its boundary, or with one that does not match the body. */
async function multipartVariants(): Promise<{ contentType: string; body: Buffer }[]> {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
  const res = new Response(form);
  const type = res.headers.get("content-type")!;
  const whole = Buffer.from(await res.arrayBuffer());
  const cuts = [1, 10, 40, 80, 120, whole.length - 30, whole.length - 8, whole.length - 1].map((n) => ({ contentType: type, body: whole.subarray(0, n) }));
  return [
    ...cuts,
    { contentType: "multipart/form-data", body: whole },
    { contentType: "multipart/form-data; boundary=", body: whole },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: whole },
    { contentType: `multipart/form-data; boundary="${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="invoiceFileName"; filename="a.pdf"\r\n\r\n%PDF-`) },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${BOUNDARY}--\r\n`) },
    { contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: Buffer.from(`--${BOUNDARY}--\r\n`) },
    { contentType: "multipart/mixed; boundary=x", body: whole },
    { contentType: "multipart/form-data; boundary=" + "b".repeat(300), body: whole },
  ];
}

let MULTIPART: { contentType: string; body: Buffer }[] = [];

/** Field names the API reads somewhere, so generated bodies reach real fields with wrong values. */
const FIELDS = [
  "id", "email", "password", "newPassword", "confirmNewPassword", "token", "username", "role", "name", "scopes", "destination", "listItems",
  "currentStatus", "sendDate", "pickupStoreName", "pickupStatus", "pickupType", "orderNumber", "trackingCode", "invoiceFileName", "invoiceXmlFileName",
  "orderItems", "customerFullName", "customerCPF", "customerPhone", "customerEmail", "scheduledPickupDate", "withdrawalCPF",
  "returnStatus", "returnItems", "transferNumber", "refusalReason", "store", "host", "port", "secure", "user", "pass",
  "description", "content", "reminderDays", "escalationDays", "overdueDays", "picklistStartHours", "number", "rows",
  "dryRun", "sku", "ean", "eans", "reference", "size", "color", "active", "items", "line", "lines", "code", "quantity",
  "signature", "requireSignature", "pin", "staffPin", "manager", "requireStaffPin",
  // A picking change made offline and replayed (PUT /api/picklist/update/{id}).
  "separate", "unseparate", "baseVersion", "baseStatus", "completedItems", "uncompletedItems", "numberTransfer", "timeCompleted",
];

/** The customer's signature as a confirmation may send it wrong: not base64, not a PNG, too big, a PNG declaring a huge image. */
const PNG_BOMB = (() => {
  const png = Buffer.from(drawnPng(20, 10));
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
})();
const SIGNATURES = [
  "data:image/png;base64,%%%",
  "data:image/png;base64,",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  `data:image/png;base64,${Buffer.from("GIF89a").toString("base64")}`,
  pngDataUrl(drawnPng().subarray(0, 50)),
  pngDataUrl(PNG_BOMB),
  pngDataUrl(drawnPng(3000, 5)),
  `data:image/png;base64,${"A".repeat(280_000)}`,
  pngDataUrl(drawnPng()),
];
const signatureBody = fc
  .record({ signature: fc.oneof(fc.constantFrom(...SIGNATURES), hostileString), withdrawalCPF: fc.constantFrom("52998224725", "x") })
  .map((v) => JSON.stringify({ pickupStatus: "Pedido retirado", ...v }));
const scalar = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const fieldValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 2 }));

const jsonBody = fc.oneof(
  signatureBody,
  fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 5 }).map((v) => JSON.stringify(v)),
  fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { minKeys: 1, maxKeys: 6 }).map((v) => JSON.stringify(v)),
  fc.constantFrom("{", "[1,", "{\"a\":}", "null", "\"\"", "{}", "[]", "1", "true", "{\"from\":\"+275760-09-13\"}", "{\"sendDate\":\"+275760-09-13\"}", "\"\\ud800\"", "{\"a\":\"\\udc00\"}"),
);

type Sent = { contentType?: string; body?: Buffer | string };

const body: fc.Arbitrary<Sent> = fc.oneof(
  { weight: 4, arbitrary: jsonBody.map((payload) => ({ contentType: "application/json", body: payload })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 1000 }).map((i) => MULTIPART[i % MULTIPART.length]!) },
  {
    weight: 1,
    arbitrary: fc.record({
      contentType: fc.constantFrom("application/json; charset=latin1", "application/json; charset=utf-16", "text/plain", "application/x-www-form-urlencoded", "application/xml", "", "*/*", "application/json;;;", "multipart/form-data; boundary=\"\""),
      body: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    }),
  },
  { weight: 1, arbitrary: fc.constant({}) },
);

const ids: Record<string, string> = {};
let store: { email: string; token: string };

/** The id a path parameter gets: an existing record, one nobody has, or something that is no id at all. */
const paramValue = fc.oneof(
  { weight: 3, arbitrary: fc.constant("existing") },
  { weight: 1, arbitrary: fc.constantFrom("00000000-0000-4000-8000-000000000000", "x", "%00", "..%2F..%2Fetc%2Fpasswd", "1e309", "-1", "%E0%A4%A", "a".repeat(300)) },
);

function urlOf(route: string, param: string): string {
  return route.replace(/:(\w+)/g, (_, name: string) => {
    if (param !== "existing") return param;
    if (name === "entity") return "pickup";
    if (name === "name") return ids.invoice ?? "x";
    const resource = route.split("/")[2]!;
    return ids[resource] ?? ids.pickup!;
  });
}

beforeAll(async () => {
  MULTIPART = await multipartVariants();
  store = await t.createStore("Loja Fuzz");
  ids.invoice = await t.uploadInvoice();
  const admin = bearer(t.adminToken);
  const created = await t.app.inject({
    method: "POST",
    url: "/api/picklist/create",
    headers: admin,
    payload: { destination: "Loja Fuzz", listItems: ["TENIS RUNNER 42 123456-7X"] },
  });
  ids.picklist = created.json().picklist.id;
  ids.pickup = ids.picklist;
  const product = { sku: "FUZZ-42", ean: "7891000315507", description: "Tênis Fuzz", size: "42" };
  await t.app.inject({ method: "POST", url: "/api/products/import", headers: admin, payload: { rows: [product] } });
  ids.products = product.sku;
  // A manager (PIN 1234) and a clerk of the store: the staff routes' records, and PINs a hostile body may hit.
  await t.app.inject({ method: "POST", url: "/api/staff/create", headers: admin, payload: { name: "Gerente Fuzz", store: "Loja Fuzz", pin: "1234", manager: true } });
  const clerk = await t.app.inject({ method: "POST", url: "/api/staff/create", headers: admin, payload: { name: "Atendente Fuzz", store: "Loja Fuzz", pin: "9876" } });
  ids.staff = clerk.json().staff.id;
});

const STACK_TRACE = /\bat .+\.(?:ts|js|mjs|cjs):\d+|node_modules|Error: /;

describe("every route, generated queries, headers and bodies", () => {
  it("never answers a 5xx; a refusal is JSON {error}", { timeout: 240_000 }, async () => {
    const routes = registeredRoutes();
    expect(routes.length).toBeGreaterThan(60);
    let tried = 0;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    for (const [method, route] of routes) {
      await fc.assert(
        fc.asyncProperty(hostileQuery, hostileHeaders, authorization, body, paramValue, async (query, headers, who, sent, param) => {
          tried++;
          // 'Sair' ends the token it is sent with: there, each try signs in afresh.
          const fresh = route === "/api/auth/logout";
          const adminToken = fresh && who === "admin" ? await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) : t.adminToken;
          const storeToken = fresh && who === "store" ? await t.login(store.email, STORE_PASSWORD) : store.token;
          const auth = who === "admin" ? bearer(adminToken) : who === "store" ? bearer(storeToken) : who === "none" ? {} : { authorization: who };
          const withBody = method !== "GET" && method !== "DELETE" ? sent : {};
          const res = await t.app.inject({
            method: method as "GET",
            url: `${urlOf(route, param)}${query ? `?${query}` : ""}`,
            headers: { ...headers, ...auth, ...(withBody.contentType !== undefined ? { "content-type": withBody.contentType } : {}) },
            ...(withBody.body !== undefined ? { payload: withBody.body } : {}),
          });
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          expect(res.statusCode, `${method} ${route}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(res.body).not.toMatch(STACK_TRACE);
          if (res.statusCode >= 400) {
            expect(String(res.headers["content-type"]), `${method} ${route} ${res.statusCode}`).toMatch(/^application\/json/);
            expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
          }
        }),
        { numRuns: RUNS },
      ).catch((err: unknown) => {
        failures.push(`${method} ${route}: ${err instanceof Error ? err.message.slice(0, 1500) : String(err)}`);
      });
    }
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThan(routes.length * RUNS * 0.9);
    // The generated requests get past the first checks too: some are served, some refused deep inside.
    expect([...statuses.keys()]).toEqual(expect.arrayContaining([200, 400, 401, 403, 404, 415]));
    console.info(`route fuzzer: ${routes.length} routes, ${tried} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  });
});

/** The lists, exports and dashboards that take a day or an instant in `from`/`to` (and the picking lists' `pending`). */
const DATE_FILTERS = [
  "/api/picklist/get", "/api/pickup/get", "/api/return/get", "/api/picklist/export", "/api/pickup/export", "/api/return/export",
  "/api/audit/get", "/api/audit/export", "/api/metrics/stores", "/api/metrics/daily", "/api/metrics/refusals",
  "/api/metrics/not-found-products", "/api/metrics/not-found-products/export", "/api/metrics/staff",
];

describe("dates no four-digit calendar writes, on every date filter", () => {
  for (const route of DATE_FILTERS) {
    it(`GET ${route}: an extended year or the edge of what a date holds is 400 {error}`, async () => {
      const keys = route === "/api/picklist/get" ? ["from", "to", "pending"] : ["from", "to"];
      // 'Por atendente' answers one store: the office names it.
      const store = route === "/api/metrics/staff" ? "&store=Loja%20Fuzz" : "";
      for (const key of keys) {
        // `pending` names the day whose start it compares with: 9999-12-31 starts within the calendar.
        const edge = key === "pending" ? [] : ["9999-12-31", "9999-12-31T23:59:59.999Z"];
        for (const value of ["+275760-09-13", "+275760-09-13T00:00:00.000Z", "-271821-04-20", "+010000-01-01T00:00:00Z", ...edge]) {
          const res = await t.app.inject({ method: "GET", url: `${route}?${new URLSearchParams({ [key]: value })}${store}`, headers: bearer(t.adminToken) });
          expect(res.statusCode, `${key}=${value}: ${res.body.slice(0, 200)}`).toBe(400);
          expect(res.json()).toEqual({ error: "Data inválida. Use AAAA-MM-DD." });
        }
      }
      const fine = await t.app.inject({ method: "GET", url: `${route}?from=2026-01-01&to=2026-12-31${store}`, headers: bearer(t.adminToken) });
      expect(fine.statusCode).toBe(200);
    });
  }
});

describe("a lone UTF-16 surrogate in a text", () => {
  it("is 400 {error} on every write that stores texts, and nothing is written; a whole pair (an emoji) is kept", async () => {
    const admin = { ...bearer(t.adminToken), "content-type": "application/json" };
    const writes: [string, string][] = [
      ["/api/picklist/create", `{"destination":"Loja Fuzz","listItems":["TENIS \\ud800 42"]}`],
      ["/api/picklist/create", `{"destination":"Loja Fuzz","listItems":["TENIS \\udc00"]}`],
      ["/api/recipients/create", `{"username":"Ana \\udbff","email":"ana.s@passo.test","role":"Gerente"}`],
      ["/api/return/create", `{"orderNumber":"PED0000000000077","customerFullName":"Maria \\ud83d","customerCPF":"52998224725","returnItems":["TENIS"]}`],
      ["/api/picklist/create", `{"destination":"Loja Fuzz","listItems":["TENIS"],"\\ud800":1}`],
    ];
    const count = async () => (await t.app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(t.adminToken) })).json().picklists.length as number;
    const before = await count();
    for (const [url, payload] of writes) {
      const res = await t.app.inject({ method: "POST", url, headers: admin, payload });
      expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect(await count()).toBe(before);
    const pair = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: admin, payload: `{"destination":"Loja Fuzz","listItems":["TENIS \\ud83d\\udca5 42"]}` });
    expect(pair.statusCode, pair.body).toBe(201);
  });
});
