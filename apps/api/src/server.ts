import { buildApp } from "./app.js";
import { prepareDatabase } from "./bootstrap.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { deleteExpiredIdempotencyKeys } from "./lib/idempotency.js";
import { createLogger } from "./modules/audit/logger.js";
import { createEmailOutboxWorker } from "./modules/email-outbox/email-outbox.worker.js";
import { configuredSmtpSettings } from "./modules/mail-server/mail-server.service.js";

async function main() {
  const config = loadConfig();
  // Secrets redacted, customers' CPF, phone and e-mail masked on every line (modules/audit/logger.ts).
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database, config, log);
  const app = await buildApp({ config, database, logger: log });

  const worker = createEmailOutboxWorker({
    db: database.db,
    log: log.child({ module: "email-outbox-worker" }),
    companyName: config.companyName,
    loadSmtpSettings: (db) => configuredSmtpSettings(db, app.secrets),
  });
  // Idempotency keys past their 24 hours are of no use: cleared every hour, by whichever process.
  const sweep = setInterval(() => {
    deleteExpiredIdempotencyKeys(database.db).catch((err: unknown) => log.warn({ err }, "could not clear expired idempotency keys"));
  }, 60 * 60_000).unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    clearInterval(sweep);
    try {
      // The e-mail being handed to the mail server is finished (or handed back) before the database goes.
      await Promise.all([app.close(), worker.stop()]);
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
  worker.start();
  log.info({ database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined }, "Passo is serving");
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
