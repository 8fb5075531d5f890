import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema/index.js";
import { ensurePrivateDataDir } from "./data-dir.js";
import { acquireDataDirLock } from "./data-dir-lock.js";

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's figures (PostgreSQL); PGlite has one connection and no pool. */
  poolFigures?(): PoolFigures;
  /** The embedded engine itself (PGlite only): the backup takes its snapshot from it. */
  pglite?: PGlite;
  /** The server's address (PostgreSQL only): the backup reads through a connection of its own. */
  url?: string;
}

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * PostgreSQL settings the embedded engine starts with, on top of PGlite's own. PGlite keeps PostgreSQL's
 * shared_buffers of 128 MB, and in one process it is memory of the process: the demo chain's server held
 * 453 MB once started, 292 MB with 16 MB (bench/results/2026-11-28-memory.md, `npm run bench:memory`).
 * The demo's database is 44 MB; the pages not in the buffers come from the operating system's cache.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB"];

/**
 * An embedded engine with the extensions the migrations create (pg_trgm by the catalog's first
 * migration; unaccent, with which migration 0020 fills the search words of the products already
 * there): every PGlite the app, its tests and its tools open goes through here.
 */
export function openPglite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting])];
  return PGlite.create(dataDir, { startParams, ...options, extensions: { pg_trgm, unaccent } });
}

/**
 * Creates the embedded database's files (PostgreSQL's initdb) in a short-lived process of its own. Done in
 * the server's process, initdb's engine and the copy of the new files stay in its memory: the first start
 * peaked at 830 MB and held 430 MB, against 345 and 314 MB this way (bench/results/2026-11-28-memory.md).
 */
async function createPgliteFiles(pgliteDir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = "const { PGlite } = require(process.argv[1]); PGlite.create(process.argv[2]).then((pg) => pg.close());";
  await promisify(execFile)(process.execPath, ["-e", script, entry, pgliteDir], { env: {}, maxBuffer: 16 * 1024 * 1024 });
}

export function fromPglite(client: PGlite, onClose?: () => void): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    async close() {
      await client.close();
      onClose?.();
    },
  };
}

/**
 * A connection that names every parameterized statement after a hash of its text, so that PostgreSQL
 * parses and plans each distinct statement once per connection instead of once per query: about half the
 * time and CPU of a small query, on both sides. The app's statements are a few hundred shapes at most
 * (filters × status counts), so what each connection keeps stays small.
 */
class NamedStatementClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === "object" && "text" in config && !("name" in config && config.name)) {
      const { text } = config as { text: string };
      if (text.includes("$1")) args[0] = { ...config, name: statementName(text) };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

const statementNames = new Map<string, string>();

/** A statement's name, a hash of its text, computed once per shape (the cache is bounded all the same). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= 2_000) statementNames.clear();
    name = `passo_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

export function fromPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, Client: NamedStatementClient });
  // An idle client losing its server must not bring the process down; the next query reconnects.
  pool.on("error", () => {});
  // Nor one that is checked out (in a transaction, between two queries) when the server goes away: pg emits that
  // as an 'error' event on the client, and an event nobody listens to ends the process. The query in flight fails
  // (503), and the pool drops the dead client when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    url,
    migrate: () => migratePg(db as never, { migrationsFolder }),
    close: () => pool.end(),
    poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite inside DATA_DIR (locked to this process). */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
  // Created 0700, refused when others can write it, tightened when they can read it (db/data-dir.ts).
  ensurePrivateDataDir(opts.dataDir);
  const release = acquireDataDirLock(opts.dataDir);
  try {
    const pgliteDir = path.join(opts.dataDir, "pglite");
    if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) await createPgliteFiles(pgliteDir);
    const client = await openPglite(pgliteDir);
    // The files PGlite made on opening, whatever the umask (the server's own is 077: what it writes later is private too).
    ensurePrivateDataDir(opts.dataDir);
    return fromPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

/** node-postgres answers `{rows}`, PGlite an object with `rows` too; Drizzle's execute passes either through. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
