import { todayIn } from "@passo/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { createEmailOutboxWorker, type EmailOutboxWorker } from "../../jobs/email-outbox-worker.js";
import { configuredSmtpSettings } from "../mail-server/mail-server.service.js";

const t = useTestApp();

const CUSTOMER_EMAIL = "maria@cliente.test";
const SMTP_SETTINGS = { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" };

let smtp: MailCatcher;
let worker: EmailOutboxWorker;
let store: { username: string; token: string };
let invoice: string;
let serviceId: string;
let orders = 0;

interface Queued {
  id: string;
  kind: string;
  to: string[];
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
}

const nextOrderNumber = () => `PED${String(++orders).padStart(13, "0")}`;

const uploadInvoice = () => t.uploadInvoice();

async function createPickup(overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/pickup/create",
    headers: bearer(t.adminToken),
    payload: {
      pickupStoreName: store.username,
      scheduledPickupDate: todayIn(t.config.timezone),
      pickupType: "Envio realizado via Correios",
      orderNumber: nextOrderNumber(),
      trackingCode: "AA123456789BR",
      invoiceFileName: invoice,
      customerFullName: "Maria da Silva",
      customerCPF: "529.982.247-25",
      customerPhone: "(41) 99999-9999",
      customerEmail: CUSTOMER_EMAIL,
      orderItems: ["TENIS RUNNER 42 123456-7X"],
      ...overrides,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().pickup as { id: string; orderNumber: string };
}

function updatePickup(id: string, payload: Record<string, unknown>, token = store.token) {
  return t.app.inject({ method: "PUT", url: `/api/pickup/update/${id}`, headers: bearer(token), payload });
}

async function createReturn() {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/return/create",
    headers: bearer(t.adminToken),
    payload: {
      orderNumber: nextOrderNumber(),
      customerFullName: "Maria da Silva",
      customerCPF: "529.982.247-25",
      customerPhone: "(41) 99999-9999",
      customerEmail: CUSTOMER_EMAIL,
      returnItems: ["BOTA COURO 38 654321-0Y"],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().return as { id: string; orderNumber: string };
}

function updateReturn(id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/api/return/update/${id}`, headers: bearer(store.token), payload });
}

async function configureService(changes: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "PUT",
    url: `/api/service-notification/update/${serviceId}`,
    headers: bearer(t.adminToken),
    payload: { ...SMTP_SETTINGS, ...changes },
  });
  expect(res.statusCode).toBe(200);
}

/** The outbox as the administrator sees it, for one order (subjects carry the order number). */
async function queuedFor(orderNumber: string): Promise<Queued[]> {
  const res = await t.app.inject({ method: "GET", url: "/api/notification-outbox/get?status=all", headers: bearer(t.adminToken) });
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as Queued[]).filter((n) => n.subject.includes(orderNumber)).reverse();
}

const mailsAbout = (orderNumber: string) => smtp.mails.filter((mail) => mail.subject.includes(orderNumber));

beforeAll(async () => {
  smtp = await startMailCatcher();
  worker = createEmailOutboxWorker({ db: t.database.db, log: pino({ level: "silent" }), companyName: t.config.companyName, loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets), transportFactory: smtp.transportFactory });
  store = await t.createStore("Loja Centro");
  invoice = await uploadInvoice();
  const res = await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) });
  serviceId = res.json().serviceNotification[0].id;
});

afterAll(async () => {
  await smtp?.stop();
});

// In order: the mail service is configured by the first story.
describe("a customer whose order is made available in the store", () => {
  it("is e-mailed even before mail is configured, as soon as it is", async () => {
    const pickup = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001" });
    expect(await queuedFor(pickup.orderNumber)).toEqual([
      expect.objectContaining({ kind: "pickup-ready", to: [CUSTOMER_EMAIL], subject: `Seu pedido ${pickup.orderNumber} está pronto para retirada`, status: "pending" }),
    ]);

    expect(await worker.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await queuedFor(pickup.orderNumber)).toEqual([
      expect.objectContaining({ status: "pending", attempts: 0, lastError: "Serviço de notificação não configurado." }),
    ]);

    await configureService();
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail] = mailsAbout(pickup.orderNumber);
    expect(mail!.recipients).toEqual([CUSTOMER_EMAIL]);
    expect(mail!.html).toContain("Olá, Maria da Silva! Seu pedido já está disponível para retirada na loja Loja Centro.");
    expect(mail!.html).toContain("<li>TENIS RUNNER 42 123456-7X</li>");
    expect(await queuedFor(pickup.orderNumber)).toEqual([expect.objectContaining({ status: "sent", lastError: null })]);
  });

  it("hears once that it is ready, however often an edit moves it between the two types", async () => {
    const pickup = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0002" });
    const posted = await updatePickup(pickup.id, { pickupType: "Envio realizado via Correios", trackingCode: "AA123456789BR" }, t.adminToken);
    expect(posted.json().pickup.pickupStatus).toBe("Em trânsito");
    const inStore = await updatePickup(pickup.id, { pickupType: "Disponível na loja", trackingCode: "TR0002" }, t.adminToken);
    expect(inStore.json().pickup.pickupStatus).toBe("Aguardando retirada");
    expect((await queuedFor(pickup.orderNumber)).map((n) => n.kind)).toEqual(["pickup-ready"]);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
  });
});

describe("a customer whose order was posted to the store", () => {
  it("is e-mailed when the store confirms receipt, and again when the order is collected", async () => {
    const pickup = await createPickup();
    expect(await queuedFor(pickup.orderNumber)).toEqual([]);

    expect((await updatePickup(pickup.id, { pickupStatus: "Aguardando retirada" })).statusCode).toBe(200);
    const refused = await updatePickup(pickup.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "111.444.777-35" });
    expect(refused.statusCode).toBe(403);
    expect((await queuedFor(pickup.orderNumber)).map((n) => n.kind)).toEqual(["pickup-ready"]);

    expect((await updatePickup(pickup.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "529.982.247-25" })).statusCode).toBe(200);
    expect(await worker.runOnce()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const mails = mailsAbout(pickup.orderNumber);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Seu pedido ${pickup.orderNumber} está pronto para retirada`,
      `Pedido ${pickup.orderNumber} retirado`,
    ]);
    expect(mails.every((mail) => mail.recipients.join() === CUSTOMER_EMAIL)).toBe(true);
    expect(mails[1]!.html).toContain("Olá, Maria da Silva! Confirmamos a retirada do seu pedido na loja Loja Centro.");
  });

  it("is not e-mailed about what the administrator switched off", async () => {
    await configureService({ notifyCustomerPickupReady: false });
    const inStore = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0003" });
    const posted = await createPickup();
    expect((await updatePickup(posted.id, { pickupStatus: "Aguardando retirada" })).statusCode).toBe(200);
    expect(await queuedFor(inStore.orderNumber)).toEqual([]);
    expect(await queuedFor(posted.orderNumber)).toEqual([]);

    await configureService({ notifyCustomerPickupCollected: false });
    expect((await updatePickup(posted.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "52998224725" })).statusCode).toBe(200);
    expect(await queuedFor(posted.orderNumber)).toEqual([]);
    await configureService({ notifyCustomerPickupReady: true, notifyCustomerPickupCollected: true });
  });
});

describe("a customer whose return a store received", () => {
  it("is e-mailed that it was accepted", async () => {
    const accepted = await createReturn();
    expect((await updateReturn(accepted.id, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(200);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [mail] = mailsAbout(accepted.orderNumber);
    expect(mail!.recipients).toEqual([CUSTOMER_EMAIL]);
    expect(mail!.subject).toBe(`Devolução do pedido ${accepted.orderNumber}: Devolvido em loja física`);
    expect(mail!.html).toContain("<li>BOTA COURO 38 654321-0Y</li>");
    expect((await queuedFor(accepted.orderNumber)).map((n) => n.kind)).toEqual(["return-received"]);
  });

  it("is e-mailed that it was refused", async () => {
    const refused = await createReturn();
    expect((await updateReturn(refused.id, { returnStatus: "Devolução recusada", reasonForRefusal: "Produto sem a nota fiscal" })).statusCode).toBe(200);
    expect(await worker.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(mailsAbout(refused.orderNumber).map((mail) => mail.subject)).toEqual([`Devolução do pedido ${refused.orderNumber}: Devolução recusada`]);
    expect((await queuedFor(refused.orderNumber)).map((n) => n.kind)).toEqual(["return-refused"]);
  });

  it("is not e-mailed once the administrator switched return e-mails off", async () => {
    await configureService({ notifyCustomerReturn: false });
    const accepted = await createReturn();
    expect((await updateReturn(accepted.id, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(200);
    expect(await queuedFor(accepted.orderNumber)).toEqual([]);
    await configureService({ notifyCustomerReturn: true });
  });
});

describe("a link a template fills from the record", () => {
  it("stays live for an http address and is rendered inert for a javascript: one the customer's name brought", async () => {
    const list = await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) });
    const template = (list.json().templateEmails as { id: string; type: string; title: string }[]).find((x) => x.type === "Notificação" && x.title === "Retirada em loja")!;
    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/template-email/update/${template.id}`,
      headers: bearer(t.adminToken),
      payload: { description: "Seu pedido {{orderNumber}} está pronto", content: '<p><a href="{{customerFullName}}">Nome</a> <a href="https://passo.test/p/{{orderNumber}}">Pedido</a></p>' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const pickup = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0009", customerFullName: "javascript:alert(document.cookie)" });
    expect((await worker.runOnce()).sent).toBe(1);
    const [mail] = mailsAbout(pickup.orderNumber);
    expect(mail!.html).toContain('<a href="#">Nome</a>');
    expect(mail!.html).toContain(`<a href="https://passo.test/p/${pickup.orderNumber}">Pedido</a>`);
    expect(mail!.html).not.toContain("javascript:");
  });
});
