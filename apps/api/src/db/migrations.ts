import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import { migrationsFolder, rowsOf, type Db } from "./client.js";

/** One migration of apps/api/drizzle, as Drizzle's migrator identifies it: the hash of its SQL and its journal time. */
export interface MigrationStep {
  hash: string;
  when: number;
}

let known: MigrationStep[] | undefined;

/** The migrations this build of Passo carries, oldest first (read once). */
export function knownMigrations(): MigrationStep[] {
  known ??= readMigrationFiles({ migrationsFolder })
    .map((m) => ({ hash: m.hash, when: m.folderMillis }))
    .sort((a, b) => a.when - b.when);
  return known;
}

/** What Drizzle's migrator recorded as applied, oldest first; empty on a database never migrated. */
export async function appliedMigrations(db: Db): Promise<MigrationStep[]> {
  const exists = rowsOf<{ present: boolean }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  if (!exists[0]?.present) return [];
  const rows = rowsOf<{ hash: string; created_at: string | number }>(await db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`));
  return rows.map((r) => ({ hash: r.hash, when: Number(r.created_at) }));
}

/**
 * The migrations not applied yet. Drizzle applies every migration newer than the last one it
 * recorded, so the comparison is by time, as its migrator does.
 */
export async function pendingMigrations(db: Db): Promise<MigrationStep[]> {
  const applied = await appliedMigrations(db);
  const last = applied.at(-1)?.when ?? -1;
  return knownMigrations().filter((m) => m.when > last);
}
