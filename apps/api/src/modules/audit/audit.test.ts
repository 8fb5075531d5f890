import { todayIn } from "@passo/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, returns } from "../../db/schema/index.js";
import { ADMIN_EMAIL, STORE, STORE_PASSWORD, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const CUSTOMER_CPF = "52998224725";
const THIRD_PARTY_CPF = "11144477735";
const SMTP_PASSWORD = "SenhaDoServicoSmtp2026xyz";
const DAY = 24 * 60 * 60 * 1000;

type Entry = { id: string; at: string; actor: { id: string; username: string; role: string } | null; action: string; changes: Record<string, unknown> };

let admin: { id: string; username: string };
let storeA: { username: string; token: string; id: string };
let storeB: { username: string; token: string; id: string };
let counter = 0;

async function api(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = t.adminToken) {
  return t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function ok(method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = t.adminToken) {
  const res = await api(method, url, payload, token);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function history(entity: string, id: string): Promise<Entry[]> {
  const res = await api("GET", `/audit/${entity}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries;
}

const adminActor = () => ({ id: admin.id, username: admin.username, role: "Administrador" });
const storeActor = (store: { id: string; username: string }) => ({ id: store.id, username: store.username, role: STORE });

const uploadInvoice = () => t.uploadInvoice();

const orderNumber = () => `PED${String(++counter).padStart(13, "0")}`;

async function pickupForm(overrides: Record<string, unknown> = {}) {
  return {
    pickupStoreName: storeA.username,
    scheduledPickupDate: todayIn(t.config.timezone),
    pickupType: "Envio realizado via Correios",
    orderNumber: orderNumber(),
    trackingCode: "AA123456789BR",
    invoiceFileName: await uploadInvoice(),
    customerFullName: "Maria da Silva",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 99876-5432",
    customerEmail: "maria.cliente@example.com",
    authorizedThirdPartyPickup: true,
    authorizedThirdPartyFullName: "João Souza",
    authorizedThirdPartyCPF: "111.444.777-35",
    orderItems: ["TENIS RUNNER 42 123456-7X"],
    ...overrides,
  };
}

const returnForm = () => ({
  orderNumber: orderNumber(),
  customerFullName: "Maria da Silva",
  customerCPF: "529.982.247-25",
  customerPhone: "(41) 99876-5432",
  customerEmail: "maria.cliente@example.com",
  returnItems: ["TENIS RUNNER 42 123456-7X"],
});

async function allAuditRows(): Promise<string> {
  return JSON.stringify(await t.database.db.select().from(auditLog));
}

async function auditCount(): Promise<number> {
  return (await t.database.db.select().from(auditLog)).length;
}

beforeAll(async () => {
  const { users } = await ok("GET", "/users/get");
  const found = (users as { id: string; username: string; email: string }[]).find((u) => u.email === ADMIN_EMAIL)!;
  admin = { id: found.id, username: found.username };
  storeA = await t.createStore("Loja Auditada A");
  storeB = await t.createStore("Loja Auditada B");
  for (const [username, role] of [["Ana Supervisora", "Supervisor"], ["Bruno Gerente", "Gerente"]] as const) {
    await ok("POST", "/recipients/create", { username, email: `${username.split(" ")[0]!.toLowerCase()}@passo.test`, role });
  }
});

describe("reading a record's history", () => {
  it("is for administrators only", async () => {
    const res = await api("GET", `/audit/user/${storeA.id}`, undefined, storeA.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Você não tem permissão para realizar esta ação." });
    const anonymous = await t.app.inject({ method: "GET", url: `/api/audit/user/${storeA.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses an unknown kind of record with a Portuguese 400", async () => {
    const res = await api("GET", `/audit/cliente/${storeA.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Tipo de registro desconhecido\./);
  });

  it("answers an id with no history with an empty list, and a malformed id with 404", async () => {
    expect(await history("pickup", "7d1c1a8e-3b8f-4d0e-9a55-0b1c2d3e4f50")).toEqual([]);
    expect((await api("GET", "/audit/pickup/nao-e-um-id")).statusCode).toBe(404);
  });

  it("records a user made outside a request as made by the system", async () => {
    const entries = await history("user", storeA.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: null, action: "create", changes: { username: storeA.username, role: STORE } });
    expect(entries[0]!.changes).not.toHaveProperty("passwordHash");
    expect(Date.parse(entries[0]!.at)).not.toBeNaN();
  });
});

describe("picklists", () => {
  it("records creation, start and finish with who did each, oldest first", async () => {
    const { picklist } = await ok("POST", "/picklist/create", { destination: storeA.username, listItems: ["BOTA 38", "TENIS 40"] });
    await ok("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Em andamento" }, storeA.token);
    await ok("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Concluído", numberTransfer: "123456" }, storeA.token);

    const entries = await history("picklist", picklist.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "start", "finish"]);
    expect(entries[0]).toMatchObject({ actor: adminActor(), changes: { destination: storeA.username, listItems: ["BOTA 38", "TENIS 40"], currentStatus: "Não iniciado" } });
    expect(entries[1]).toMatchObject({ actor: storeActor(storeA), changes: { currentStatus: { from: "Não iniciado", to: "Em andamento" } } });
    expect(entries[1]!.changes.timeStarted).toMatchObject({ from: null, to: expect.any(String) });
    expect(entries[2]).toMatchObject({
      actor: storeActor(storeA),
      changes: { currentStatus: { from: "Em andamento", to: "Concluído" }, numberTransfer: { from: null, to: "123456" } },
    });
    const times = entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it("records nothing for a refused change: another store's list, a move the state forbids", async () => {
    const { picklist } = await ok("POST", "/picklist/create", { destination: storeA.username, listItems: ["BOTA 38"] });
    await ok("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Em andamento" }, storeA.token);
    const before = await auditCount();

    const foreign = await api("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Concluído", numberTransfer: "654321" }, storeB.token);
    expect(foreign.statusCode).toBe(404);
    const backwards = await api("PUT", `/picklist/update/${picklist.id}`, { currentStatus: "Não iniciado" }, storeA.token);
    expect(backwards.statusCode).toBe(409);

    expect(await auditCount()).toBe(before);
    expect((await history("picklist", picklist.id)).map((e) => e.action)).toEqual(["create", "start"]);
  });

  it("records an edit and a deletion", async () => {
    const { picklist } = await ok("POST", "/picklist/create", { destination: storeA.username, listItems: ["BOTA 38"] });
    await ok("PUT", `/picklist/update/${picklist.id}`, { destination: storeB.username });
    await ok("DELETE", `/picklist/delete/${picklist.id}`);
    const entries = await history("picklist", picklist.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(entries[1]!.changes.destination).toEqual({ from: storeA.username, to: storeB.username });
    expect(entries[2]).toMatchObject({ actor: adminActor(), changes: { destination: storeB.username, listItems: ["BOTA 38"] } });
  });
});

describe("pickups", () => {
  it("records creation and both confirmations, customers' personal data masked", async () => {
    const { pickup } = await ok("POST", "/pickup/create", await pickupForm());
    await ok("PUT", `/pickup/update/${pickup.id}`, { pickupStatus: "Aguardando retirada" }, storeA.token);
    const wrong = await api("PUT", `/pickup/update/${pickup.id}`, { pickupStatus: "Pedido retirado", withdrawalCPF: "98765432100" }, storeA.token);
    expect(wrong.statusCode).toBe(403);
    await ok("PUT", `/pickup/update/${pickup.id}`, { pickupStatus: "Pedido retirado", withdrawalCPF: "111.444.777-35" }, storeA.token);

    const entries = await history("pickup", pickup.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "confirm-receipt", "confirm-pickup"]);
    expect(entries[0]).toMatchObject({
      actor: adminActor(),
      changes: {
        pickupStatus: "Em trânsito",
        customerCPF: "***.***.247-25",
        authorizedThirdPartyCPF: "***.***.777-35",
        customerPhone: "(**) *****-5432",
        customerEmail: "m***@example.com",
        customerFullName: "Maria da Silva",
      },
    });
    expect(entries[1]).toMatchObject({ actor: storeActor(storeA), changes: { pickupStatus: { from: "Em trânsito", to: "Aguardando retirada" } } });
    expect(entries[2]).toMatchObject({ actor: storeActor(storeA), changes: { pickupStatus: { from: "Aguardando retirada", to: "Pedido retirado" } } });

    const stored = await allAuditRows();
    for (const secret of [CUSTOMER_CPF, THIRD_PARTY_CPF, "99876-5432", "maria.cliente@"]) expect(stored).not.toContain(secret);
  });

  it("records an administrator's edit field by field, and a deletion", async () => {
    const { pickup } = await ok("POST", "/pickup/create", await pickupForm({ authorizedThirdPartyPickup: false, authorizedThirdPartyFullName: null, authorizedThirdPartyCPF: null }));
    await ok("PUT", `/pickup/update/${pickup.id}`, { ...pickup, customerPhone: "(41) 91111-2222", trackingCode: "BB123456789BR" });
    await ok("DELETE", `/pickup/delete/${pickup.id}`);
    const entries = await history("pickup", pickup.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(entries[1]!.changes).toEqual({
      customerPhone: { from: "(**) *****-5432", to: "(**) *****-2222" },
      trackingCode: { from: "AA123456789BR", to: "BB123456789BR" },
    });
  });
});

describe("returns", () => {
  it("records creation, a store's acceptance and the completion", async () => {
    const created = (await ok("POST", "/return/create", returnForm())).return;
    const refused = await api("PUT", `/return/update/${created.id}`, { returnStatus: "Devolução concluída", transferNumber: "654321" }, storeA.token);
    expect(refused.statusCode).toBe(403);
    await ok("PUT", `/return/update/${created.id}`, { returnStatus: "Devolvido em loja física" }, storeA.token);
    await ok("PUT", `/return/update/${created.id}`, { returnStatus: "Devolução concluída", transferNumber: "112233" });

    const entries = await history("return", created.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "accept", "complete"]);
    expect(entries[0]).toMatchObject({ actor: adminActor(), changes: { returnStatus: "Devolução pendente", customerCPF: "***.***.247-25" } });
    expect(entries[1]).toMatchObject({
      actor: storeActor(storeA),
      changes: { returnStatus: { from: "Devolução pendente", to: "Devolvido em loja física" }, returnStore: { from: null, to: storeA.username } },
    });
    expect(entries[2]).toMatchObject({ actor: adminActor(), changes: { transferNumber: { from: null, to: "112233" } } });
  });

  it("records a refusal and an edit; an expired return's deletion is refused and leaves no entry", async () => {
    const refusedReturn = (await ok("POST", "/return/create", returnForm())).return;
    await ok("PUT", `/return/update/${refusedReturn.id}`, { returnStatus: "Devolução recusada", reasonForRefusal: "Produto sem a nota fiscal" }, storeB.token);
    expect((await history("return", refusedReturn.id)).map((e) => e.action)).toEqual(["create", "refuse"]);

    const edited = (await ok("POST", "/return/create", returnForm())).return;
    await ok("PUT", `/return/update/${edited.id}`, { returnItems: ["BOTA 38"] });
    await t.database.db.update(returns).set({ dateOfCreation: new Date(Date.now() - 31 * DAY) }).where(eq(returns.id, edited.id));
    await ok("PUT", `/return/update/${edited.id}`, { returnStatus: "Devolução expirada" });
    const before = await auditCount();
    expect((await api("DELETE", `/return/delete/${edited.id}`)).statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
    const entries = await history("return", edited.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "expire"]);
    expect(entries[1]!.changes).toEqual({ returnItems: { from: ["TENIS RUNNER 42 123456-7X"], to: ["BOTA 38"] } });
  });
});

describe("users", () => {
  it("records creation, edits, a password change and the deletion, never a password hash", async () => {
    const { user } = await ok("POST", "/users/create", { username: "Loja Temporária", email: "temporaria@passo.test", password: STORE_PASSWORD, role: STORE });
    await ok("PUT", `/users/update/${user.id}`, { email: "outra@passo.test", password: "outra-senha-forte" });
    const token = (await ok("POST", "/auth/login", { email: "outra@passo.test", password: "outra-senha-forte" })).token as string;
    await ok("PUT", `/users/change-password/${user.id}`, { password: "outra-senha-forte", newPassword: "mais-uma-senha", confirmNewPassword: "mais-uma-senha" }, token);
    await ok("DELETE", `/users/delete/${user.id}`);

    const entries = await history("user", user.id);
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "change-password", "delete"]);
    expect(entries[0]).toMatchObject({ actor: adminActor(), changes: { username: "Loja Temporária", email: "temporaria@passo.test", role: STORE } });
    expect(entries[1]!.changes).toEqual({ email: { from: "temporaria@passo.test", to: "outra@passo.test" }, password: { from: "(oculta)", to: "(alterada)" } });
    expect(entries[2]).toMatchObject({ actor: { id: user.id, username: "Loja Temporária" }, changes: { password: { from: "(oculta)", to: "(alterada)" } } });
    expect(entries[3]).toMatchObject({ actor: adminActor(), changes: { email: "outra@passo.test" } });

    const stored = await allAuditRows();
    expect(stored).not.toMatch(/\$argon2|\$2[aby]\$|scrypt|passwordHash|tokenVersion/);
    for (const password of [STORE_PASSWORD, "outra-senha-forte", "mais-uma-senha"]) expect(stored).not.toContain(password);
  });
});

describe("settings", () => {
  it("records recipients and notification rules, a rename carried into the rules", async () => {
    const { recipient } = await ok("POST", "/recipients/create", { username: "Carla Subgerente", email: "carla@passo.test", role: "Subgerente" });
    const { notification } = await ok("POST", "/notifications/create", {
      store: storeA.username,
      supervisor: "Ana Supervisora",
      manager: "Bruno Gerente",
      assistantManager: "Carla Subgerente",
      notificationPickup: true,
    });
    await ok("PUT", `/recipients/update/${recipient.id}`, { username: "Carla Souza" });
    await ok("PUT", `/notifications/update/${notification.id}`, { notificationReturn: true });
    await ok("DELETE", `/notifications/delete/${notification.id}`);
    await ok("DELETE", `/recipients/delete/${recipient.id}`);

    const recipientEntries = await history("recipient", recipient.id);
    expect(recipientEntries.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    expect(recipientEntries[1]).toMatchObject({ actor: adminActor(), changes: { username: { from: "Carla Subgerente", to: "Carla Souza" } } });

    const ruleEntries = await history("notification-rule", notification.id);
    expect(ruleEntries.map((e) => e.action)).toEqual(["create", "update", "update", "delete"]);
    expect(ruleEntries[0]!.changes).toMatchObject({ store: storeA.username, assistantManager: "Carla Subgerente", notificationPickup: true });
    expect(ruleEntries[1]!.changes).toEqual({ assistantManager: { from: "Carla Subgerente", to: "Carla Souza" } });
    expect(ruleEntries[2]!.changes).toEqual({ notificationReturn: { from: false, to: true } });
  });

  it("records an e-mail template's edit", async () => {
    const [template] = (await ok("GET", "/template-email/get")).templateEmails;
    await ok("PUT", `/template-email/update/${template.id}`, { ...template, description: "Assunto auditado" });
    const entries = await history("email-template", template.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor: adminActor(), action: "update", changes: { description: { from: template.description, to: "Assunto auditado" } } });
  });

  it("records the mail service's settings without ever storing its password", async () => {
    const [service] = (await ok("GET", "/service-notification/get")).serviceNotification;
    const settings = { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test" };
    await ok("PUT", `/service-notification/update/${service.id}`, { ...settings, pass: SMTP_PASSWORD });
    await ok("PUT", `/service-notification/update/${service.id}`, { ...settings, port: "465", secure: true });
    await ok("PUT", `/service-notification/update/${service.id}`, { ...settings, pass: `${SMTP_PASSWORD}Nova` });

    const entries = await history("service-notification", service.id);
    expect(entries.map((e) => e.action)).toEqual(["update", "update", "update"]);
    expect(entries[0]!.changes).toMatchObject({ host: { from: "", to: "smtp.passo.test" }, pass: { from: "(oculta)", to: "(alterada)" } });
    expect(entries[1]!.changes).toEqual({ port: { from: "587", to: "465" }, secure: { from: false, to: true } });
    expect(entries[2]!.changes).toMatchObject({ pass: { from: "(oculta)", to: "(alterada)" } });
    expect(await allAuditRows()).not.toContain(SMTP_PASSWORD);
  });
});
