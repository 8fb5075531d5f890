import { and, asc, eq, inArray, isNull, lte, ne, or } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { isIP } from "node:net";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { Db } from "../db/client.js";
import { emailOutbox } from "../db/schema/index.js";
import { MAIL_SERVER_MESSAGES } from "@passo/domain";
import { UnreadableSecretError } from "../lib/secret-box.js";
import { InternalSmtpHostError, resolveSmtpTarget, type TargetOptions } from "../lib/smtp-target.js";
import type { SmtpSettings } from "../modules/mail-server/mail-server.service.js";
import { onOutboxNudge } from "../lib/outbox-signal.js";
import { drawBody } from "../lib/outbox-body.js";

const NOT_CONFIGURED = MAIL_SERVER_MESSAGES.queueNotConfigured;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** What the worker needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(message: {
    from: { name: string; address: string };
    to: string[];
    subject: string;
    html: string;
    /** The images the body shows by `cid:`. */
    attachments?: { filename: string; content: Buffer; contentType: string; cid: string }[];
  }): Promise<{ messageId: string; rejected: (string | { address: string })[] }>;
  close(): void;
}

export type TransportFactory = (service: SmtpSettings) => MailTransport;

/**
 * An SMTP transport for the configured service; a server that hangs fails the attempt after about 10 s.
 * The host is resolved here and its addresses checked (lib/smtp-target.ts): the connection goes
 * to the checked address, with the name kept for TLS (SNI and the certificate check).
 */
export function createMailTransport(service: SmtpSettings, target: TargetOptions = {}): MailTransport {
  let opened: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
  const open = () =>
    (opened ??= resolveSmtpTarget(service.host, target).then((address) =>
      nodemailer.createTransport({
        host: address,
        port: Number(service.port),
        secure: service.secure,
        ...(isIP(service.host) ? {} : { servername: service.host, tls: { servername: service.host } }),
        auth: { user: service.user, pass: service.pass },
        connectionTimeout: 10 * SECOND,
        greetingTimeout: 10 * SECOND,
        socketTimeout: 10 * SECOND,
      }),
    ));
  return {
    async sendMail(message) {
      return (await open()).sendMail(message);
    },
    close() {
      opened?.then(
        (transport) => transport.close(),
        () => undefined,
      );
    },
  };
}

/** 30 s, 1 min, 2 min, … up to 1 h between attempts, ±20 % so that a queue does not retry in lockstep. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  return Math.min(30 * SECOND * 2 ** (attempts - 1), HOUR) * (0.8 + 0.4 * random());
}

export interface EmailOutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The display name of the From address. */
  companyName: string;
  /**
   * The mail server's settings as they are now, or undefined while they are incomplete (the
   * e-mails then wait). Read before every run, so a new configuration is used at once. An
   * UnreadableSecretError (the password was sealed under another ENCRYPTION_KEY) makes them wait too.
   */
  loadSmtpSettings: (db: Db) => Promise<SmtpSettings | undefined>;
  pollIntervalMs?: number;
  /**
   * Nudges closer together than this share one run: under a burst of writes the worker looks at the
   * queue a few times a second instead of once per change.
   */
  nudgeIntervalMs?: number;
  batchSize?: number;
  /** Attempts before an e-mail is given up as failed. */
  maxAttempts?: number;
  /** Wait before the next attempt, after `attempts` failed ones. */
  retryDelay?: (attempts: number) => number;
  /** How long a claimed e-mail may stay 'sending' before it is handed back to the queue. */
  leaseMs?: number;
  /** SMTP_ALLOW_PRIVATE: the mail server may be on this machine or the internal network (tests, development). */
  allowPrivateSmtp?: boolean;
  transportFactory?: TransportFactory;
}

export interface RunSummary {
  sent: number;
  /** Failed this time, to be tried again later. */
  retrying: number;
  /** Failed for the last time. */
  failed: number;
}

export interface EmailOutboxWorker {
  /** Polls, and runs at once when nudged after an enqueue. */
  start(): void;
  /** Stops polling and waits for the e-mail being sent; what it had claimed and not sent goes back to the queue. */
  stop(): Promise<void>;
  /** Delivers what is due at `now` (default: the clock), in batches, and returns what happened. */
  runOnce(now?: Date): Promise<RunSummary>;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Delivers the outbox. Each batch is claimed in a short transaction (SELECT … FOR UPDATE SKIP
 * LOCKED, then marked 'sending'), so several API processes on one PostgreSQL never claim the
 * same e-mail, and PGlite's single connection is never held while talking to the mail server.
 *
 * Delivery is at least once: a claim that is never finished (the process was killed mid-send)
 * expires after `leaseMs` and the e-mail is sent again. So a crash exactly between the mail
 * server accepting an e-mail and the database recording it as sent delivers that e-mail twice.
 */
export function createEmailOutboxWorker(options: EmailOutboxWorkerOptions): EmailOutboxWorker {
  const {
    db,
    log,
    companyName,
    loadSmtpSettings,
    pollIntervalMs = 5 * SECOND,
    nudgeIntervalMs = 200,
    batchSize = 10,
    maxAttempts = 10,
    retryDelay = retryDelayMs,
    leaseMs = 10 * MINUTE,
    allowPrivateSmtp = false,
    transportFactory = (service: SmtpSettings) => createMailTransport(service, { allowPrivate: allowPrivateSmtp }),
  } = options;
  const o = emailOutbox;
  let stopping = false;

  /** Claims that outlived their lease belong to a worker that is gone. */
  async function releaseExpiredClaims(at: Date): Promise<void> {
    await db
      .update(o)
      .set({ status: "pending", nextAttemptAt: at })
      .where(and(eq(o.status, "sending"), lte(o.nextAttemptAt, at)));
  }

  /** Nothing can be sent yet: the administrator sees why, and the e-mails wait (no attempt is spent). */
  async function markWaitingForConfiguration(at: Date, reason: string): Promise<void> {
    await db
      .update(o)
      .set({ lastError: reason })
      .where(and(eq(o.status, "pending"), lte(o.nextAttemptAt, at), or(isNull(o.lastError), ne(o.lastError, reason))));
  }

  async function currentSettings(): Promise<SmtpSettings | string> {
    try {
      return (await loadSmtpSettings(db)) ?? NOT_CONFIGURED;
    } catch (err) {
      if (err instanceof UnreadableSecretError) return MAIL_SERVER_MESSAGES.queuePasswordUnreadable;
      throw err;
    }
  }

  async function claimBatch(at: Date): Promise<OutboxRow[]> {
    const rows = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: o.id })
        .from(o)
        .where(and(eq(o.status, "pending"), lte(o.nextAttemptAt, at)))
        .orderBy(asc(o.nextAttemptAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(o)
        .set({ status: "sending", nextAttemptAt: new Date(at.getTime() + leaseMs) })
        .where(inArray(o.id, due.map((row) => row.id)))
        .returning();
    });
    return rows.sort((a, b) => a.nextAttemptAt.getTime() - b.nextAttemptAt.getTime() || a.createdAt.getTime() - b.createdAt.getTime());
  }

  async function deliver(transport: MailTransport, service: SmtpSettings, row: OutboxRow, clock: () => Date): Promise<keyof RunSummary> {
    const claimed = and(eq(o.id, row.id), eq(o.status, "sending"));
    let info: Awaited<ReturnType<MailTransport["sendMail"]>>;
    // A customer e-mail's body is drawn now, from the template and the record as they were when it was queued.
    let body: { html: string; inlineImages: OutboxRow["inlineImages"] } = row;
    try {
      if (row.bodySource) body = await drawBody(row.bodySource);
      const attachments = body.inlineImages.map((image) => ({ filename: image.filename, content: Buffer.from(image.base64, "base64"), contentType: image.contentType, cid: image.cid }));
      info = await transport.sendMail({
        from: { name: companyName, address: service.user },
        to: row.to,
        subject: row.subject,
        html: body.html,
        ...(attachments.length > 0 ? { attachments } : {}),
      });
    } catch (err) {
      const attempts = row.attempts + 1;
      const failed = attempts >= maxAttempts;
      const at = clock();
      await db
        .update(o)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError: outboxErrorMessage(err),
          nextAttemptAt: failed ? at : new Date(at.getTime() + retryDelay(attempts)),
        })
        .where(claimed);
      // The mail server's own words stay in the server's log; the outbox shows administrators outboxErrorMessage(err).
      log.warn({ notification: row.id, kind: row.kind, attempts, err }, failed ? "notification e-mail failed for good" : "notification e-mail failed, will retry");
      return failed ? "failed" : "retrying";
    }
    // The mail server has the e-mail now. Should this update not happen (the process dies here),
    // the claim expires and the e-mail goes out a second time: the at-least-once caveat.
    const rejected = info.rejected.map((r) => (typeof r === "string" ? r : r.address));
    const sentAt = clock();
    await db
      .update(o)
      .set({
        status: "sent",
        attempts: row.attempts + 1,
        sentAt,
        nextAttemptAt: sentAt,
        messageId: info.messageId,
        lastError: rejected.length > 0 ? `Recusado pelo servidor para: ${rejected.join(", ")}` : null,
        // What went out, kept as any other sent e-mail is (the retention empties it later).
        ...(row.bodySource ? { html: body.html, inlineImages: body.inlineImages, bodySource: null } : {}),
      })
      .where(claimed);
    return "sent";
  }

  async function runOnce(now?: Date): Promise<RunSummary> {
    const clock = () => now ?? new Date();
    const summary: RunSummary = { sent: 0, retrying: 0, failed: 0 };
    await releaseExpiredClaims(clock());
    const service = await currentSettings();
    if (typeof service === "string") {
      await markWaitingForConfiguration(clock(), service);
      return summary;
    }
    for (;;) {
      const batch = await claimBatch(clock());
      if (batch.length === 0) break;
      const transport = transportFactory(service);
      try {
        for (const [index, row] of batch.entries()) {
          if (stopping) {
            await db
              .update(o)
              .set({ status: "pending", nextAttemptAt: clock() })
              .where(and(inArray(o.id, batch.slice(index).map((r) => r.id)), eq(o.status, "sending")));
            return summary;
          }
          summary[await deliver(transport, service, row, clock)]++;
        }
      } finally {
        transport.close();
      }
      if (batch.length < batchSize) break;
    }
    return summary;
  }

  let timer: NodeJS.Timeout | undefined;
  let nudgeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let lastRunAt = 0;
  let unsubscribe: (() => void) | undefined;

  /** A change queued an e-mail: run now, or once the last run is nudgeIntervalMs old. */
  function nudged() {
    if (stopping || nudgeTimer) return;
    const wait = lastRunAt + nudgeIntervalMs - Date.now();
    if (wait <= 0) return tick();
    nudgeTimer = setTimeout(() => {
      nudgeTimer = undefined;
      tick();
    }, wait);
    nudgeTimer.unref();
  }

  function schedule() {
    clearTimeout(timer);
    if (stopping) return;
    timer = setTimeout(tick, pollIntervalMs);
    timer.unref();
  }

  /** One run at a time; a nudge during a run asks for another right after it. */
  function tick() {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        lastRunAt = Date.now();
        try {
          await runOnce();
        } catch (err) {
          log.error({ err }, "notification worker run failed");
        }
      } while (again && !stopping);
    })().finally(() => {
      running = undefined;
      schedule();
    });
  }

  return {
    start() {
      stopping = false;
      unsubscribe = onOutboxNudge(nudged);
      tick();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      clearTimeout(nudgeTimer);
      nudgeTimer = undefined;
      unsubscribe?.();
      await running;
    },
    runOnce,
  };
}

const CONNECTION_CODES = new Set(["ECONNECTION", "ESOCKET", "ETIMEDOUT", "ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "ETLS", "EGREETING", "EPIPE"]);
const NOT_FOUND_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "ENODATA", "ETIMEOUT", "EDNS"]);

/** What the outbox shows administrators for a failed attempt: a sentence in Portuguese, never the raw error. */
export function outboxErrorMessage(err: unknown): string {
  if (err instanceof InternalSmtpHostError) return MAIL_SERVER_MESSAGES.sendInternalHost;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== "string") return MAIL_SERVER_MESSAGES.sendOther;
  if (NOT_FOUND_CODES.has(code)) return MAIL_SERVER_MESSAGES.sendHostNotFound;
  if (CONNECTION_CODES.has(code)) return MAIL_SERVER_MESSAGES.sendConnection;
  if (code === "EAUTH" || code === "ENOAUTH") return MAIL_SERVER_MESSAGES.sendAuth;
  if (code === "EENVELOPE") return MAIL_SERVER_MESSAGES.sendRecipient;
  return MAIL_SERVER_MESSAGES.sendOther;
}
