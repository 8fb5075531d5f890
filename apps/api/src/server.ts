import { randomBytes } from "node:crypto";
import { buildApp } from "./app.js";
import { prepareDatabase } from "./bootstrap.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { deleteExpiredIdempotencyKeys } from "./lib/idempotency.js";
import { createLogger } from "./modules/audit/logger.js";
import { loopbackUrl, removeControlFile, writeControlFile } from "./modules/backup/control-file.js";
import { createDeadlineScheduler } from "./modules/deadlines/deadlines.scheduler.js";
import { renderContext } from "./modules/email-templates/email-templates.service.js";
import { pruneChangeEvents } from "./modules/live/live-hub.js";
import { purgeSentEmailBodies } from "./modules/email-outbox/email-outbox.retention.js";
import { createEmailOutboxWorker } from "./modules/email-outbox/email-outbox.worker.js";
import { configuredSmtpSettings } from "./modules/mail-server/mail-server.service.js";

async function main() {
  // Every file the process creates (the embedded database's among them) is its owner's only.
  process.umask(0o077);
  const config = loadConfig();
  // Secrets redacted, customers' CPF, phone and e-mail masked on every line (modules/audit/logger.ts).
  const log = createLogger(config.logLevel);
  if (config.dataDirNotice) log.warn({ dataDir: config.dataDir }, config.dataDirNotice);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, log);
  // The embedded database is this process's alone: the backup command asks it for a copy, with this token.
  const operatorToken = database.kind === "pglite" ? randomBytes(32).toString("base64url") : undefined;
  const app = await buildApp({ config, database, logger: log, operatorToken });

  const worker = createEmailOutboxWorker({
    db: database.db,
    log: log.child({ module: "email-outbox-worker" }),
    companyName: config.companyName,
    allowPrivateSmtp: config.smtpAllowPrivate,
    loadSmtpSettings: (db) => configuredSmtpSettings(db, app.secrets),
  });
  const scheduler = createDeadlineScheduler({
    db: database.db,
    log: log.child({ module: "deadline-scheduler" }),
    context: renderContext(config),
    intervalMs: config.schedulerIntervalSeconds * 1000,
  });
  // Sent e-mails' bodies past their retention period (LGPD): purged at start and every hour, by whichever process.
  const purgeEmailBodies = () =>
    purgeSentEmailBodies(database.db)
      .then((purged) => {
        if (purged > 0) log.info({ purged }, "sent e-mail bodies purged after their retention period");
      })
      .catch((err: unknown) => log.warn({ err }, "could not purge sent e-mail bodies"));
  // Idempotency keys past their 24 hours are of no use, nor live-update events past theirs: cleared every
  // hour, by whichever process.
  const sweep = setInterval(() => {
    deleteExpiredIdempotencyKeys(database.db).catch((err: unknown) => log.warn({ err }, "could not clear expired idempotency keys"));
    pruneChangeEvents(database.db).catch((err: unknown) => log.warn({ err }, "could not clear old live-update events"));
    void purgeEmailBodies();
  }, 60 * 60_000).unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(sweep);
    if (operatorToken) removeControlFile(config.dataDir, process.pid);
    try {
      // The e-mail being handed to the mail server is finished (or handed back) before the database goes.
      await Promise.all([app.close(), worker.stop(), scheduler.stop()]);
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, "error while shutting down");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  if (operatorToken) {
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    writeControlFile(config.dataDir, { pid: process.pid, url: loopbackUrl(config.host, port), token: operatorToken });
  }
  worker.start();
  scheduler.start();
  void purgeEmailBodies();
  log.info({ database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined }, "Passo is serving");
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
