import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../../db/client.js";

/** What the backup needs of a database connection: plain SQL with parameters, on one connection. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Runs `work` in one transaction of the given isolation on a PostgreSQL server, on a connection of its
 * own (a backup reads in one REPEATABLE READ snapshot while the server keeps writing).
 */
export async function withPostgresTransaction<T>(
  url: string,
  mode: "REPEATABLE READ, READ ONLY" | "READ COMMITTED",
  work: (session: SqlSession) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(`BEGIN ISOLATION LEVEL ${mode}`);
    const session: SqlSession = { query: async (text, params) => (await client.query(text, params as unknown[])).rows };
    const result = await work(session);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The same on PGlite: its one connection, in one transaction. */
export function withPgliteTransaction<T>(client: PGlite, work: (session: SqlSession) => Promise<T>): Promise<T> {
  return client.transaction(async (tx: Transaction) => {
    const session: SqlSession = { query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows };
    return work(session);
  });
}

export type TransactionRunner = <T>(work: (session: SqlSession) => Promise<T>) => Promise<T>;

/** One transaction on the database, READ COMMITTED (the restore's writes). */
export function transactionOn(database: Database): TransactionRunner {
  if (database.pglite) return (work) => withPgliteTransaction(database.pglite!, work);
  return (work) => withPostgresTransaction(database.url!, "READ COMMITTED", work);
}

/** One consistent read of the whole database (the backup). */
export function snapshotOn(database: Database): TransactionRunner {
  if (database.pglite) return (work) => withPgliteTransaction(database.pglite!, async (session) => {
    await session.query("set transaction isolation level repeatable read, read only");
    return work(session);
  });
  return (work) => withPostgresTransaction(database.url!, "REPEATABLE READ, READ ONLY", work);
}
