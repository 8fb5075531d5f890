import { randomBytes } from "node:crypto";
import { buildApp } from "./app/app.js";
import { prepareDatabase } from "./bootstrap.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { createJobs, startJobs, stopJobs } from "./jobs/index.js";
import { createLogger } from "./modules/audit/logger.js";
import { loopbackUrl, removeControlFile, writeControlFile } from "./modules/backup/control-file.js";

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

  // The long-running jobs (jobs/index.ts): started once the app listens, in their declared order.
  const jobs = createJobs({ db: database.db, config, log, secrets: app.secrets });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    if (operatorToken) removeControlFile(config.dataDir, process.pid);
    try {
      // The jobs stop in the reverse of their order, the e-mail being handed to the mail server finished
      // (or handed back), while the app closes; then the database goes.
      await Promise.all([app.close(), stopJobs(jobs)]);
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
  startJobs(jobs);
  log.info({ database: database.kind, dataDir: database.kind === "pglite" ? config.dataDir : undefined }, "Passo is serving");
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
