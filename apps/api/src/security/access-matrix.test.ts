import { randomUUID } from "node:crypto";
import { API_KEY_SCOPES, CPF_CHECK_MAX_FAILURES, STORE, SUPERVISOR, completeCpf, todayIn, withCheckDigit } from "@passo/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, pickups } from "../db/schema/index.js";
import { enqueueEmail } from "../records/outbox.js";
import { drawnPng, pngDataUrl } from "../testing/signature.js";
import { createUser } from "../modules/users/users.service.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE_PASSWORD, TINY_PDF as PDF, bearer, useTestApp } from "../testing/test-app.js";
import { ACCESS_MATRIX, ROLES, expectedStatus, type Role, type Row, type Seed, type Target } from "../testing/access-matrix.js";
import { nfeXmlUpload } from "../testing/nfe-sample.js";

const t = useTestApp();

const CUSTOMER_CPF = "52998224725";
const MASKED = /^\*\*\*\.\*\*\*\.\d{3}-\d{2}$/;

/** Each store's manager PIN: a store's staff calls carry its own. */
const MANAGER_PINS = { A: "4711", B: "4712" } as const;
const stores = {} as Record<"A" | "B", { id: string; username: string; email: string; token: string }>;
/** The Supervisor of Loja A: Loja A's rule names, as supervisor, the recipient with its e-mail. */
const SUPERVISOR_EMAIL = "sofia.supervisora@passo.test";
const SUPERVISOR_RECIPIENT = "Sofia Supervisora";
const tokens = {} as Record<Role, string | undefined>;
let counter = 0;
const next = () => ++counter;

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = t.adminToken) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function pdfUpload() {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
  const body = new Response(form);
  return { payload: Buffer.from(await body.arrayBuffer()), headers: { "content-type": body.headers.get("content-type")! } };
}

/** A valid CPF, different on every call. */
function newCpf(): string {
  return completeCpf(String(223456000 + next() * 7919).padStart(9, "0").slice(-9));
}

const orderNumber = () => `PED${String(next()).padStart(13, "0")}`;

const seed: Seed = {
  store: (owner) => stores[owner],
  guessedId: randomUUID(),
  guessedInvoice: `${randomUUID()}.pdf`,
  customerCPF: CUSTOMER_CPF,
  pdfUpload,
  xmlUpload: () => nfeXmlUpload(),
  token: (role) => tokens[role],
  async freshToken(role) {
    if (role === "anonymous") return undefined;
    if (role === "Chave de API") return tokens[role];
    if (role === "Administrador") return t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    if (role === "Supervisor") return t.login(SUPERVISOR_EMAIL, STORE_PASSWORD);
    return t.login(stores[role === "Loja A" ? "A" : "B"].email, STORE_PASSWORD);
  },
  async picklist(owner, status = "Não iniciado") {
    const { picklist } = await api("POST", "/api/picklist/create", { destination: stores[owner].username, listItems: ["TENIS RUNNER 42 123456-7X"] });
    if (status === "Em andamento") await api("PUT", `/api/picklist/update/${picklist.id}`, { currentStatus: "Em andamento" });
    return picklist;
  },
  async pickupForm() {
    const upload = await pdfUpload();
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(t.adminToken), ...upload.headers }, payload: upload.payload });
    return {
      pickupStoreName: stores.A.username,
      scheduledPickupDate: todayIn(t.config.timezone),
      pickupType: "Envio realizado via Correios",
      orderNumber: orderNumber(),
      trackingCode: "AA123456789BR",
      invoiceFileName: res.json().filename,
      customerFullName: "Maria da Silva",
      customerCPF: CUSTOMER_CPF,
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      authorizedThirdPartyPickup: false,
      orderItems: ["TENIS RUNNER 42 123456-7X"],
    };
  },
  async pickupFormWithXml() {
    const upload = await nfeXmlUpload();
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(t.adminToken), ...upload.headers }, payload: upload.payload });
    return { ...(await seed.pickupForm()), invoiceXmlFileName: res.json().filename };
  },
  async pickupWithXml(owner) {
    const { pickup } = await api("POST", "/api/pickup/create", { ...(await seed.pickupFormWithXml()), pickupStoreName: stores[owner].username });
    return pickup;
  },
  async pickup(owner, status = "Em trânsito") {
    const { pickup } = await api("POST", "/api/pickup/create", { ...(await seed.pickupForm()), pickupStoreName: stores[owner].username });
    if (status === "Aguardando retirada") await api("PUT", `/api/pickup/update/${pickup.id}`, { pickupStatus: "Aguardando retirada" });
    return pickup;
  },
  async signedPickup(owner) {
    const pickup = await seed.pickup(owner, "Aguardando retirada");
    const signature = pngDataUrl(drawnPng());
    const { pickup: signed } = await api("PUT", `/api/pickup/update/${pickup.id}`, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF, signature }, await t.login(stores[owner].email, STORE_PASSWORD));
    return signed;
  },
  async cpfBlockedPickup(owner) {
    const pickup = await seed.pickup(owner, "Aguardando retirada");
    await t.database.db.update(pickups).set({ cpfCheckFailures: CPF_CHECK_MAX_FAILURES }).where(eq(pickups.id, pickup.id));
    return pickup;
  },
  returnForm: () => ({
    orderNumber: orderNumber(),
    customerFullName: "Maria da Silva",
    customerCPF: newCpf(),
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    returnItems: ["TENIS RUNNER 42 123456-7X"],
  }),
  async pendingReturn() {
    return (await api("POST", "/api/return/create", seed.returnForm())).return;
  },
  async returnReceivedBy(owner) {
    const created = await seed.pendingReturn();
    const role: Role = owner === "A" ? "Loja A" : "Loja B";
    await api("PUT", `/api/return/update/${created.id}`, { returnStatus: "Devolvido em loja física" }, tokens[role]);
    return created;
  },
  async ruleForm() {
    const username = `Loja Regra ${next()}`;
    await createUser(t.database.db, { username, email: `regra.${counter}@passo.test`, password: STORE_PASSWORD, role: STORE });
    return { store: username, supervisor: "Ana Supervisora", manager: "Bruno Gerente", assistantManager: "Carla Subgerente" };
  },
  async rule(owner) {
    const { notifications } = await api("GET", "/api/notifications/get");
    const existing = (notifications as { id: string; store: string }[]).find((n) => n.store === stores[owner].username);
    if (existing) return existing;
    // Loja A's rule names the Supervisor's recipient; Loja B's names others only.
    const form = { ...(await seed.ruleForm()), store: stores[owner].username, ...(owner === "A" ? { supervisor: SUPERVISOR_RECIPIENT } : {}) };
    return (await api("POST", "/api/notifications/create", form)).notification;
  },
  userForm: () => ({ username: `Loja Nova ${next()}`, email: `nova.${counter}@passo.test`, password: STORE_PASSWORD, role: STORE }),
  async user() {
    return createUser(t.database.db, seed.userForm() as Parameters<typeof createUser>[1]);
  },
  recipientForm: () => ({ username: `Pessoa ${next()}`, email: `pessoa.${counter}@passo.test`, role: "Supervisor" }),
  async recipient() {
    return (await api("POST", "/api/recipients/create", seed.recipientForm())).recipient;
  },
  async template() {
    return (await api("GET", "/api/template-email/get")).templateEmails[0];
  },
  async automaticTemplate() {
    return (await api("GET", "/api/template-email/automatic/get")).templateEmails[0];
  },
  async apiKey() {
    return (await api("POST", "/api/api-keys/create", { name: `Matriz ${next()}`, scopes: ["returns"] })).apiKey;
  },
  async product() {
    const sku = `MATRIZ${next()}`;
    const ean = withCheckDigit(`789${String(counter).padStart(9, "0")}`);
    await api("POST", "/api/products/import", { rows: [{ sku, ean, description: "Tênis Matriz" }] });
    return { sku, ean };
  },
  async staffMember(owner) {
    return (await api("POST", "/api/staff/create", { name: `Atendente ${next()}`, store: stores[owner].username, pin: String(200000 + next()) })).staff;
  },
  managerPin: (role) => (role === "Loja A" ? MANAGER_PINS.A : role === "Loja B" ? MANAGER_PINS.B : undefined),
  async mailServer() {
    return (await api("GET", "/api/service-notification/get")).serviceNotification[0];
  },
  async failedOutboxEntry() {
    const eventKey = `matriz-${next()}`;
    await enqueueEmail(t.database.db, { eventKey, kind: "picklist-alert", recordId: randomUUID(), to: ["a@passo.test"], subject: "s", html: "<p>h</p>" });
    const [row] = await t.database.db.update(emailOutbox).set({ status: "failed" }).where(eq(emailOutbox.eventKey, eventKey)).returning();
    return row!;
  },
};

beforeAll(async () => {
  for (const [key, name] of [["A", "Loja Matriz A"], ["B", "Loja Matriz B"]] as const) {
    const email = `matriz.${key.toLowerCase()}@passo.test`;
    const user = await createUser(t.database.db, { username: name, email, password: STORE_PASSWORD, role: STORE });
    stores[key] = { id: user.id, username: name, email, token: await t.login(email, STORE_PASSWORD) };
  }
  for (const key of ["A", "B"] as const) {
    await api("POST", "/api/staff/create", { name: `Gerente ${key}`, store: stores[key].username, pin: MANAGER_PINS[key], manager: true });
  }
  tokens.anonymous = undefined;
  tokens["Loja A"] = stores.A.token;
  tokens["Loja B"] = stores.B.token;
  tokens.Administrador = t.adminToken;
  tokens["Chave de API"] = (await api("POST", "/api/api-keys/create", { name: "Matriz: todos os acessos", scopes: [...API_KEY_SCOPES] })).key;
  for (const [username, role] of [["Ana Supervisora", "Supervisor"], ["Bruno Gerente", "Gerente"], ["Carla Subgerente", "Subgerente"]]) {
    await api("POST", "/api/recipients/create", { username, email: `${username.split(" ")[0]!.toLowerCase()}@passo.test`, role });
  }
  await api("POST", "/api/recipients/create", { username: SUPERVISOR_RECIPIENT, email: SUPERVISOR_EMAIL, role: "Supervisor" });
  await createUser(t.database.db, { username: "Sofia (supervisora)", email: SUPERVISOR_EMAIL, password: STORE_PASSWORD, role: SUPERVISOR });
  await seed.rule("A");
  tokens.Supervisor = await t.login(SUPERVISOR_EMAIL, STORE_PASSWORD);
});

/** What a store (a Supervisor) must never be served: another store's (one not its own) record, a CPF in full, a customer's phone or e-mail, a pickup code. */
function leaks(row: Row, role: Role, body: Record<string, unknown>): string[] {
  if (!row.reads || (role !== "Loja A" && role !== "Loja B" && role !== "Supervisor")) return [];
  const own = role === "Loja B" ? stores.B.username : stores.A.username;
  const ownerField = { picklists: "destination", pickups: "pickupStoreName", returns: "returnStore" }[row.reads];
  const records = (Array.isArray(body[row.reads]) ? body[row.reads] : [Object.values(body).find((v) => v && typeof v === "object") ?? body]) as Record<string, unknown>[];
  const problems: string[] = records.length === 0 ? ["none of its own records served"] : [];
  for (const record of records) {
    if (record[ownerField] !== own) problems.push(`${ownerField} ${String(record[ownerField])}`);
    for (const key of ["customerCPF", "authorizedThirdPartyCPF"]) {
      const cpf = record[key];
      if (typeof cpf === "string" && cpf !== "" && !MASKED.test(cpf)) problems.push(`${key} ${cpf}`);
    }
    for (const key of ["customerPhone", "customerEmail", "pickupCode"]) if (key in record) problems.push(`${key} served`);
  }
  return problems;
}

const cells = ACCESS_MATRIX.flatMap((row) =>
  ROLES.flatMap((role) => (row.targets.length === 0 ? [{ row, role, target: undefined }] : row.targets.map((target: Target) => ({ row, role, target })))),
);

const targetLabel = (target: Target | undefined) =>
  target === undefined ? "" : target === "guessed" ? " × a guessed id" : target === "record" ? " × a record" : ` × Loja ${target}'s record`;

describe(`access matrix: ${ACCESS_MATRIX.length} rows, ${cells.length} cells`, () => {
  for (const [index, { row, role, target }] of cells.entries()) {
    const status = expectedStatus(row, role, target);
    // Each cell from an address of its own: the sign-in throttle, per account and address, would let the
    // login row's wrong passwords hold up the change-password cells after them (a matter of timing).
    // `/metrics` without METRICS_TOKEN answers this machine alone: its cells come from loopback.
    const remoteAddress = row.route === "/metrics" ? "127.0.0.1" : `10.0.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    it(`${row.method} ${row.route}${row.rule ? ` (${row.rule})` : ""}: ${role}${targetLabel(target)} → ${status}`, async () => {
      // An administrator's cell may have deleted Loja A's rule (DELETE /api/notifications/delete): the Supervisor's is back.
      if (role === "Supervisor") await seed.rule("A");
      const request = await row.request(seed, target ?? "record", role);
      const token = tokens[role];
      const res = await t.app.inject({
        method: row.method,
        url: request.url,
        headers: { ...(token ? bearer(token) : {}), ...request.headers },
        ...(request.payload ? { payload: request.payload } : {}),
        remoteAddress,
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
      if (status >= 400) expect(res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
      if (status === 200 && row.method === "GET" && String(res.headers["content-type"]).includes("json")) expect(leaks(row, role, res.json())).toEqual([]);
      if (row.route === "/api/users/change-password/:id" && res.statusCode === 200) tokens[role] = res.json().token;
    });
  }
});

/** Every route Fastify knows, as "METHOD /path", read from its route tree. */
function registeredRoutes(): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join("");
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim()).filter(Boolean)) routes.push(`${method} ${path}`);
  }
  return routes;
}

describe("the access matrix", () => {
  it("has a row for every route under /api, for the invoice files and for the operations routes", () => {
    const covered = new Set(ACCESS_MATRIX.map((row) => `${row.method} ${row.route}`));
    const routes = registeredRoutes().filter(
      (route) => /^(GET|POST|PUT|DELETE|PATCH) \/(api\/|uploads\/|healthz$|readyz$|metrics$)/.test(route) && !route.includes("/api/docs"),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
  });

  it(`asserted ${cells.length} cells`, () => {
    expect(cells.length).toBeGreaterThan(200);
  });
});
