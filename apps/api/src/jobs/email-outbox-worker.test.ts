import { MAIL_SERVER_MESSAGES } from "@passo/domain";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, picklists, pickups, users } from "../db/schema/index.js";
import { startMailCatcher, type MailCatcher } from "../testing/mail-catcher.js";
import { bearer, useTestApp } from "../testing/test-app.js";
import { configuredSmtpSettings } from "../modules/mail-server/mail-server.service.js";
import { nudgeOutbox } from "../lib/outbox-signal.js";
import { enqueueEmail } from "../records/outbox.js";
import { createEmailOutboxWorker, retryDelayMs, type EmailOutboxWorker } from "./email-outbox-worker.js";

const t = useTestApp();

const MINUTE = 60_000;
const MAX_ATTEMPTS = 4;

let smtp: MailCatcher;
let worker: EmailOutboxWorker;
let storeEmail: string;
let orders = 0;

const at = (start: number, minutes: number) => new Date(start + minutes * MINUTE);

async function newPickup(values: Partial<typeof pickups.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(pickups)
    .values({
      pickupStoreName: "Loja Centro",
      scheduledPickupDate: new Date("2030-01-10T15:00:00Z"),
      pickupType: "Envio realizado via Correios",
      orderNumber: `PED${String(++orders).padStart(13, "0")}`,
      trackingCode: "AA123456789BR",
      invoiceFileName: "nfe.pdf",
      customerFullName: "Maria Cliente",
      customerCPF: "52998224725",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@cliente.test",
      orderItems: ["TENIS RUNNER 42 123456-7X"],
      pickupStatus: "Em trânsito",
      ...values,
    })
    .returning();
  return row!;
}

function send(path: string, id: string) {
  return t.app.inject({ method: "POST", url: `/api/send-notification/${path}`, headers: bearer(t.adminToken), payload: { id } });
}

async function alertAbout(pickup: { id: string }) {
  const res = await send("pickup-alert", pickup.id);
  expect(res.statusCode).toBe(202);
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recordId, pickup.id));
  return row!;
}

const mailsAbout = (orderNumber: string) => smtp.mails.filter((mail) => mail.subject.includes(orderNumber));

async function outboxEntry(id: string) {
  const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

function outbox(query = "", token = t.adminToken) {
  return t.app.inject({ method: "GET", url: `/api/notification-outbox/get${query}`, headers: bearer(token) });
}

function retry(id: string, token = t.adminToken) {
  return t.app.inject({ method: "POST", url: `/api/notification-outbox/retry/${id}`, headers: bearer(token) });
}

async function createRecipient(username: string, email: string, role: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/recipients/create", headers: bearer(t.adminToken), payload: { username, email, role } });
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  smtp = await startMailCatcher();
  worker = createEmailOutboxWorker({
    db: t.database.db,
    log: pino({ level: "silent" }),
    companyName: t.config.companyName,
    loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
    transportFactory: smtp.transportFactory,
    retryDelay: () => MINUTE,
    maxAttempts: MAX_ATTEMPTS,
  });

  const store = await t.createStore("Loja Centro");
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, store.id));
  storeEmail = row!.email;
  await createRecipient("Ana Supervisora", "ana@passo.test", "Supervisor");
  await createRecipient("Bruno Gerente", "bruno@passo.test", "Gerente");
  await createRecipient("Carla Subgerente", "carla@passo.test", "Subgerente");
  const rule = await t.app.inject({
    method: "POST",
    url: "/api/notifications/create",
    headers: bearer(t.adminToken),
    payload: {
      store: "Loja Centro",
      supervisor: "Ana Supervisora",
      manager: "Bruno Gerente",
      assistantManager: "Carla Subgerente",
      notificationPicklist: false,
      notificationPickup: true,
    },
  });
  expect(rule.statusCode).toBe(201);

  const [service] = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification;
  const configured = await t.app.inject({
    method: "PUT",
    url: `/api/service-notification/update/${service.id}`,
    headers: bearer(t.adminToken),
    payload: { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" },
  });
  expect(configured.statusCode).toBe(200);
});

afterAll(async () => {
  await worker?.stop();
  await smtp?.stop();
});

describe("a notification the administrator sends", () => {
  it("reaches exactly the store and the people its rule names, with the template's subject and the record's values", async () => {
    const pickup = await newPickup({ trackingCode: "AA111111111BR", orderItems: ["TENIS RUNNER 42 123456-7X", "SANDALIA 37 654321-0Y"] });
    const res = await send("pickup-alert", pickup.id);
    expect(res.statusCode).toBe(202);
    const everyone = [storeEmail, "ana@passo.test", "bruno@passo.test", "carla@passo.test"];
    expect(res.json().recipients).toEqual(everyone);

    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail, ...others] = mailsAbout(pickup.orderNumber);
    expect(others).toEqual([]);
    expect(mail!.recipients).toEqual(everyone);
    expect(mail!.subject).toBe(`Pedido ${pickup.orderNumber} a caminho da loja Loja Centro`);
    expect(mail!.html).toContain("<strong>Código de rastreio / TR:</strong> AA111111111BR");
    expect(mail!.html).toContain("<li>TENIS RUNNER 42 123456-7X</li><li>SANDALIA 37 654321-0Y</li>");
    expect(mail!.html).toContain("Calçados Teste");
    expect(mail).toMatchObject({ from: "avisos@passo.test", fromName: "Calçados Teste", user: "avisos@passo.test" });

    const list = await outbox();
    expect(list.statusCode).toBe(200);
    expect(list.json().notifications[0]).toEqual({
      id: expect.any(String),
      kind: "pickup-alert",
      to: everyone,
      subject: mail!.subject,
      status: "sent",
      attempts: 1,
      lastError: null,
      nextAttemptAt: expect.any(String),
      createdAt: expect.any(String),
      sentAt: expect.any(String),
    });
  });

  it("sends nothing while the store's rule has the flow switched off", async () => {
    const [picklist] = await t.database.db.insert(picklists).values({ destination: "Loja Centro", listItems: ["BOTA 38"] }).returning();
    const before = smtp.mails.length;
    const res = await send("picklist-alert", picklist!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "A notificação de lista de separação está desativada para a loja Loja Centro. Ative-a em Configurações > Notificações." });
    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.mails.length).toBe(before);
  });

  it("arrives with a record's markup escaped", async () => {
    const pickup = await newPickup({ orderItems: ["<script>alert('x')</script>", "BOTA <b>38</b>"] });
    await alertAbout(pickup);
    await worker.runOnce();
    const [mail] = mailsAbout(pickup.orderNumber);
    expect(mail!.html).toContain("<li>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;</li><li>BOTA &lt;b&gt;38&lt;/b&gt;</li>");
    expect(mail!.html).not.toContain("<script>");
  });

  it("keeps the text it was queued with, whatever the template says by the time it goes", async () => {
    const pickup = await newPickup();
    await alertAbout(pickup);
    const templates = (await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) })).json().templateEmails;
    const alert = templates.find((x: { type: string; title: string }) => x.type === "Alerta" && x.title === "Retirada em loja");
    const edited = await t.app.inject({
      method: "PUT",
      url: `/api/template-email/update/${alert.id}`,
      headers: bearer(t.adminToken),
      payload: { description: "Editado depois: {{orderNumber}}" },
    });
    expect(edited.statusCode).toBe(200);
    await worker.runOnce();
    expect(mailsAbout(pickup.orderNumber).map((mail) => mail.subject)).toEqual([`Pedido ${pickup.orderNumber} a caminho da loja Loja Centro`]);
    await t.app.inject({ method: "PUT", url: `/api/template-email/update/${alert.id}`, headers: bearer(t.adminToken), payload: { description: alert.description } });
  });
});

describe("delivery", () => {
  it("waits while the mail server is down, retrying later, and delivers once it is back", async () => {
    await smtp.stop();
    const pickup = await newPickup();
    const queued = await alertAbout(pickup);
    const start = Date.now();

    expect(await worker.runOnce(at(start, 0))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await outboxEntry(queued.id)).toMatchObject({ status: "pending", attempts: 1, lastError: MAIL_SERVER_MESSAGES.sendConnection });
    expect(await worker.runOnce(at(start, 0.5)), "not due yet").toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await worker.runOnce(at(start, 2))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await outboxEntry(queued.id)).attempts).toBe(2);

    await smtp.start();
    expect(await worker.runOnce(at(start, 4))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await worker.runOnce(at(start, 60))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailsAbout(pickup.orderNumber)).toHaveLength(1);
    expect(await outboxEntry(queued.id)).toMatchObject({ status: "sent", attempts: 3, lastError: null, messageId: expect.any(String) });
  });

  it("sends one e-mail for an event queued twice", async () => {
    const pickup = await newPickup();
    const entry = {
      eventKey: `pickup-ready:${pickup.id}:${pickup.orderDispatchDate.toISOString()}`,
      kind: "pickup-ready" as const,
      recordId: pickup.id,
      to: ["maria@cliente.test"],
      subject: `Seu pedido ${pickup.orderNumber} está pronto para retirada`,
      html: "<p>Pronto!</p>",
    };
    expect(await enqueueEmail(t.database.db, entry)).toBe(true);
    expect(await enqueueEmail(t.database.db, entry)).toBe(false);
    await worker.runOnce();
    expect(mailsAbout(pickup.orderNumber)).toHaveLength(1);
  });

  it("sends again an e-mail whose worker died while sending it, once its claim expires", async () => {
    const pickup = await newPickup();
    const queued = await alertAbout(pickup);
    const start = Date.now();
    // What a worker killed mid-send leaves behind: a claim that nobody will finish.
    await t.database.db.update(emailOutbox).set({ status: "sending", nextAttemptAt: at(start, 10) }).where(eq(emailOutbox.id, queued.id));
    expect(await worker.runOnce(at(start, 5))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await worker.runOnce(at(start, 11))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailsAbout(pickup.orderNumber)).toHaveLength(1);
  });

  it("is shared by several workers (several API processes) without an e-mail sent twice", async () => {
    const others = [1, 2].map(() =>
      createEmailOutboxWorker({ db: t.database.db, log: pino({ level: "silent" }), companyName: t.config.companyName, loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets), transportFactory: smtp.transportFactory, batchSize: 2 }),
    );
    const batch = await Promise.all(Array.from({ length: 7 }, () => newPickup()));
    for (const pickup of batch) await alertAbout(pickup);
    const summaries = await Promise.all(others.map((other) => other.runOnce()));
    expect(summaries.reduce((sum, s) => sum + s.sent, 0)).toBe(7);
    for (const pickup of batch) expect(mailsAbout(pickup.orderNumber), pickup.orderNumber).toHaveLength(1);
  });

  it("hands back, when stopped, what it had claimed and not yet sent", async () => {
    const batch = await Promise.all(Array.from({ length: 3 }, () => newPickup()));
    const queued = [];
    for (const pickup of batch) queued.push(await alertAbout(pickup));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sending!: () => void;
    const firstSendStarted = new Promise<void>((resolve) => (sending = resolve));
    const slow = createEmailOutboxWorker({
      db: t.database.db,
      log: pino({ level: "silent" }),
      companyName: t.config.companyName,
      loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
      transportFactory: (service) => {
        const transport = smtp.transportFactory(service);
        return {
          async sendMail(message) {
            sending();
            await gate;
            return transport.sendMail(message);
          },
          close: () => transport.close(),
        };
      },
    });
    slow.start();
    await firstSendStarted;
    const stopped = slow.stop();
    release();
    await stopped;
    const states = await Promise.all(queued.map(async (row) => (await outboxEntry(row.id)).status));
    expect(states.sort()).toEqual(["pending", "pending", "sent"]);
    expect(await worker.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
  });

  it("waits longer after each failure, up to an hour", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 8, 9, 20].map((attempts) => retryDelayMs(attempts, middle) / 1000)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
    expect(retryDelayMs(1, () => 0)).toBe(24_000);
    expect(retryDelayMs(1, () => 0.999999)).toBeLessThan(36_000);
  });
});

describe("an e-mail that failed every attempt", () => {
  let failedId: string;
  let orderNumber: string;

  it("is given up as failed and shown to the administrator with its last error", async () => {
    await smtp.stop();
    const pickup = await newPickup();
    orderNumber = pickup.orderNumber;
    failedId = (await alertAbout(pickup)).id;
    const start = Date.now();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await worker.runOnce(at(start, attempt * 10))).toEqual({ sent: 0, retrying: 1, failed: 0 });
    }
    expect(await worker.runOnce(at(start, MAX_ATTEMPTS * 10))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await worker.runOnce(at(start, 24 * 60))).toEqual({ sent: 0, retrying: 0, failed: 0 });

    const failed = await outbox("?status=failed");
    expect(failed.statusCode).toBe(200);
    expect(failed.json().notifications).toEqual([
      expect.objectContaining({ id: failedId, kind: "pickup-alert", status: "failed", attempts: MAX_ATTEMPTS, lastError: MAIL_SERVER_MESSAGES.sendConnection, sentAt: null }),
    ]);
    const page = await outbox("?status=failed&status=pending&page=1&pageSize=1");
    expect(page.json()).toMatchObject({ total: 1, page: 1, pageSize: 1, notifications: [{ id: failedId }] });
    const everything = (await outbox("?status=all")).json().notifications;
    expect(everything.length).toBeGreaterThan(1);
    expect(everything.map((n: { createdAt: string }) => n.createdAt)).toEqual(everything.map((n: { createdAt: string }) => n.createdAt).sort().reverse());
  });

  it("goes back to the queue when the administrator retries it, and is then delivered", async () => {
    const res = await retry(failedId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: "Notificação reenfileirada com sucesso!", notification: { id: failedId, status: "pending", attempts: 0 } });

    const again = await retry(failedId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "Só é possível reenviar uma notificação que falhou." });

    await smtp.start();
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailsAbout(orderNumber)).toHaveLength(1);
    expect((await outbox("?status=sent")).json().notifications.map((n: { id: string }) => n.id)).toContain(failedId);
  });

  it("cannot be retried when it does not exist", async () => {
    expect((await retry("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await retry("nao-e-um-id")).statusCode).toBe(404);
    expect((await outbox("?status=enviado")).statusCode).toBe(400);
  });
});

describe("a running worker", () => {
  it("delivers right after the change that queued an e-mail, without waiting for its next poll", async () => {
    const running = createEmailOutboxWorker({
      db: t.database.db,
      log: pino({ level: "silent" }),
      companyName: t.config.companyName,
      loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
      transportFactory: smtp.transportFactory,
      pollIntervalMs: 60 * MINUTE,
    });
    running.start();
    try {
      const pickup = await newPickup();
      await alertAbout(pickup);
      await expect.poll(() => mailsAbout(pickup.orderNumber).length, { timeout: 5_000 }).toBe(1);
    } finally {
      await running.stop();
    }
  });
});

describe("a worker under a steady stream of changes", () => {
  it("looks at the queue a few times a second, not once per change", async () => {
    let runs = 0;
    // Every run starts by handing expired claims back to the queue: one UPDATE per run.
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === "update") runs++;
        return Reflect.get(target, prop, receiver);
      },
    });
    const worker = createEmailOutboxWorker({
      db,
      log: pino({ level: "silent" }),
      companyName: t.config.companyName,
      loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
      transportFactory: smtp.transportFactory,
      pollIntervalMs: 60 * MINUTE,
      nudgeIntervalMs: 200,
    });
    worker.start();
    try {
      await new Promise((r) => setTimeout(r, 100));
      const before = runs;
      // 60 changes, one every 10 ms: 600 ms of a busy counter.
      for (let i = 0; i < 60; i++) {
        nudgeOutbox();
        await new Promise((r) => setTimeout(r, 10));
      }
      await new Promise((r) => setTimeout(r, 300));
      // About 600 / 200 + 1 runs, each with at most two UPDATEs; one run per change would be 60 or more.
      expect(runs - before).toBeGreaterThan(0);
      expect(runs - before).toBeLessThanOrEqual(12);
    } finally {
      await worker.stop();
    }
  });
});

describe("who may see and retry the outbox", () => {
  it("turns a store away with 403 and an anonymous caller with 401", async () => {
    const store = await t.createStore();
    const id = "00000000-0000-4000-8000-000000000000";
    expect((await outbox("", store.token)).statusCode).toBe(403);
    expect((await retry(id, store.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/notification-outbox/get" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: `/api/notification-outbox/retry/${id}` })).statusCode).toBe(401);
  });
});
