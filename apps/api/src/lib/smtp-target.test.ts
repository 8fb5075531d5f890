import { randomUUID } from "node:crypto";
import { MAIL_SERVER_MESSAGES } from "@passo/domain";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../app/app.js";
import { prepareDatabase } from "../bootstrap.js";
import type { Database } from "../db/client.js";
import { emailOutbox, mailServer } from "../db/schema/index.js";
import { startMailCatcher, type MailCatcher } from "../testing/mail-catcher.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, openTestDatabase, testConfig } from "../testing/test-app.js";
import { enqueueEmail } from "../records/outbox.js";
import { createEmailOutboxWorker, createMailTransport } from "../jobs/email-outbox-worker.js";
import { configuredSmtpSettings, type SmtpSettings } from "../modules/mail-server/mail-server.service.js";
import { addressRange, isPublicAddress, resolveSmtpTarget, systemLookup, type Lookup } from "./smtp-target.js";

/** Names as a resolver would answer them (the test machine has no DNS): nip.io-style names lead home. */
const ANSWERS: Record<string, string[]> = {
  "smtp.127.0.0.1.nip.io": ["127.0.0.1"],
  "smtp.10.0.0.5.nip.io": ["10.0.0.5"],
  "smtp.interno.test": ["192.168.1.20"],
  "smtp.metadados.test": ["169.254.169.254"],
  "smtp.zero.test": ["0.0.0.0"],
  "smtp.cgnat.test": ["100.64.0.1"],
  "smtp.ula.test": ["fd12:3456::1"],
  "smtp.v6local.test": ["fe80::1"],
  "smtp.v6loopback.test": ["::1"],
  "smtp.mapeado.test": ["::ffff:127.0.0.1"],
  "smtp.misturado.test": ["203.0.113.250", "8.8.8.8", "172.16.0.1"],
  "smtp.publico.test": ["8.8.8.8", "2001:4860:4860::8888"],
};
let rebinding = false;
const fakeLookup: Lookup = async (host) => {
  // DNS rebinding: public while the settings are saved, this machine when the e-mail goes out.
  if (host === "smtp.rebind.test") return [rebinding ? "127.0.0.1" : "8.8.8.8"];
  const found = ANSWERS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found;
};

const INTERNAL = Object.keys(ANSWERS).filter((host) => host !== "smtp.publico.test");

let app: App;
let database: Database;
let adminToken: string;
let serviceId: string;
let smtp: MailCatcher;

beforeAll(async () => {
  const config = testConfig();
  database = await openTestDatabase();
  await prepareDatabase(database, config, pino({ level: "silent" }));
  app = await buildApp({ config, database, smtpLookup: fakeLookup });
  await app.ready();
  adminToken = (await app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).json().token;
  serviceId = (await app.inject({ method: "GET", url: "/api/service-notification/get", headers: bearer(adminToken) })).json().serviceNotification[0].id;
  smtp = await startMailCatcher();
});

afterAll(async () => {
  await smtp?.stop();
  await app?.close();
  await database?.close();
});

const settings = (host: string) => ({ host, port: "587", secure: false, user: "avisos@passo.test", pass: "abcdEFGH12345678" });

function save(host: string) {
  return app.inject({ method: "PUT", url: `/api/service-notification/update/${serviceId}`, headers: bearer(adminToken), payload: settings(host) });
}

async function storedHost() {
  const [row] = await database.db.select({ host: mailServer.host }).from(mailServer).where(eq(mailServer.id, serviceId));
  return row!.host;
}

describe("the addresses a mail server may have", () => {
  it("are public unicast ones: loopback, private, link-local, unspecified, CGNAT, ULA and mapped ones are not", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.5.4", "172.31.255.255", "192.168.0.1", "169.254.169.254", "0.0.0.0", "100.64.0.1", "100.127.255.254", "224.0.0.1", "255.255.255.255", "::1", "::", "fc00::1", "fd00::1", "fe80::1", "::ffff:10.0.0.1", "::ffff:127.0.0.1"]) {
      expect(isPublicAddress(address), `${address} (${addressRange(address)})`).toBe(false);
    }
    for (const address of ["8.8.8.8", "177.12.34.56", "2001:4860:4860::8888", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("are read from the system resolver, which gives localhost as loopback", async () => {
    await expect(resolveSmtpTarget("localhost", { lookup: systemLookup })).rejects.toThrow(/internal address/);
    await expect(resolveSmtpTarget("127.0.0.1")).rejects.toThrow(/internal address/);
    expect(await resolveSmtpTarget("127.0.0.1", { allowPrivate: true })).toBe("127.0.0.1");
  });
});

describe("saving the mail server", () => {
  it("refuses a host whose name resolves to an internal address, with 400 {error} in Portuguese, and stores nothing", async () => {
    expect((await save("smtp.publico.test")).statusCode).toBe(200);
    for (const host of INTERNAL.filter((h) => h !== "smtp.rebind.test")) {
      const res = await save(host);
      expect(res.statusCode, host).toBe(400);
      expect(res.json()).toEqual({ error: MAIL_SERVER_MESSAGES.internalHost });
      expect(await storedHost()).toBe("smtp.publico.test");
    }
  });

  it("keeps a host that does not resolve now (a passing DNS failure): sending says so later", async () => {
    expect((await save("smtp.ainda-nao-existe.test")).statusCode).toBe(200);
  });
});

describe("sending through a host that leads home", () => {
  async function queue(): Promise<string> {
    const recordId = randomUUID();
    await enqueueEmail(database.db, { eventKey: `teste:${recordId}`, kind: "pickup-ready", recordId, to: ["maria@cliente.test"], subject: `Pedido ${recordId}`, html: "<p>Oi</p>" });
    const [row] = await database.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.recordId, recordId));
    return row!.id;
  }
  async function entry(id: string) {
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row!;
  }
  /** The catcher's port on the checked address: the name resolves to 127.0.0.1, where the catcher listens. */
  const toCatcher = (service: SmtpSettings): SmtpSettings => ({ ...service, port: String(smtp.port) });

  function worker(allowPrivate: boolean, onError?: (err: unknown) => void) {
    const log = pino({ level: "warn" }, { write: (line: string) => onError?.(JSON.parse(line)) });
    return createEmailOutboxWorker({
      db: database.db,
      log,
      companyName: "Calçados Teste",
      loadSmtpSettings: (db) => configuredSmtpSettings(db, app.secrets),
      transportFactory: (service) => createMailTransport(toCatcher(service), { allowPrivate, lookup: fakeLookup }),
      retryDelay: () => 0,
    });
  }

  it("re-checks the address when connecting (DNS rebinding): never connects, the outbox shows a Portuguese message, the log keeps the raw one", async () => {
    rebinding = false;
    expect((await save("smtp.rebind.test")).statusCode).toBe(200);
    rebinding = true;
    const id = await queue();
    const logged: Record<string, unknown>[] = [];
    const before = smtp.mails.length;
    expect(await worker(false, (line) => logged.push(line as Record<string, unknown>)).runOnce()).toMatchObject({ sent: 0 });
    expect(smtp.mails.length).toBe(before);
    expect(await entry(id)).toMatchObject({ status: "pending", attempts: 1, lastError: MAIL_SERVER_MESSAGES.sendInternalHost });
    expect(JSON.stringify(logged)).toContain("smtp.rebind.test resolves to 127.0.0.1 (loopback)");
  });

  it("connects to the address it resolved when SMTP_ALLOW_PRIVATE lets a local mail catcher in", async () => {
    rebinding = true;
    const id = await queue();
    // The e-mail refused above goes out too, now that internal addresses are allowed.
    expect((await worker(true).runOnce()).sent).toBeGreaterThanOrEqual(1);
    expect(await entry(id)).toMatchObject({ status: "sent", lastError: null });
    expect(smtp.mails.map((mail) => mail.subject)).toContain((await entry(id)).subject);
  });

  it("shows a name that does not resolve as a server not found, in Portuguese", async () => {
    expect((await save("smtp.ainda-nao-existe.test")).statusCode).toBe(200);
    const id = await queue();
    await worker(false).runOnce();
    expect(await entry(id)).toMatchObject({ lastError: MAIL_SERVER_MESSAGES.sendHostNotFound });
  });
});
