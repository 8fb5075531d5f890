import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { loadConfig } from "../../config.js";
import { fromPglite, openPglite, openDatabase, type Database } from "../../db/client.js";
import { lockOwner } from "../../db/data-dir-lock.js";
import { BackupError, backupDatabase, restoreBackup, type BackupSummary } from "./backup.service.js";
import { readControlFile } from "./control-file.js";

const say = (line: string) => process.stderr.write(`${line}\n`);

/** An embedded database that a running server holds: a copy of its data directory, asked of the server. */
async function snapshotFromServer(dataDir: string, owner: number): Promise<Database> {
  const control = readControlFile(dataDir);
  if (!control || control.pid !== owner) {
    throw new BackupError(
      `O processo ${owner} usa o DATA_DIR ${dataDir}, mas não publicou o endereço para o backup (passo.control.json). Reinicie-o com esta versão do Passo, ou pare-o e rode o backup de novo.`,
    );
  }
  say(`Servidor em execução (processo ${owner}): pedindo uma cópia do banco embutido a ${control.url}…`);
  const res = await fetch(`${control.url}/api/backup/snapshot`, { headers: { authorization: `Bearer ${control.token}` }, signal: AbortSignal.timeout(10 * 60_000) });
  if (!res.ok) {
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    throw new BackupError(`O servidor recusou a cópia (${res.status}): ${body.error ?? res.statusText}`);
  }
  const copy = await openPglite(undefined, { loadDataDir: new Blob([await res.arrayBuffer()]) });
  return fromPglite(copy);
}

/** `npm run backup -- FILE`: the configured database (DATABASE_URL or DATA_DIR), while the server runs or not. */
export async function backupCommand(file: string): Promise<void> {
  const config = loadConfig();
  const started = Date.now();
  let database: Database;
  if (config.databaseUrl) database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  else {
    if (!existsSync(path.join(config.dataDir, "pglite"))) throw new BackupError(`Não há banco embutido em ${config.dataDir} (DATA_DIR).`);
    const owner = lockOwner(config.dataDir);
    database = owner ? await snapshotFromServer(config.dataDir, owner) : await openDatabase({ dataDir: config.dataDir });
  }
  // Written beside the destination and renamed at the end: FILE is never a half backup.
  const partial = `${file}.partial`;
  let summary: BackupSummary;
  try {
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    summary = await backupDatabase(database, gzip);
    gzip.end();
    await written;
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    await database.close();
  }
  const size = statSync(file).size;
  say(`Backup gravado em ${file}: ${summary.tables.length} tabelas, ${summary.rows} linhas, ${(size / 1024 / 1024).toFixed(1)} MB, em ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  for (const table of summary.tables) say(`  ${table.name}: ${table.rows}`);
}

/** `npm run restore -- FILE`: into the configured database, which must be empty (a new PostgreSQL database, or a new DATA_DIR). */
export async function restoreCommand(file: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`Arquivo não encontrado: ${file}`);
  const config = loadConfig();
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const summary = await restoreBackup(database, createReadStream(file).pipe(createGunzip()));
    say(
      `Backup restaurado ${config.databaseUrl ? "no PostgreSQL" : `no banco embutido em ${config.dataDir}`}: ${summary.tables.length} tabelas, ${summary.rows} linhas, em ${((Date.now() - started) / 1000).toFixed(1)} s.` +
        (summary.upgradedBy > 0 ? ` ${summary.upgradedBy} migrações desta versão aplicadas depois.` : ""),
    );
    for (const table of summary.tables) say(`  ${table.name}: ${table.rows}`);
  } finally {
    await database.close();
  }
}

/** node dist/modules/backup/cli.js backup|restore FILE */
export async function main(argv: string[]): Promise<number> {
  // The backup holds customers' data, and the embedded database's files are DATA_DIR's owner's only.
  process.umask(0o077);
  const [command, file] = argv;
  if ((command !== "backup" && command !== "restore") || !file) {
    say("Uso: npm run backup -- ARQUIVO   |   npm run restore -- ARQUIVO");
    return 2;
  }
  try {
    await (command === "backup" ? backupCommand(file) : restoreCommand(file));
    return 0;
  } catch (err) {
    say(err instanceof Error ? err.message : String(err));
    return 1;
  }
}
