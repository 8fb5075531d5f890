import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "../../db/client.js";
import { migrationsFolder } from "../../db/client.js";
import { appliedMigrations, knownMigrations, type MigrationStep } from "../../db/migrations.js";
import { conflict } from "../../lib/errors.js";
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  TableChecksum,
  isControlLine,
  type BackupEnd,
  type BackupHeader,
  type ControlLine,
  type SequenceState,
  type TableEnd,
} from "./backup-format.js";
import { snapshotOn, transactionOn, type SqlSession } from "./sql-session.js";

/** A refusal of the backup or restore commands, in the operator's words. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** How the rows are written: the same text on PGlite and PostgreSQL, whatever the server's settings. */
const SESSION_SETTINGS = ["SET LOCAL TimeZone = 'UTC'", "SET LOCAL DateStyle = 'ISO, YMD'", "SET LOCAL bytea_output = 'hex'", "SET LOCAL extra_float_digits = 3"];

async function applySessionSettings(session: SqlSession) {
  for (const statement of SESSION_SETTINGS) await session.query(statement);
}

/** The application's tables, parents before the tables whose foreign keys point at them. */
async function tablesInOrder(session: SqlSession): Promise<string[]> {
  const tables = (
    await session.query<{ name: string }>(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname",
    )
  ).map((r) => r.name);
  const edges = await session.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

async function columnsOf(session: SqlSession, table: string): Promise<string[]> {
  const rows = await session.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

/** The sequences owned by a table's column (serial, identity), with where they stand. */
async function sequenceStates(session: SqlSession): Promise<SequenceState[]> {
  const sequences = await session.query<{ name: string }>(
    `select s.relname as name from pg_class s join pg_namespace n on n.oid = s.relnamespace where s.relkind = 'S' and n.nspname = 'public' order by s.relname`,
  );
  const states: SequenceState[] = [];
  for (const { name } of sequences) {
    const [state] = await session.query<{ last_value: string | number; is_called: boolean }>(`select last_value, is_called from public.${ident(name)}`);
    states.push({ name, lastValue: String(state!.last_value), isCalled: state!.is_called });
  }
  return states;
}

/** What the database recorded as applied, read through the session (in the snapshot). */
async function migrationLevel(session: SqlSession): Promise<MigrationStep[]> {
  const [exists] = await session.query<{ present: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!exists?.present) return [];
  const rows = await session.query<{ hash: string; created_at: string | number }>("select hash, created_at from drizzle.__drizzle_migrations order by created_at");
  return rows.map((r) => ({ hash: r.hash, when: Number(r.created_at) }));
}

/** Writes one line, waiting while the destination (gzip, a file, a socket) catches up. */
async function writeLine(out: Writable, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      out.off("drain", ok);
      out.off("error", done);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => done();
    out.once("drain", ok);
    out.once("error", done);
  });
}

export interface BackupSummary {
  tables: { name: string; rows: number; checksum: string }[];
  rows: number;
}

/**
 * Writes the whole database to `out`, read through `session`, which must already be inside one
 * transaction: REPEATABLE READ on PostgreSQL, so every table is read at the same instant while the
 * server keeps writing. Tables stream through a cursor; memory does not grow with their size.
 */
export async function writeBackup(session: SqlSession, out: Writable, source: BackupHeader["source"]): Promise<BackupSummary> {
  await applySessionSettings(session);
  const header: BackupHeader = { $: "header", format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), source, migrations: await migrationLevel(session) };
  if (header.migrations.length === 0) throw new BackupError("O banco de dados não tem as tabelas do Passo: nada a copiar.");
  await writeLine(out, JSON.stringify(header));
  const summary: BackupSummary = { tables: [], rows: 0 };
  for (const table of await tablesInOrder(session)) {
    const columns = await columnsOf(session, table);
    await writeLine(out, JSON.stringify({ $: "table", name: table, columns }));
    const checksum = new TableChecksum();
    // Invoices are up to 10 MB each: fetched a few at a time, the other tables by the thousand.
    const hasBytes = (
      await session.query<{ n: number }>(`select count(*)::int as n from pg_attribute where attrelid = $1::regclass and atttypid = 'bytea'::regtype and not attisdropped`, [
        `public.${ident(table)}`,
      ])
    )[0]!.n > 0;
    const batch = hasBytes ? 8 : 1000;
    await session.query(`declare passo_backup no scroll cursor for select row_to_json(t)::text as j from (select ${columns.map(ident).join(", ")} from public.${ident(table)}) t`);
    for (;;) {
      const rows = await session.query<{ j: string }>(`fetch ${batch} from passo_backup`);
      for (const { j } of rows) {
        checksum.add(j);
        await writeLine(out, j);
      }
      if (rows.length < batch) break;
    }
    await session.query("close passo_backup");
    const end: TableEnd = { $: "end", name: table, rows: checksum.rows, checksum: checksum.value };
    await writeLine(out, JSON.stringify(end));
    summary.tables.push({ name: table, rows: checksum.rows, checksum: checksum.value });
    summary.rows += checksum.rows;
  }
  await writeLine(out, JSON.stringify({ $: "sequences", sequences: await sequenceStates(session) }));
  const done: BackupEnd = { $: "done", tables: summary.tables.length, rows: summary.rows };
  await writeLine(out, JSON.stringify(done));
  return summary;
}

/** Every table's checksum as the database holds it now, computed as the backup computes it. */
export async function tableChecksums(session: SqlSession): Promise<Map<string, { rows: number; checksum: string }>> {
  await applySessionSettings(session);
  const result = new Map<string, { rows: number; checksum: string }>();
  for (const table of await tablesInOrder(session)) {
    const columns = await columnsOf(session, table);
    const checksum = new TableChecksum();
    await session.query(`declare passo_check no scroll cursor for select row_to_json(t)::text as j from (select ${columns.map(ident).join(", ")} from public.${ident(table)}) t`);
    for (;;) {
      const rows = await session.query<{ j: string }>("fetch 500 from passo_check");
      for (const { j } of rows) checksum.add(j);
      if (rows.length < 500) break;
    }
    await session.query("close passo_check");
    result.set(table, { rows: checksum.rows, checksum: checksum.value });
  }
  return result;
}

/** Tables that hold a row, with their first few: a restore goes only into an empty database. */
async function nonEmptyTables(session: SqlSession): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesInOrder(session)) {
    const [row] = await session.query<{ any: boolean }>(`select exists (select 1 from public.${ident(table)}) as any`);
    if (row?.any) found.push(table);
  }
  return found;
}

/**
 * A copy of the migrations folder that ends at `level`: migrating with it brings an empty database to
 * the shape of the backup's rows; the migrations after it run once the rows are in, as on any upgrade.
 */
function migrationsUpTo(level: MigrationStep[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), "passo-restore-migrations-"));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { when: number }[] };
  const last = level.at(-1)?.when ?? -1;
  journal.entries = journal.entries.filter((e) => e.when <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrateTo(database: Database, folder: string): Promise<void> {
  if (database.kind === "postgres") await migratePg(database.db as never, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
}

const sameSteps = (a: MigrationStep[], b: MigrationStep[]) => a.length <= b.length && a.every((step, i) => step.hash === b[i]?.hash);

/** Reads the backup's lines one by one (gunzipped by the caller). */
function lines(input: Readable): AsyncIterator<string> {
  return createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
}

async function nextLine(iterator: AsyncIterator<string>): Promise<string> {
  const next = await iterator.next();
  if (next.done) throw new BackupError("O arquivo de backup termina antes do fim: está incompleto ou corrompido. Nada foi restaurado.");
  return next.value;
}

function control(line: string): ControlLine {
  if (!isControlLine(line)) throw new BackupError("O arquivo de backup está corrompido (linha inesperada). Nada foi restaurado.");
  return JSON.parse(line) as ControlLine;
}

export interface RestoreSummary {
  tables: { name: string; rows: number; checksum: string }[];
  rows: number;
  /** Migrations applied after the rows went in (the backup came from an older version). */
  upgradedBy: number;
}

/** Rows per INSERT, and bytes: invoices make some rows large. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 8 * 1024 * 1024;

/**
 * Loads a backup into an empty database, of either engine. Refuses a database that holds any row,
 * and a backup made by a newer version of Passo. The database is first migrated to the backup's own
 * level, the rows go in within one transaction (triggers of the tables off, foreign keys checked),
 * every table's count and checksum are compared with the backup's before the commit, the sequences
 * are set where they stood, and then the migrations newer than the backup run. A failure anywhere
 * before the commit leaves no row behind.
 */
export async function restoreBackup(database: Database, input: Readable): Promise<RestoreSummary> {
  const transaction = transactionOn(database);
  const iterator = lines(input);
  let header: BackupHeader;
  try {
    header = control(await nextLine(iterator)) as BackupHeader;
  } catch {
    throw new BackupError("Este arquivo não é um backup do Passo.");
  }
  if (header.$ !== "header" || header.format !== BACKUP_FORMAT) throw new BackupError("Este arquivo não é um backup do Passo.");
  if (header.version > BACKUP_VERSION) throw new BackupError(`O backup usa a versão ${header.version} do formato; esta versão do Passo lê até a ${BACKUP_VERSION}. Atualize o Passo antes de restaurar.`);

  const known = knownMigrations();
  if (!sameSteps(header.migrations, known)) {
    throw new BackupError(
      `O backup vem de uma versão mais nova do Passo (ou de outra linha de versões): ${header.migrations.length} migrações no backup, ${known.length} nesta versão, e as do backup não são as primeiras desta. Restaure com a mesma versão do Passo que fez o backup, ou uma mais nova.`,
    );
  }
  const applied = await appliedMigrations(database.db);
  if (!sameSteps(applied, header.migrations)) {
    throw new BackupError("O banco de destino já está numa versão mais nova que a do backup. Restaure num banco vazio, sem iniciar o Passo nele antes.");
  }
  const occupied = await transaction(nonEmptyTables);
  if (occupied.length > 0) {
    throw new BackupError(
      `O banco de destino não está vazio (tabelas com dados: ${occupied.join(", ")}). Restaure num banco novo: um banco PostgreSQL recém-criado ou um DATA_DIR vazio, sem iniciar o Passo nele antes.`,
    );
  }

  const folder = migrationsUpTo(header.migrations);
  try {
    await migrateTo(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  const summary: RestoreSummary = { tables: [], rows: 0, upgradedBy: 0 };
  await transaction(async (session) => {
    await applySessionSettings(session);
    const targetTables = new Set(await tablesInOrder(session));
    for (;;) {
      const line = control(await nextLine(iterator));
      if (line.$ === "done") {
        if (line.rows !== summary.rows) throw new BackupError("O backup está corrompido: o total de linhas não confere. Nada foi restaurado.");
        break;
      }
      if (line.$ === "sequences") {
        for (const sequence of line.sequences) {
          await session.query(`select setval($1::regclass, $2::bigint, $3)`, [`public.${ident(sequence.name)}`, sequence.lastValue, sequence.isCalled]);
        }
        continue;
      }
      if (line.$ !== "table") throw new BackupError("O arquivo de backup está corrompido (seção inesperada). Nada foi restaurado.");
      if (!targetTables.has(line.name)) throw new BackupError(`A tabela ${line.name} do backup não existe nesta versão do banco. Nada foi restaurado.`);
      const table = `public.${ident(line.name)}`;
      const columns = line.columns.map(ident).join(", ");
      await session.query(`alter table ${table} disable trigger user`);
      const checksum = new TableChecksum();
      let pending: string[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pending.length === 0) return;
        await session.query(
          `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
          [`[${pending.join(",")}]`],
        );
        pending = [];
        pendingBytes = 0;
      };
      let end: TableEnd | undefined;
      while (!end) {
        const row = await nextLine(iterator);
        if (isControlLine(row)) {
          const closing = control(row);
          if (closing.$ !== "end" || closing.name !== line.name) throw new BackupError(`O backup está corrompido na tabela ${line.name}. Nada foi restaurado.`);
          end = closing;
          break;
        }
        checksum.add(row);
        pending.push(row);
        pendingBytes += row.length;
        if (pending.length >= INSERT_ROWS || pendingBytes >= INSERT_BYTES) await flush();
      }
      await flush();
      await session.query(`alter table ${table} enable trigger user`);
      if (checksum.rows !== end.rows || checksum.value !== end.checksum) {
        throw new BackupError(`O backup está corrompido: a tabela ${line.name} não confere com a soma de verificação. Nada foi restaurado.`);
      }
      summary.tables.push({ name: line.name, rows: checksum.rows, checksum: checksum.value });
      summary.rows += checksum.rows;
    }
    // What the database holds now is what was backed up, row for row, before anything is committed.
    const stored = await tableChecksums(session);
    for (const table of summary.tables) {
      const now = stored.get(table.name);
      if (!now || now.rows !== table.rows || now.checksum !== table.checksum) {
        throw new BackupError(`A tabela ${table.name} não ficou igual ao backup. Nada foi restaurado.`);
      }
    }
  });

  const before = (await appliedMigrations(database.db)).length;
  await database.migrate();
  summary.upgradedBy = (await appliedMigrations(database.db)).length - before;
  return summary;
}

/** A backup of the whole database to `out` (gzip it on the way), in one consistent read. */
export function backupDatabase(database: Database, out: Writable): Promise<BackupSummary> {
  return snapshotOn(database)((session) => writeBackup(session, out, database.kind));
}

/**
 * A copy of the embedded database's data directory (tar gzip), for `npm run backup` while the server
 * holds it: taken while no transaction runs, so writes pause for the copy only. With PostgreSQL the
 * command reads the database itself, and there is nothing here to copy (409).
 */
export async function dataDirSnapshot(database: Database): Promise<Buffer> {
  const client = database.pglite;
  if (!client) throw conflict("Com PostgreSQL, npm run backup lê o banco diretamente; este servidor não guarda um banco embutido.");
  const tar = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return Buffer.from(await tar.arrayBuffer());
}
