import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, storeRules, picklists, pickups, users } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { alertRecipients, prepareAlert } from "./alerts.service.js";

const t = useTestApp();

const NOT_CONFIGURED = "Serviço de notificação não configurado. Configure-o em Configurações > Serviço de notificação.";
const PICKUP_OFF = "A notificação de retirada em loja está desativada para a loja Loja Centro. Ative-a em Configurações > Notificações.";

let store: { username: string; email: string };
let ruleId: string;

async function newPicklist(values: Partial<typeof picklists.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(picklists)
    .values({ destination: store.username, listItems: ["TENIS RUNNER 42 123456-7X", "BOTA COURO 38 654321-0Y"], ...values })
    .returning();
  return row!;
}

async function newPickup(values: Partial<typeof pickups.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(pickups)
    .values({
      pickupStoreName: store.username,
      scheduledPickupDate: new Date("2030-01-10T15:00:00Z"),
      pickupType: "Envio realizado via Correios",
      orderNumber: "1234567890123456",
      trackingCode: "AA123456789BR",
      invoiceFileName: "nfe.pdf",
      customerFullName: "Maria Cliente",
      customerCPF: "52998224725",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@cliente.test",
      orderItems: ["SANDALIA 37"],
      pickupStatus: "Em trânsito",
      ...values,
    })
    .returning();
  return row!;
}

/** The body the product's client sends: the whole record, unset timestamps as "". */
function asClientSends(record: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v === null ? "" : v instanceof Date ? v.toISOString() : v]));
}

function send(path: string, payload: unknown, token = t.adminToken) {
  return t.app.inject({ method: "POST", url: `/api/send-notification/${path}`, headers: bearer(token), payload: payload as object });
}

async function createRecipient(username: string, email: string, role: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/recipients/create", headers: bearer(t.adminToken), payload: { username, email, role } });
  expect(res.statusCode).toBe(201);
}

const queued = () => t.database.db.select().from(emailOutbox);

async function switchPickupNotification(on: boolean) {
  const res = await t.app.inject({ method: "PUT", url: `/api/notifications/update/${ruleId}`, headers: bearer(t.adminToken), payload: { notificationPickup: on } });
  expect(res.statusCode).toBe(200);
}

async function configureMail() {
  const [record] = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification;
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/service-notification/update/${record.id}`,
    headers: bearer(t.adminToken),
    payload: { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  const created = await t.createStore("Loja Centro");
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, created.id));
  store = { username: created.username, email: row!.email };
  await createRecipient("Ana Supervisora", "ana@passo.test", "Supervisor");
  await createRecipient("Bruno Gerente", "bruno@passo.test", "Gerente");
  await createRecipient("Carla Subgerente", "carla@passo.test", "Subgerente");
  const rule = await t.app.inject({
    method: "POST",
    url: "/api/notifications/create",
    headers: bearer(t.adminToken),
    payload: {
      store: store.username,
      supervisor: "Ana Supervisora",
      manager: "Bruno Gerente",
      assistantManager: "Carla Subgerente",
      notificationPicklist: true,
      notificationPickup: false,
    },
  });
  expect(rule.statusCode).toBe(201);
  ruleId = rule.json().notification.id;
});

// The stories run in order: mail is configured halfway through.
describe("before the mail service is configured", () => {
  it("refuses to notify and says where to configure it", async () => {
    const picklist = await newPicklist();
    const res = await send("picklist-alert", asClientSends(picklist));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: NOT_CONFIGURED });
  });
});

describe("which record a notification is about", () => {
  it("must be named by the body's id", async () => {
    const missing = await send("picklist-alert", { destination: store.username });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Informe a lista de separação a notificar." });
    const noBody = await t.app.inject({ method: "POST", url: "/api/send-notification/pickup-reminder", headers: bearer(t.adminToken) });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: "Informe a retirada a notificar." });
  });

  it("must exist, in the flow of the route", async () => {
    const pickup = await newPickup();
    for (const [path, id, error] of [
      ["picklist-alert", "00000000-0000-4000-8000-000000000000", "Lista de separação não encontrada."],
      ["picklist-alert", "nao-e-um-id", "Lista de separação não encontrada."],
      ["picklist-alert", pickup.id, "Lista de separação não encontrada."],
      ["pickup-alert", "00000000-0000-4000-8000-000000000000", "Retirada não encontrada."],
    ]) {
      const res = await send(path!, { id });
      expect(res.statusCode, `${path} ${id}`).toBe(404);
      expect(res.json()).toEqual({ error });
    }
  });

  it("must be in a state the kind of notification fits", async () => {
    const cases: [string, string, string][] = [
      ["picklist-reminder", (await newPicklist()).id, "Esta lista de separação ainda não foi iniciada: envie um alerta, não um lembrete."],
      ["picklist-alert", (await newPicklist({ currentStatus: "Em andamento" })).id, "Esta lista de separação já foi iniciada: envie um lembrete, não um alerta."],
      ["picklist-reminder", (await newPicklist({ currentStatus: "Concluído" })).id, "Esta lista de separação já foi finalizada: não há o que notificar."],
      ["picklist-reminder", (await newPicklist({ currentStatus: "Não concluído" })).id, "Esta lista de separação já foi finalizada: não há o que notificar."],
      ["pickup-reminder", (await newPickup()).id, "Esta retirada ainda está em trânsito: envie um alerta, não um lembrete."],
      ["pickup-alert", (await newPickup({ pickupStatus: "Aguardando retirada" })).id, "Esta retirada não está mais em trânsito: envie um lembrete, não um alerta."],
      ["pickup-reminder", (await newPickup({ pickupStatus: "Pedido retirado" })).id, "Este pedido já foi retirado: não há o que notificar."],
    ];
    for (const [path, id, error] of cases) {
      const res = await send(path, { id });
      expect(res.statusCode, error).toBe(409);
      expect(res.json()).toEqual({ error });
    }
  });
});

describe("once the mail service is configured", () => {
  beforeAll(configureMail);

  it("queues the e-mail for the store and the people its rule names, and says to whom", async () => {
    const picklist = await newPicklist();
    const alert = await send("picklist-alert", asClientSends(picklist));
    expect(alert.statusCode).toBe(202);
    const everyone = [store.email, "ana@passo.test", "bruno@passo.test", "carla@passo.test"];
    expect(alert.json()).toEqual({ message: `Notificação enfileirada para: ${everyone.join(", ")}`, recipients: everyone });
    const [row] = (await queued()).filter((r) => r.recordId === picklist.id);
    expect(row).toMatchObject({
      kind: "picklist-alert",
      to: everyone,
      subject: "Lista de separação aguardando início – Loja Centro",
      status: "pending",
      attempts: 0,
    });
    const inProgress = await newPicklist({ currentStatus: "Em andamento", timeStarted: new Date() });
    expect((await send("picklist-reminder", asClientSends(inProgress))).statusCode).toBe(202);
  });

  it("queues a new e-mail each time the administrator asks again", async () => {
    const picklist = await newPicklist();
    expect((await send("picklist-alert", { id: picklist.id })).statusCode).toBe(202);
    expect((await send("picklist-alert", { id: picklist.id })).statusCode).toBe(202);
    expect((await queued()).filter((r) => r.recordId === picklist.id)).toHaveLength(2);
  });

  it("queues nothing while the store's rule has the flow switched off", async () => {
    const pickup = await newPickup();
    const res = await send("pickup-alert", asClientSends(pickup));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PICKUP_OFF });
    expect((await queued()).filter((r) => r.recordId === pickup.id)).toEqual([]);

    await switchPickupNotification(true);
    expect((await send("pickup-alert", asClientSends(pickup))).statusCode).toBe(202);
    expect((await send("pickup-reminder", asClientSends(await newPickup({ pickupStatus: "Aguardando retirada" })))).statusCode).toBe(202);
  });

  it("takes the record from the database, not from the body", async () => {
    const picklist = await newPicklist();
    const res = await send("picklist-reminder", { ...asClientSends(picklist), currentStatus: "Em andamento" });
    expect(res.statusCode).toBe(409);
  });

  it("refuses when the store has no notification, or nobody its notification names is left", async () => {
    const orphan = await newPicklist({ destination: "Loja Fechada" });
    const res = await send("picklist-alert", { id: orphan.id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "A loja Loja Fechada não tem notificação configurada. Configure-a em Configurações > Notificações." });

    await t.database.db.insert(storeRules).values({ store: "Loja Fechada", supervisor: "Ninguém", manager: "Ninguém", notificationPicklist: true });
    const nobody = await send("picklist-alert", { id: orphan.id });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json()).toEqual({ error: "Ninguém a notificar: a loja Loja Fechada não tem usuário nem destinatários cadastrados." });
    expect((await queued()).filter((r) => r.recordId === orphan.id)).toEqual([]);
  });
});

describe("who is told", () => {
  it("is the store, its supervisor, manager and assistant manager, when the store's notification has the flow on", async () => {
    expect(await alertRecipients(t.database.db, "picklist", store.username)).toEqual([store.email, "ana@passo.test", "bruno@passo.test", "carla@passo.test"]);
    await switchPickupNotification(false);
    expect(await alertRecipients(t.database.db, "pickup", store.username)).toEqual([]);
    await switchPickupNotification(true);
  });

  it("is nobody twice, and nobody when the store has no notification", async () => {
    const other = await t.createStore("Loja Oeste");
    const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, other.id));
    expect(await alertRecipients(t.database.db, "pickup", other.username)).toEqual([]);
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/create",
      headers: bearer(t.adminToken),
      payload: { store: other.username, supervisor: "Ana Supervisora", manager: "Ana Supervisora", notificationPickup: true },
    });
    expect(await alertRecipients(t.database.db, "pickup", other.username)).toEqual([row!.email, "ana@passo.test"]);
  });
});

describe("the e-mail put together for a notification", () => {
  const context = { company: { name: "Calçados Teste", emailDomain: "passo.test" }, timezone: "America/Sao_Paulo" };

  it("fills the flow's template with the stored record, escaping its values", async () => {
    const picklist = await newPicklist({ listItems: ["<script>alert('x')</script>", "BOTA 38"], sendDate: new Date("2024-03-05T17:07:09Z") });
    const email = await prepareAlert(t.database.db, context, "picklist", "alert", picklist.id);
    expect(email.to).toEqual([store.email, "ana@passo.test", "bruno@passo.test", "carla@passo.test"]);
    expect(email.subject).toBe("Lista de separação aguardando início – Loja Centro");
    expect(email.html).toContain("<li>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</li><li>BOTA 38</li>");
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("Calçados Teste");
    expect(email.html).toMatch(/05\/03\/2024,? 14:07:09/);
  });

  it("names the list by its number, {{number}}, as the templates' examples show it", async () => {
    const templates = (await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) })).json().templateEmails;
    const alert = templates.find((x: { type: string; title: string }) => x.type === "Alerta" && x.title === "Lista de separação");
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/template-email/update/${alert.id}`,
      headers: bearer(t.adminToken),
      payload: { description: "Lista nº {{number}} aguardando início", content: "<p>Lista nº {{number}} – {{destination}}</p>" },
    });
    expect(edited.statusCode).toBe(200);
    const picklist = await newPicklist();
    const email = await prepareAlert(t.database.db, context, "picklist", "alert", picklist.id);
    expect(email.subject).toBe(`Lista nº ${picklist.number} aguardando início`);
    expect(email.html).toContain(`<p>Lista nº ${picklist.number} – Loja Centro</p>`);
    await t.app.inject({ method: "PUT", url: `/api/template-email/update/${alert.id}`, headers: bearer(t.adminToken), payload: { description: alert.description, content: alert.content } });
  });

  it("uses the template as the administrator edited it", async () => {
    const templates = (await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) })).json().templateEmails;
    const reminder = templates.find((x: { type: string; title: string }) => x.type === "Lembrete" && x.title === "Retirada em loja");
    await t.app.inject({
      method: "PUT",
      url: `/api/template-email/update/${reminder.id}`,
      headers: bearer(t.adminToken),
      payload: { description: "Pedido {{orderNumber}} na {{pickupStoreName}}", content: "<p>{{customerFullName}} {{customerCPF}} [{{customerPhone}}] [{{customerEmail}}]</p>" },
    });
    const pickup = await newPickup({ pickupStatus: "Aguardando retirada" });
    const email = await prepareAlert(t.database.db, context, "pickup", "reminder", pickup.id);
    expect(email.subject).toBe("Pedido 1234567890123456 na Loja Centro");
    // Stores see customers' data masked, and so do the e-mails sent to them.
    expect(email.html).toBe("<p>Maria Cliente ***.***.247-25 [] []</p>");
  });
});

describe("who may send notifications", () => {
  it("turns a store away with 403 and an anonymous caller with 401", async () => {
    const own = await t.createStore();
    for (const path of ["picklist-alert", "picklist-reminder", "pickup-alert", "pickup-reminder"]) {
      expect((await send(path, {}, own.token)).statusCode, path).toBe(403);
      const anonymous = await t.app.inject({ method: "POST", url: `/api/send-notification/${path}`, payload: {} });
      expect(anonymous.statusCode, path).toBe(401);
    }
  });
});
