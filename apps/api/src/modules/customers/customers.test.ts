import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { ANONYMIZED, completeCpf, formatCpf } from "@passo/domain";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, pickups, returns, uploads } from "../../db/schema/index.js";
import { nfeXmlUpload } from "../../testing/nfe-sample.js";
import { pickupsKit } from "../../testing/pickups.js";
import { returnsKit } from "../../testing/returns.js";
import { drawnPng, pngDataUrl } from "../../testing/signature.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { enqueueEmail } from "../../records/outbox.js";
import { purgeSentEmailBodies } from "../email-outbox/email-outbox.retention.js";

const t = useTestApp();

let store: { username: string; token: string };
let invoice: string;
const { createPickup, update } = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));
const { storedReturn } = returnsKit(t);

let cpfCounter = 0;
/** A valid CPF of its own for each customer of these tests (digits only). */
const newCpf = () => completeCpf(String(700000000 + ++cpfCounter * 104729).slice(-9));

const dataOf = (cpf: string, token = t.adminToken) => t.app.inject({ method: "GET", url: `/api/customers/${cpf}/data`, headers: bearer(token) });
const anonymize = (cpf: string, token = t.adminToken) => t.app.inject({ method: "POST", url: `/api/customers/${cpf}/anonymize`, headers: bearer(token) });

/** A customer with a pickup collected at the counter (its audit lines and e-mails with it) and a refused return. */
async function customerWithClosedRecords(name = "Beatriz Anonimizável") {
  const cpf = newCpf();
  const email = `cliente.${cpf}@example.com`;
  const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001", customerFullName: name, customerCPF: formatCpf(cpf), customerEmail: email, customerPhone: "(41) 98888-7777" });
  const collected = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: cpf }, store.token);
  expect(collected.statusCode).toBe(200);
  const refused = await storedReturn({ customerCPF: cpf, customerFullName: name, customerEmail: email, returnStatus: "Devolução recusada", reasonForRefusal: "Produto usado", returnStore: store.username });
  return { cpf, email, name, pickupId: created.id as string, returnId: refused.id };
}

beforeAll(async () => {
  store = await t.createStore("Loja Dados");
  invoice = await t.uploadInvoice();
});

describe("GET /api/customers/{cpf}/data", () => {
  it("answers every pickup and return of the CPF in full, with their e-mails and audit lines", async () => {
    const c = await customerWithClosedRecords();
    const res = await dataOf(formatCpf(c.cpf));
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.cpf).toBe(c.cpf);
    expect(data.pickups).toHaveLength(1);
    expect(data.pickups[0]).toMatchObject({ id: c.pickupId, customerCPF: c.cpf, customerEmail: c.email, customerPhone: "(41) 98888-7777", pickupStatus: "Pedido retirado" });
    expect(data.returns).toHaveLength(1);
    expect(data.returns[0]).toMatchObject({ id: c.returnId, customerCPF: c.cpf, returnStatus: "Devolução recusada" });
    expect(data.emails.length).toBeGreaterThan(0);
    expect(data.emails.some((e: { to: string[]; html: string }) => e.to.includes(c.email) && e.html.length > 0)).toBe(true);
    expect(data.auditLines.map((l: { action: string }) => l.action)).toEqual(expect.arrayContaining(["create", "confirm-pickup"]));
    expect(data.openRecords).toEqual([]);
  });

  it("answers empty lists for a CPF Passo holds nothing about", async () => {
    const res = await dataOf(newCpf());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pickups: [], returns: [], emails: [], auditLines: [], openRecords: [] });
  });

  it("refuses a store (403), an anonymous caller (401) and a CPF that fails the domain rule (400)", async () => {
    const cpf = newCpf();
    expect((await dataOf(cpf, store.token)).statusCode).toBe(403);
    expect((await anonymize(cpf, store.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/customers/${cpf}/data` })).statusCode).toBe(401);
    for (const bad of ["52998224724", "11111111111", "123", "abc"]) {
      const read = await dataOf(bad);
      expect(read.statusCode, bad).toBe(400);
      expect(read.json().error).toMatch(/CPF/);
      expect((await anonymize(bad)).statusCode, bad).toBe(400);
    }
  });
});

describe("POST /api/customers/{cpf}/anonymize", () => {
  it("refuses (409, naming the open records) while the customer has an open pickup or return, and changes nothing", async () => {
    const c = await customerWithClosedRecords("Carla Em Aberto");
    const open = await createPickup({ customerFullName: "Carla Em Aberto", customerCPF: c.cpf, customerEmail: c.email });
    const pending = await storedReturn({ customerCPF: c.cpf, customerFullName: "Carla Em Aberto" });
    const before = (await dataOf(c.cpf)).json();
    const res = await anonymize(c.cpf);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(open.orderNumber);
    expect(res.json().error).toContain(pending.orderNumber);
    expect(res.json().error).toContain("Em trânsito");
    const after = (await dataOf(c.cpf)).json();
    expect(after).toEqual(before);
    expect(after.openRecords).toHaveLength(2);
  });

  it("anonymises the closed records, their audit lines and e-mails, keeping every record and count", async () => {
    const c = await customerWithClosedRecords("Daniela Esquecida");
    const pickupsBefore = (await t.database.db.select().from(pickups)).length;
    const returnsBefore = (await t.database.db.select().from(returns)).length;
    const outboxBefore = (await t.database.db.select().from(emailOutbox)).length;
    const auditBefore = (await t.database.db.select().from(auditLog)).length;

    const res = await anonymize(formatCpf(c.cpf));
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ message: expect.any(String), pickups: 1, returns: 1 });
    expect(result.emails).toBeGreaterThan(0);
    expect(result.auditLines).toBeGreaterThan(0);

    // Every record stays, and the counts with them; one audit line more: the anonymisation's.
    expect((await t.database.db.select().from(pickups)).length).toBe(pickupsBefore);
    expect((await t.database.db.select().from(returns)).length).toBe(returnsBefore);
    expect((await t.database.db.select().from(emailOutbox)).length).toBe(outboxBefore);
    expect((await t.database.db.select().from(auditLog)).length).toBe(auditBefore + 1);

    const [pickup] = await t.database.db.select().from(pickups).where(eq(pickups.id, c.pickupId));
    expect(pickup).toMatchObject({ customerFullName: ANONYMIZED.name, customerCPF: ANONYMIZED.cpf, customerPhone: ANONYMIZED.phone, customerEmail: ANONYMIZED.email, pickupStatus: "Pedido retirado" });
    const [ret] = await t.database.db.select().from(returns).where(eq(returns.id, c.returnId));
    expect(ret).toMatchObject({ customerFullName: ANONYMIZED.name, customerCPF: ANONYMIZED.cpf, returnStatus: "Devolução recusada" });

    const traces = JSON.stringify([
      await t.database.db.select().from(auditLog).where(inArray(auditLog.entityId, [c.pickupId, c.returnId])),
      await t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.recordId, [c.pickupId, c.returnId])),
    ]);
    expect(traces).not.toContain("Daniela");
    expect(traces).not.toContain(c.email);
    expect(traces).not.toContain(c.cpf);
    expect(traces).not.toContain(c.cpf.slice(6, 9) + "-" + c.cpf.slice(9));
    expect(traces).toContain(ANONYMIZED.name);

    // The anonymisation's own line names the CPF masked, never in clear.
    const [line] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "anonymize"));
    expect(line).toMatchObject({ entity: "customer", actorId: expect.any(String) });
    expect(JSON.stringify(line!.changes)).not.toContain(c.cpf);
    expect(line!.changes.customerCPF).toBe(`***.***.${c.cpf.slice(6, 9)}-${c.cpf.slice(9)}`);
    expect(line!.changes).toMatchObject({ anonymizedPickups: 1, anonymizedReturns: 1 });

    // Nothing is left under the CPF.
    expect((await dataOf(c.cpf)).json()).toMatchObject({ pickups: [], returns: [], emails: [], auditLines: [] });
    expect((await anonymize(c.cpf)).statusCode).toBe(404);
  });

  it("deletes the signature the customer drew at the handover, and the pickup no longer names it", async () => {
    const cpf = newCpf();
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0002", customerFullName: "Carla Assinada", customerCPF: formatCpf(cpf), customerEmail: `cliente.${cpf}@example.com`, customerPhone: "(41) 97777-6666" });
    const collected = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: cpf, signature: pngDataUrl(drawnPng()) }, store.token);
    expect(collected.statusCode).toBe(200);
    const signature = collected.json().pickup.signatureFileName as string;
    expect(await t.database.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.name, signature))).toHaveLength(1);

    expect((await anonymize(formatCpf(cpf))).statusCode).toBe(200);
    expect(await t.database.db.select({ name: uploads.name }).from(uploads).where(eq(uploads.name, signature))).toHaveLength(0);
    const [row] = await t.database.db.select({ signatureFileName: pickups.signatureFileName }).from(pickups).where(eq(pickups.id, created.id));
    expect(row?.signatureFileName).toBeNull();
    expect((await t.app.inject({ method: "GET", url: `/uploads/${signature}`, headers: bearer(t.adminToken) })).statusCode).toBe(404);
  });

  it("keeps both files of the NF-e (the PDF and the XML), as it keeps a pickup's invoice, for those who may see the pickup", async () => {
    const cpf = newCpf();
    const upload = await nfeXmlUpload();
    const xml = (await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(t.adminToken), ...upload.headers }, payload: upload.payload })).json().filename as string;
    const pdf = await t.uploadInvoice();
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0003", invoiceFileName: pdf, invoiceXmlFileName: xml, customerFullName: "Dora Duas Notas", customerCPF: formatCpf(cpf), customerEmail: `cliente.${cpf}@example.com` });
    expect((await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: cpf }, store.token)).statusCode).toBe(200);

    expect((await anonymize(formatCpf(cpf))).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(pickups).where(eq(pickups.id, created.id));
    expect(row).toMatchObject({ customerFullName: ANONYMIZED.name, invoiceFileName: pdf, invoiceXmlFileName: xml });
    for (const name of [pdf, xml]) {
      expect((await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(t.adminToken) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(store.token) })).statusCode).toBe(200);
    }
  });

  it("anonymises a third party in the pickups they were authorised to collect, leaving the customer's own data", async () => {
    const third = newCpf();
    const created = await createPickup({
      pickupType: "Disponível na loja",
      trackingCode: "TR0001",
      customerFullName: "Elisa Titular",
      authorizedThirdPartyPickup: true,
      authorizedThirdPartyFullName: "Fábio Terceiro",
      authorizedThirdPartyCPF: formatCpf(third),
    });
    expect((await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: third }, store.token)).statusCode).toBe(200);
    expect((await anonymize(third)).statusCode).toBe(200);
    const [pickup] = await t.database.db.select().from(pickups).where(eq(pickups.id, created.id));
    expect(pickup).toMatchObject({ customerFullName: "Elisa Titular", authorizedThirdPartyFullName: ANONYMIZED.thirdPartyName, authorizedThirdPartyCPF: ANONYMIZED.cpf });
  });
});

describe("the retention of sent e-mails' bodies", () => {
  const DAY = 86_400_000;

  async function sentEmail(sentAt: Date) {
    const eventKey = `retencao-${randomUUID()}`;
    await enqueueEmail(t.database.db, { eventKey, kind: "pickup-collected", recordId: randomUUID(), to: ["guarda@example.com"], subject: "Pedido retirado", html: "<p>Olá, Maria</p>" });
    const [row] = await t.database.db.update(emailOutbox).set({ status: "sent", sentAt }).where(eq(emailOutbox.eventKey, eventKey)).returning();
    return row!;
  }
  const read = async (id: string) => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it("purges the bodies of e-mails sent more than 90 days ago by default, keeping that they were sent", async () => {
    const now = new Date("2031-06-01T12:00:00Z");
    const old = await sentEmail(new Date(now.getTime() - 91 * DAY));
    const recent = await sentEmail(new Date(now.getTime() - 89 * DAY));
    expect(await purgeSentEmailBodies(t.database.db, now)).toBeGreaterThanOrEqual(1);
    const purged = await read(old.id);
    expect(purged).toMatchObject({ html: "", status: "sent", to: ["guarda@example.com"], subject: "Pedido retirado" });
    expect(purged.sentAt).toEqual(old.sentAt);
    expect((await read(recent.id)).html).toBe("<p>Olá, Maria</p>");
  });

  it("follows the number of days an administrator sets in 'Serviço de notificação', which refuses a bad one", async () => {
    const settings = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification[0];
    expect(settings.emailBodyRetentionDays).toBe(90);
    const form = { host: "smtp.passo.test", port: "587", secure: false, user: "envio@passo.test", pass: "SenhaForte1234567" };
    const bad = await t.app.inject({ method: "PUT", url: `/api/service-notification/update/${settings.id}`, headers: bearer(t.adminToken), payload: { ...form, emailBodyRetentionDays: 0 } });
    expect(bad.statusCode).toBe(400);
    const res = await t.app.inject({ method: "PUT", url: `/api/service-notification/update/${settings.id}`, headers: bearer(t.adminToken), payload: { ...form, emailBodyRetentionDays: 10 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().serviceNotification.emailBodyRetentionDays).toBe(10);

    const now = new Date("2031-06-01T12:00:00Z");
    const eleven = await sentEmail(new Date(now.getTime() - 11 * DAY));
    const nine = await sentEmail(new Date(now.getTime() - 9 * DAY));
    await purgeSentEmailBodies(t.database.db, now);
    expect((await read(eleven.id)).html).toBe("");
    expect((await read(nine.id)).html).not.toBe("");
  });
});

describe("hostile CPFs in the path", () => {
  it("never answer a 5xx: a CPF the rule refuses is 400 {error}", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.stringMatching(/^[\d.\-\s]{0,20}$/)), fc.boolean(), async (raw, write) => {
        const cpf = encodeURIComponent(raw);
        if (cpf === "") return;
        const res = await t.app.inject({ method: write ? "POST" : "GET", url: `/api/customers/${cpf}/${write ? "anonymize" : "data"}`, headers: bearer(t.adminToken) });
        expect(res.statusCode, `${raw} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toEqual({ error: expect.any(String) });
      }),
      { numRuns: 60 },
    );
  });
});
