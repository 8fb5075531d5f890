import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { MAIL_SERVER_MESSAGES } from "@passo/domain";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../app/app.js";
import { prepareDatabase } from "../../bootstrap.js";
import { emailOutbox, mailServer } from "../../db/schema/index.js";
import { createSecretBox } from "../../lib/secret-box.js";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { enqueueEmail } from "../../records/outbox.js";
import { createEmailOutboxWorker } from "../../jobs/email-outbox-worker.js";
import { configuredSmtpSettings } from "./mail-server.service.js";

const run = promisify(execFile);
const t = useTestApp();
const PASSWORD = "SenhaDoSmtp2026abcXYZ";
const settings = { host: "smtp.passo.test", port: "587", secure: false, user: "avisos@passo.test" };
let smtp: MailCatcher;
let id: string;

async function save(app: App, payload: Record<string, unknown>) {
  return app.inject({ method: "PUT", url: `/api/service-notification/update/${id}`, headers: bearer(t.adminToken), payload });
}

async function storedPass(): Promise<string> {
  const [row] = await t.database.db.select({ pass: mailServer.pass }).from(mailServer).where(eq(mailServer.id, id));
  return row!.pass;
}

/** Everything the database holds, as a dump: pg_dump on PostgreSQL, the data directory's files on PGlite. */
async function dumpDatabase(): Promise<Buffer> {
  if (t.database.kind === "pglite") {
    const tar = await t.database.pglite!.dumpDataDir("none");
    return Buffer.from(await tar.arrayBuffer());
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const [name] = ((await t.database.db.execute("select current_database() as name")) as unknown as { rows: { name: string }[] }).rows;
  url.pathname = `/${name!.name}`;
  const { stdout } = await run("pg_dump", ["--no-owner", url.toString()], { maxBuffer: 64 * 1024 * 1024, encoding: "buffer" });
  return stdout;
}

function sendOne(app: App, eventKey: string) {
  const worker = createEmailOutboxWorker({
    db: t.database.db,
    log: pino({ level: "silent" }),
    companyName: t.config.companyName,
    loadSmtpSettings: (db) => configuredSmtpSettings(db, app.secrets),
    transportFactory: smtp.transportFactory,
  });
  return enqueueEmail(t.database.db, { eventKey, kind: "picklist-alert", recordId: randomUUID(), to: ["loja@passo.test"], subject: eventKey, html: "<p>oi</p>" }).then(() =>
    worker.runOnce(),
  );
}

beforeAll(async () => {
  smtp = await startMailCatcher();
  const [row] = await t.database.db.select({ id: mailServer.id }).from(mailServer);
  id = row!.id;
});

afterAll(async () => {
  await smtp?.stop();
});

describe("the SMTP password at rest", () => {
  it("is stored sealed with ENCRYPTION_KEY: a dump of the database does not hold it", async () => {
    expect((await save(t.app, { ...settings, pass: PASSWORD })).statusCode).toBe(200);
    const stored = await storedPass();
    expect(stored).toMatch(/^enc:v1:/);
    const dump = await dumpDatabase();
    expect(dump.length).toBeGreaterThan(10_000);
    expect(dump.includes(Buffer.from("avisos@passo.test"))).toBe(true);
    expect(dump.includes(Buffer.from(PASSWORD))).toBe(false);
    expect(dump.includes(Buffer.from(PASSWORD, "utf16le"))).toBe(false);
    // Still the password the mail server is given.
    const summary = await sendOne(t.app, "cifrada-1");
    expect(summary.sent).toBe(1);
    expect(smtp.mails.at(-1)?.user).toBe("avisos@passo.test");
  });

  it("keeps its sealed value when the same password is typed again, so the audit log sees no change", async () => {
    const before = await storedPass();
    expect((await save(t.app, { ...settings, pass: PASSWORD })).statusCode).toBe(200);
    expect(await storedPass()).toBe(before);
    expect((await save(t.app, { ...settings, pass: "OutraSenhaSmtp2026abc" })).statusCode).toBe(200);
    expect(await storedPass()).not.toBe(before);
    expect((await save(t.app, { ...settings, pass: PASSWORD })).statusCode).toBe(200);
  });

  it("stored in clear by an older version, is sealed on the next start", async () => {
    await t.database.db.update(mailServer).set({ pass: PASSWORD }).where(eq(mailServer.id, id));
    await prepareDatabase(t.database, t.config, pino({ level: "silent" }));
    const stored = await storedPass();
    expect(stored).toMatch(/^enc:v1:/);
    expect(createSecretBox(t.config.encryptionKey).open(stored, "service_notification.pass")).toBe(PASSWORD);
  });

  it("under another ENCRYPTION_KEY: the screen and the queue say the password must be typed again, never a 500", async () => {
    const other = await buildApp({ config: { ...t.config, encryptionKey: randomBytes(32).toString("hex") }, database: t.database });
    try {
      const read = await other.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(t.adminToken) });
      expect(read.statusCode).toBe(200);
      expect(read.json().serviceNotification[0]).toMatchObject({ hasPassword: true, passwordUnreadable: true });

      const keep = await save(other, { ...settings });
      expect(keep.statusCode).toBe(400);
      expect(keep.json()).toEqual({ error: MAIL_SERVER_MESSAGES.passwordAgain });

      const mailsBefore = smtp.mails.length;
      const summary = await sendOne(other, "cifrada-2");
      expect(summary).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.mails.length).toBe(mailsBefore);
      const [waiting] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.eventKey, "cifrada-2"));
      expect(waiting).toMatchObject({ status: "pending", attempts: 0, lastError: MAIL_SERVER_MESSAGES.queuePasswordUnreadable });

      // Typed again: readable under the new key, and the waiting e-mail goes out.
      const retyped = await save(other, { ...settings, pass: PASSWORD });
      expect(retyped.statusCode).toBe(200);
      expect(retyped.json().serviceNotification.passwordUnreadable).toBe(false);
      expect((await sendOne(other, "cifrada-3")).sent).toBe(2);
    } finally {
      await other.close();
    }
  });
});
