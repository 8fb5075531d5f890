import { and, asc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { newestFirst } from "./list-query.js";

/**
 * Reads the rows of `table` that `where` selects in the lists' order (`date` newest first, then
 * `id`, ascending unless `idOrder` says "desc" as the audit log's index has it), `size` rows per call, each call going on after the last row of the one before (keyset
 * paging): every batch is one index range read however deep into the result it is, where an
 * OFFSET would read and drop every row before it. An empty batch means the end.
 *
 * The next batch is asked for as soon as a batch arrives, so the database reads it while the caller
 * writes this one out: at most two batches are held. The cursor keeps the date as the database's
 * own text (microseconds), not as a JavaScript Date (milliseconds): rows a few microseconds apart
 * must not be skipped nor read twice.
 */
export function keysetBatches<T extends PgTable>(
  db: Db,
  table: T,
  key: { date: PgColumn; id: PgColumn },
  where: SQL | undefined,
  size: number,
  idOrder: "asc" | "desc" = "asc",
): () => Promise<T["$inferSelect"][]> {
  type Batch = { row: T["$inferSelect"]; cursor: string; id: string }[];
  const read = async (after: { date: string; id: string } | undefined): Promise<Batch> => {
    // `date <= last` bounds the index range, so the scan starts at the last row instead of
    // reading every row before it again; the OR only sorts out the rows of that same instant.
    const resume = after
      ? sql`${key.date} <= ${after.date}::timestamptz and (${key.date} < ${after.date}::timestamptz or ${key.id} ${sql.raw(idOrder === "asc" ? ">" : "<")} ${after.id})`
      : undefined;
    return (await db
      .select({ row: table as PgTable, cursor: sql<string>`to_json(${key.date}) #>> '{}'`, id: sql<string>`${key.id}::text` })
      .from(table as PgTable)
      .where(and(where, resume))
      .orderBy(newestFirst(key.date), idOrder === "asc" ? asc(key.id) : newestFirst(key.id))
      .limit(size)) as Batch;
  };
  let next: Promise<Batch> | undefined = read(undefined);
  // A caller that stops early (the client went away) never awaits the last batch asked for.
  next.catch(() => {});
  return async () => {
    if (!next) return [];
    const rows = await next;
    const last = rows.at(-1);
    next = last && rows.length === size ? read({ date: last.cursor, id: last.id }) : undefined;
    next?.catch(() => {});
    return rows.map((r) => r.row);
  };
}
