import { and, asc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { newestFirst } from "./list-query.js";

/**
 * Reads the rows of `table` that `where` selects in the lists' order (`date` newest first, then
 * `id`), `size` rows per call, each call going on after the last row of the one before (keyset
 * paging): every batch is one index range read however deep into the result it is, where an
 * OFFSET would read and drop every row before it. An empty batch means the end.
 *
 * The cursor keeps the date as the database's own text (microseconds), not as a JavaScript Date
 * (milliseconds): rows a few microseconds apart must not be skipped nor read twice.
 */
export function keysetBatches<T extends PgTable>(
  db: Db,
  table: T,
  key: { date: PgColumn; id: PgColumn },
  where: SQL | undefined,
  size: number,
): () => Promise<T["$inferSelect"][]> {
  let after: { date: string; id: string } | undefined;
  let done = false;
  return async () => {
    if (done) return [];
    const resume = after
      ? sql`(${key.date} < ${after.date}::timestamptz or (${key.date} = ${after.date}::timestamptz and ${key.id} > ${after.id}))`
      : undefined;
    const rows = (await db
      .select({ row: table as PgTable, cursor: sql<string>`to_json(${key.date}) #>> '{}'`, id: sql<string>`${key.id}::text` })
      .from(table as PgTable)
      .where(and(where, resume))
      .orderBy(newestFirst(key.date), asc(key.id))
      .limit(size)) as { row: T["$inferSelect"]; cursor: string; id: string }[];
    const last = rows.at(-1);
    if (!last || rows.length < size) done = true;
    else after = { date: last.cursor, id: last.id };
    return rows.map((r) => r.row);
  };
}
