import { and, eq, getTableColumns, sql, type SQL, type WithSubquery } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.js";
import { auditLog, emailOutbox } from "../db/schema/index.js";
import type { AuditRow } from "../modules/audit/audit.js";
import { outboxRow, type OutboxEntry } from "../modules/email-outbox/email-outbox.js";

/**
 * A record's move (start a picking list, confirm a pickup's receipt, accept a return...) in as few
 * round trips as is correct: each one costs the API some 0.15 ms (the statement built, written, its
 * answer parsed), more than the move's own logic.
 *
 * The row is read with its version (PostgreSQL's `xmin`, the transaction that wrote it), the service
 * decides in JS, and one autocommitted statement writes the update, its audit row and its e-mails
 * together (data-modifying CTEs hanging on the update's RETURNING): all or nothing, and only while
 * the row is still the version read. When another request changed it meanwhile, the update waits for
 * that one's commit and then matches no row: the row is read again and the move judged again against
 * the state the other left, as a locked row would have had it judged. After a few lost races the move
 * takes the row's lock in a transaction (read FOR UPDATE, decide, the same statement, commit), so a
 * busy record still makes progress. A move refused or with nothing to write answers from the row read,
 * a state that was committed while the request ran.
 *
 * Two round trips instead of five (BEGIN, SELECT FOR UPDATE, UPDATE, INSERT audit, COMMIT, plus one per
 * e-mail). The deferred triggers of migration 0010 still write the change events at the commit.
 */

/** A table whose records have a uuid `id`. */
type RecordTable = PgTable & { id: PgColumn };

/** What a move writes: the row's new values, its audit row, the e-mails it queues. */
export interface RowWrite<T extends RecordTable> {
  set: PgUpdateSetSource<T>;
  /** From `auditRow`, with the row read as `before` and the row as it will be stored as `after`; null: no line. */
  audit: AuditRow | null;
  /** Queued with the change, each at most once per event key (as `enqueueEmail`). */
  emails?: OutboxEntry[];
}

/** The service's judgement of the row: an answer without a write, or a write and the answer from the stored row. */
export type Decision<T extends RecordTable, R> = { answer: R } | { write: RowWrite<T>; answer: (saved: T["$inferSelect"]) => R };

export interface Transition<T extends RecordTable, R> {
  table: T;
  id: string;
  /** The caller's scope (a store's own records): a row outside it is not found. */
  visible?: SQL | undefined;
  notFound: () => Error;
  /**
   * Judges the move on the row read; may be called again with a newer row. Reads anything else it
   * needs (a store's existence) through `reader`, and writes nothing itself.
   */
  decide: (row: T["$inferSelect"], reader: Db | Tx) => Promise<Decision<T, R>> | Decision<T, R>;
  /** When the e-mails are queued (and due). */
  now: Date;
}

/** Optimistic attempts before the move takes the row's lock. */
const OPTIMISTIC_ATTEMPTS = 3;

export async function transitionRow<T extends RecordTable, R>(db: Db, move: Transition<T, R>): Promise<R> {
  const { table, id } = move;
  const where = and(eq(table.id, id), move.visible);
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const [found] = (await db
      .select({ row: table as PgTable, version: sql<string>`xmin::text` })
      .from(table as PgTable)
      .where(where)) as { row: T["$inferSelect"]; version: string }[];
    if (!found) throw move.notFound();
    const decision = await move.decide(found.row, db);
    if (!("write" in decision)) return decision.answer;
    const saved = await writeRow(db, move, decision.write, found.version);
    if (saved) return decision.answer(saved);
  }
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(where)
      .for("update")) as T["$inferSelect"][];
    if (!row) throw move.notFound();
    const decision = await move.decide(row, tx);
    if (!("write" in decision)) return decision.answer;
    return decision.answer((await writeRow(tx, move, decision.write))!);
  });
}

/**
 * The update with its audit row and e-mails, in one statement; `version`: only if the row is still
 * that version. Answers the stored row, or undefined when it was not (or no longer) there.
 */
async function writeRow<T extends RecordTable>(
  db: Db | Tx,
  move: Transition<T, unknown>,
  write: RowWrite<T>,
  version?: string,
): Promise<T["$inferSelect"] | undefined> {
  const { table, id } = move;
  const saved = db.$with("saved").as(
    db
      .update(table)
      .set(write.set)
      .where(and(eq(table.id, id), version === undefined ? undefined : sql`xmin = ${version}`))
      .returning(),
  );
  const inserts = [
    ...(write.audit ? [insertFrom(db, "audit", auditLog, write.audit, saved)] : []),
    ...(write.emails ?? []).map((entry, i) =>
      insertFrom(db, `email${i}`, emailOutbox, outboxRow(entry, move.now), saved, sql`on conflict (event_key) do nothing`),
    ),
  ];
  // (Typed as any table: Drizzle cannot tell that a generic table's update has a RETURNING.)
  const [row] = await db
    .with(saved, ...inserts)
    .select()
    .from(saved as never);
  return row as T["$inferSelect"] | undefined;
}

/**
 * `INSERT INTO table (...) SELECT <values> FROM source`: a row that exists only if the source has one
 * (the update matched). Each value goes in as its column encodes it, cast to the column's type: a
 * parameter in a SELECT list is otherwise taken as text.
 */
function insertFrom(db: Db | Tx, alias: string, table: PgTable, values: Record<string, unknown>, source: WithSubquery, suffix?: SQL) {
  const columns = getTableColumns(table);
  const fields = Object.keys(values).filter((field) => values[field] !== undefined);
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field]!.name)),
    sql`, `,
  );
  const params = sql.join(
    fields.map((field) => sql`${sql.param(values[field], columns[field])}::${sql.raw(columns[field]!.getSQLType())}`),
    sql`, `,
  );
  return db.$with(alias, {}).as(sql`insert into ${table} (${names}) select ${params} from ${source} ${suffix}`);
}
