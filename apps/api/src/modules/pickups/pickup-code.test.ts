import { eq } from "drizzle-orm";
import jsQR from "jsqr";
import pino from "pino";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, pickups } from "../../db/schema/index.js";
import { createEmailOutboxWorker } from "../../jobs/email-outbox-worker.js";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher.js";
import { CUSTOMER_CPF, pickupsKit } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { createLogger } from "../audit/logger.js";
import { renderContext } from "../email-templates/email-templates.service.js";
import { configuredSmtpSettings } from "../mail-server/mail-server.service.js";
import { createPickup as createPickupRecord } from "./pickups.service.js";

const t = useTestApp();

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
let invoice: string;

const { form, createPickup, update, getById, list } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: invoice }));

const CODE = /^\d{6}$/;

beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Norte");
  invoice = await t.uploadInvoice();
});

function resend(id: string, token: string) {
  return t.app.inject({ method: "POST", url: `/api/pickup/resend-ready/${id}`, headers: bearer(token) });
}

async function readyEmails(id: string) {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.recordId, id));
  return rows.filter((row) => row.kind === "pickup-ready").sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The text a QR code image reads as, scanned as a phone's camera would. */
function scanQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

describe("the pickup code", () => {
  it("is six digits on every new pickup, shown to the administrator", async () => {
    const created = await createPickup();
    expect(created.pickupCode).toMatch(CODE);
    expect((await getById(created.id, t.adminToken)).json().pickup.pickupCode).toBe(created.pickupCode);
    const listed = (await list(`?search=${created.orderNumber}`)).pickups;
    expect(listed).toEqual([expect.objectContaining({ id: created.id, pickupCode: created.pickupCode })]);
  });

  it("is never served to a store: not in its list, its record, its answers or its export", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001" });
    const bodies = [
      (await getById(created.id, storeA.token)).body,
      JSON.stringify(await list("", storeA.token)),
      (await update(created.id, { pickupStatus: "Aguardando retirada" }, storeA.token)).body,
      (await t.app.inject({ method: "GET", url: "/api/pickup/export", headers: bearer(storeA.token) })).body,
      (await t.app.inject({ method: "GET", url: "/api/pickup/export", headers: bearer(t.adminToken) })).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain("pickupCode");
      expect(body).not.toContain(created.pickupCode);
    }
    expect((await getById(created.id, storeA.token)).json().pickup).not.toHaveProperty("pickupCode");
  });

  it("never appears in the audit log", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0002" });
    await resend(created.id, storeA.token);
    const res = await t.app.inject({ method: "GET", url: `/api/audit/pickup/${created.id}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("resend-ready");
    expect(res.body).not.toContain("pickupCode");
    expect(res.body).not.toContain(created.pickupCode);
  });

  it("is redacted from the server's log lines", () => {
    const lines: string[] = [];
    const log = createLogger("info", { write: (line: string) => lines.push(line) });
    log.info({ pickup: { orderNumber: "PED1", pickupCode: "482915" } }, "pickup created");
    expect(lines.join("")).not.toContain("482915");
    expect(lines.join("")).toContain("PED1");
  });

  it("draws again when an open pickup holds the code drawn, and may reuse a collected pickup's code", async () => {
    const open = await createPickup();
    const draws = [open.pickupCode, open.pickupCode, "000042"];
    const again = await createPickupRecord(t.database.db, null, pickupForm(), new Date(), renderContext(t.config), () => draws.shift()!);
    expect(again.pickupCode).toBe("000042");
    expect(draws).toEqual([]);

    const collected = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0003" });
    expect((await update(collected.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token)).statusCode).toBe(200);
    const reused = await createPickupRecord(t.database.db, null, pickupForm(), new Date(), renderContext(t.config), () => collected.pickupCode);
    expect(reused.pickupCode).toBe(collected.pickupCode);
  });

  it("is drawn by the database for a writer that names none", async () => {
    const [row] = await t.database.db
      .insert(pickups)
      .values({
        pickupStoreName: storeA.username,
        scheduledPickupDate: new Date(),
        pickupType: "Disponível na loja",
        orderNumber: "PEDSEMCODIGO0001",
        trackingCode: "TR0009",
        invoiceFileName: invoice,
        customerFullName: "Maria da Silva",
        customerCPF: CUSTOMER_CPF,
        customerPhone: "(41) 99999-9999",
        customerEmail: "maria@example.com",
        pickupStatus: "Aguardando retirada",
      })
      .returning();
    expect(row!.pickupCode).toMatch(CODE);
  });
});

/** The form as the service takes it (validated, dates parsed). */
function pickupForm() {
  const { scheduledPickupDate: _day, authorizedThirdPartyPickup: _third, ...rest } = form();
  return {
    ...rest,
    customerCPF: CUSTOMER_CPF,
    scheduledPickupDate: new Date(),
    authorizedThirdPartyPickup: false,
    authorizedThirdPartyFullName: null,
    authorizedThirdPartyCPF: null,
  };
}

describe("a store finding a pickup by its code", () => {
  it("finds its pending pickup by the six digits, and still by order number and CPF", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0004" });
    const found = (await list(`?search=${created.pickupCode}`, storeA.token)).pickups;
    expect(found.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(found[0]).not.toHaveProperty("pickupCode");
    expect((await list(`?search=${created.orderNumber}`, storeA.token)).pickups.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect((await list(`?search=${CUSTOMER_CPF}`, storeA.token)).pickups.map((p: { id: string }) => p.id)).toContain(created.id);
  });

  it("finds nothing by another store's code, nor by the code of a pickup already collected", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0005" });
    expect((await list(`?search=${created.pickupCode}`, storeB.token)).pickups).toEqual([]);
    expect((await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token)).statusCode).toBe(200);
    expect((await list(`?search=${created.pickupCode}`, storeA.token)).pickups.map((p: { id: string }) => p.id)).not.toContain(created.id);
  });
});

describe("the ready-for-pickup e-mail", () => {
  let smtp: MailCatcher;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    const service = (await t.app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) })).json().serviceNotification[0];
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/service-notification/update/${service.id}`,
      headers: bearer(t.adminToken),
      payload: { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" },
    });
    expect(res.statusCode).toBe(200);
  });

  afterAll(async () => {
    await smtp?.stop();
  });

  const sendQueued = () =>
    createEmailOutboxWorker({
      db: t.database.db,
      log: pino({ level: "silent" }),
      companyName: t.config.companyName,
      loadSmtpSettings: (db) => configuredSmtpSettings(db, t.app.secrets),
      transportFactory: smtp.transportFactory,
    }).runOnce();

  const readyTemplate = async () => {
    const templates = (await t.app.inject({ method: "GET", url: "/api/template-email/get", headers: bearer(t.adminToken) })).json().templateEmails;
    return templates.find((tpl: { type: string; title: string }) => tpl.type === "Notificação" && tpl.title === "Retirada em loja");
  };
  const editReady = (ready: { id: string }, content: string) =>
    t.app.inject({ method: "PUT", url: `/api/template-email/update/${ready.id}`, headers: bearer(t.adminToken), payload: { ...ready, content } });

  it("carries the code and its QR as an inline image that scans back to the code, both drawn when the e-mail is sent", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0006" });
    const [queued] = await readyEmails(created.id);
    // The request queued the subject and what the body is drawn from; the body and its QR wait for the worker.
    expect(queued!.subject).toContain(created.orderNumber);
    expect(queued!.html).toBe("");
    expect(queued!.inlineImages).toEqual([]);
    expect(queued!.bodySource).toMatchObject({ pickupCodeQr: created.pickupCode, record: expect.objectContaining({ pickupCode: created.pickupCode }) });

    await sendQueued();
    const mail = smtp.mails.find((m) => m.subject.includes(created.orderNumber));
    expect(mail?.html).toContain(created.pickupCode);
    expect(mail?.html).toContain('src="cid:pickup-code-qr@passo"');
    const [qr] = mail!.attachments;
    expect(qr).toEqual(expect.objectContaining({ cid: "pickup-code-qr@passo", contentType: "image/png" }));
    expect(scanQr(qr!.content)).toBe(created.pickupCode);
    // Once sent, the row keeps what went out, as every sent e-mail does.
    const [sent] = await readyEmails(created.id);
    expect(sent).toMatchObject({ status: "sent", html: mail!.html, bodySource: null });
    expect(sent!.inlineImages).toEqual([expect.objectContaining({ cid: "pickup-code-qr@passo" })]);
  });

  it("goes out with the template as it was when it was queued, whatever the edits made before it is sent", async () => {
    const ready = await readyTemplate();
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0009" });
    expect((await editReady(ready, "<p>Modelo novo {{pickupCode}}</p>")).statusCode).toBe(200);
    try {
      await sendQueued();
      const mail = smtp.mails.find((m) => m.subject.includes(created.orderNumber));
      expect(mail?.html).toContain(created.pickupCode);
      expect(mail?.html).not.toContain("Modelo novo");
      expect(mail!.attachments).toHaveLength(1);
    } finally {
      expect((await editReady(ready, ready.content)).statusCode).toBe(200);
    }
  });

  it("is not sent with the QR when the template does not show it", async () => {
    const ready = await readyTemplate();
    expect((await editReady(ready, "<p>Seu código: {{pickupCode}}</p>")).statusCode).toBe(200);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the templates are read at most once a second
      const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0007" });
      const [queued] = await readyEmails(created.id);
      expect(queued!.bodySource?.pickupCodeQr).toBeUndefined();
      await sendQueued();
      const mail = smtp.mails.find((m) => m.subject.includes(created.orderNumber));
      expect(mail?.html.trim()).toBe(`<p>Seu código: ${created.pickupCode}</p>`);
      expect(mail!.attachments).toEqual([]);
    } finally {
      expect((await editReady(ready, ready.content)).statusCode).toBe(200);
    }
  });
});

describe("'Reenviar aviso'", () => {
  it("queues the customer's e-mail again for the pickup's store, then asks to wait an hour", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0008" });
    const first = await resend(created.id, storeA.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ message: "Aviso reenviado ao cliente com sucesso!" });
    const emails = await readyEmails(created.id);
    expect(emails).toHaveLength(2);
    expect(emails[1]!.to).toEqual(["maria@example.com"]);
    expect(emails[1]!.bodySource?.pickupCodeQr).toBe(created.pickupCode);

    const second = await resend(created.id, t.adminToken);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({ error: "O aviso já foi reenviado há pouco. Aguarde 60 minutos para reenviar de novo." });
    const retryAfter = Number(second.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await readyEmails(created.id)).toHaveLength(2);

    // An hour later it may go again.
    await t.database.db
      .update(emailOutbox)
      .set({ createdAt: new Date(Date.now() - 61 * 60 * 1000) })
      .where(eq(emailOutbox.id, emails[1]!.id));
    expect((await resend(created.id, t.adminToken)).statusCode).toBe(200);
    expect(await readyEmails(created.id)).toHaveLength(3);
  });

  it("refuses a pickup that does not wait in the store, and hides another store's", async () => {
    const inTransit = await createPickup();
    const refused = await resend(inTransit.id, storeA.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: "Só é possível reenviar o aviso de um pedido aguardando retirada." });

    const waiting = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0010" });
    const other = await resend(waiting.id, storeB.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "Retirada não encontrada." });
    expect(await readyEmails(waiting.id)).toHaveLength(1);
    expect((await resend("00000000-0000-4000-8000-000000000000", t.adminToken)).statusCode).toBe(404);
  });
});
