import { DAY_MS, todayIn } from "@passo/domain";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromPostgres, type Db } from "../db/client.js";
import { emailOutbox } from "../db/schema/index.js";
import { startMailCatcher, type MailCatcher } from "../testing/mail-catcher.js";
import { pickupsKit } from "../testing/pickups.js";
import { bearer, useTestApp } from "../testing/test-app.js";
import { renderContext } from "../modules/email-templates/email-templates.service.js";
import { configuredSmtpSettings } from "../modules/mail-server/mail-server.service.js";
import { createDeadlineScheduler, runDeadlineCheck } from "./deadline-scheduler.js";
import { createEmailOutboxWorker } from "./email-outbox-worker.js";

const t = useTestApp();

const CUSTOMER_EMAIL = "maria@cliente.test";
const SUPERVISOR = "ana.supervisora@passo.test";
const MANAGER = "bruno.gerente@passo.test";
const ASSISTANT = "carla.subgerente@passo.test";
const SMTP_SETTINGS = { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" };

let store: { username: string; token: string };
let quietStore: { username: string; token: string };
let invoice: string;
let storeEmail: string;

const kit = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));

const check = (at: Date, db: Db = t.database.db) => runDeadlineCheck(db, renderContext(t.config), at);

async function waitingPickup(overrides: Record<string, unknown> = {}) {
  const pickup = await kit.createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001", customerEmail: CUSTOMER_EMAIL, ...overrides });
  expect(pickup.waitingSince).toEqual(expect.any(String));
  return pickup as { id: string; orderNumber: string; waitingSince: string };
}

/** `days` whole days (and a minute) after the pickup started waiting. */
const after = (pickup: { waitingSince: string }, days: number) => new Date(Date.parse(pickup.waitingSince) + days * DAY_MS + 60_000);

async function outboxFor(recordId: string) {
  return t.database.db
    .select({ kind: emailOutbox.kind, to: emailOutbox.to, subject: emailOutbox.subject, eventKey: emailOutbox.eventKey })
    .from(emailOutbox)
    .where(eq(emailOutbox.recordId, recordId))
    .orderBy(emailOutbox.createdAt);
}

const AUTOMATIC = ["pickup-customer-reminder", "pickup-escalation", "picklist-start-reminder"];
const automatic = async (recordId: string) => (await outboxFor(recordId)).filter((e) => AUTOMATIC.includes(e.kind));

beforeAll(async () => {
  store = await t.createStore("Loja Centro");
  quietStore = await t.createStore("Loja Sem Regra");
  invoice = await t.uploadInvoice();
  const users = await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) });
  storeEmail = users.json().users.find((u: { username: string }) => u.username === "Loja Centro").email;
  for (const [username, email, role] of [
    ["Ana Supervisora", SUPERVISOR, "Supervisor"],
    ["Bruno Gerente", MANAGER, "Gerente"],
    ["Carla Subgerente", ASSISTANT, "Subgerente"],
  ]) {
    const res = await t.app.inject({ method: "POST", url: "/api/recipients/create", headers: bearer(t.adminToken), payload: { username, email, role } });
    expect(res.statusCode).toBe(201);
  }
  const rule = await t.app.inject({
    method: "POST",
    url: "/api/notifications/create",
    headers: bearer(t.adminToken),
    payload: { store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente", assistantManager: "Carla Subgerente", notificationPickup: true, notificationPicklist: true },
  });
  expect(rule.statusCode).toBe(201);
});

describe("the deadline check", () => {
  it("reminds the customer on each reminder day, never twice, and escalates to exactly the rule's recipients", async () => {
    const pickup = await waitingPickup();
    expect(await check(after(pickup, 2))).toMatchObject({ reminders: 0, escalations: 0 });
    expect(await automatic(pickup.id)).toEqual([]);

    await check(after(pickup, 3));
    await check(after(pickup, 3.5));
    expect(await automatic(pickup.id)).toEqual([
      expect.objectContaining({ kind: "pickup-customer-reminder", to: [CUSTOMER_EMAIL], subject: `Seu pedido ${pickup.orderNumber} aguarda a retirada` }),
    ]);

    await check(after(pickup, 7));
    await check(after(pickup, 8));
    await check(after(pickup, 10));
    await check(after(pickup, 30));
    const sent = await automatic(pickup.id);
    expect(sent.map((e) => e.eventKey)).toEqual([
      `pickup-customer-reminder:${pickup.id}:3`,
      `pickup-customer-reminder:${pickup.id}:7`,
      `pickup-escalation:${pickup.id}:0`,
    ]);
    expect(sent[2]).toMatchObject({ to: [SUPERVISOR, MANAGER, ASSISTANT], subject: `Pedido ${pickup.orderNumber} aguarda retirada há 10 dias – Loja Centro` });

    const history = await t.app.inject({ method: "GET", url: `/api/notification-outbox/record/${pickup.id}`, headers: bearer(t.adminToken) });
    expect(history.json().notifications.map((n: { kind: string }) => n.kind)).toEqual([
      "pickup-ready",
      "pickup-customer-reminder",
      "pickup-customer-reminder",
      "pickup-escalation",
    ]);
    const asStore = await t.app.inject({ method: "GET", url: `/api/notification-outbox/record/${pickup.id}`, headers: bearer(store.token) });
    expect(asStore.statusCode).toBe(403);
  });

  it("sends nothing once the order is collected", async () => {
    const pickup = await waitingPickup();
    const res = await kit.update(pickup.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "529.982.247-25" }, store.token);
    expect(res.statusCode).toBe(200);
    await check(after(pickup, 12));
    expect(await automatic(pickup.id)).toEqual([]);
  });

  it("after a gap sends only the latest reminder due, once", async () => {
    const pickup = await waitingPickup();
    await check(after(pickup, 8));
    await check(after(pickup, 9));
    expect((await automatic(pickup.id)).map((e) => e.eventKey)).toEqual([`pickup-customer-reminder:${pickup.id}:7`]);
  });

  it("escalates nobody for a store without a rule, and respects the customer e-mail switch", async () => {
    const service = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification[0];
    const off = await t.app.inject({
      method: "PUT",
      url: `/api/service-notification/update/${service.id}`,
      headers: bearer(t.adminToken),
      payload: { ...SMTP_SETTINGS, notifyCustomerPickupReady: false },
    });
    expect(off.statusCode).toBe(200);
    const pickup = await waitingPickup({ pickupStoreName: quietStore.username });
    expect(await check(after(pickup, 11))).toMatchObject({ skipped: 2 });
    expect(await automatic(pickup.id)).toEqual([]);
    // Decided once: switching the e-mails back on later does not send what was skipped.
    const on = await t.app.inject({
      method: "PUT",
      url: `/api/service-notification/update/${service.id}`,
      headers: bearer(t.adminToken),
      payload: { ...SMTP_SETTINGS, notifyCustomerPickupReady: true },
    });
    expect(on.statusCode).toBe(200);
    await check(after(pickup, 12));
    expect(await automatic(pickup.id)).toEqual([]);
  });

  it("reminds the store and its rule's recipients once about a list not started in time", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/picklist/create",
      headers: bearer(t.adminToken),
      payload: { destination: store.username, listItems: ["TENIS RUNNER 42 123456-7X"] },
    });
    expect(res.statusCode).toBe(201);
    const list = res.json().picklist as { id: string; sendDate: string };
    const sent = Date.parse(list.sendDate);
    await check(new Date(sent + 23 * 3_600_000));
    expect(await outboxFor(list.id)).toEqual([]);
    await check(new Date(sent + 25 * 3_600_000));
    await check(new Date(sent + 50 * 3_600_000));
    expect(await outboxFor(list.id)).toEqual([
      expect.objectContaining({ kind: "picklist-start-reminder", to: [storeEmail, SUPERVISOR, MANAGER, ASSISTANT], subject: "Lista de separação ainda não iniciada – Loja Centro" }),
    ]);
  });

  it("sends each notice once when two processes check at the same time", async () => {
    const second = t.database.url ? fromPostgres(t.database.url) : undefined;
    try {
      const pickups = await Promise.all([waitingPickup(), waitingPickup(), waitingPickup()]);
      const at = after(pickups[0]!, 11);
      const runs = await Promise.all(Array.from({ length: 6 }, (_, i) => check(at, i % 2 === 0 || !second ? t.database.db : second.db)));
      expect(runs.filter((r) => r !== undefined).length).toBeGreaterThanOrEqual(1);
      for (const pickup of pickups) {
        expect((await automatic(pickup.id)).map((e) => e.kind).sort()).toEqual(["pickup-customer-reminder", "pickup-escalation"]);
      }
    } finally {
      await second?.close();
    }
  });
});

describe("the scheduler", () => {
  it("checks at start and every interval, and stops when asked", async () => {
    const pickup = await waitingPickup();
    let clock = after(pickup, 1);
    const scheduler = createDeadlineScheduler({ db: t.database.db, log: pino({ level: "silent" }), context: renderContext(t.config), intervalMs: 20, now: () => clock });
    scheduler.start();
    try {
      clock = after(pickup, 3);
      await expect.poll(async () => (await automatic(pickup.id)).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await scheduler.stop();
    }
    clock = after(pickup, 8);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await automatic(pickup.id)).map((e) => e.eventKey)).toEqual([`pickup-customer-reminder:${pickup.id}:3`]);
  });
});

describe("a reminder through a real mail server", () => {
  let smtp: MailCatcher;
  afterAll(async () => smtp?.stop());

  it("arrives in the customer's inbox", async () => {
    smtp = await startMailCatcher();
    const service = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification[0];
    await t.app.inject({ method: "PUT", url: `/api/service-notification/update/${service.id}`, headers: bearer(t.adminToken), payload: SMTP_SETTINGS });
    const worker = createEmailOutboxWorker({
      db: t.database.db,
      log: pino({ level: "silent" }),
      companyName: t.config.companyName,
      loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
      transportFactory: smtp.transportFactory,
    });
    const pickup = await waitingPickup({ customerFullName: "Joana Prado", scheduledPickupDate: todayIn(t.config.timezone) });
    const at = after(pickup, 3);
    await check(at);
    await worker.runOnce(at);
    const mail = smtp.mails.find((m) => m.subject === `Seu pedido ${pickup.orderNumber} aguarda a retirada`);
    expect(mail).toMatchObject({ recipients: [CUSTOMER_EMAIL] });
    expect(mail!.html).toContain("Olá, Joana Prado! Seu pedido está disponível na loja Loja Centro há 3 dias.");
  });
});
