import { and, eq, getTableColumns, getTableName, sql, type SQL, type WithSubquery } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client.js";
import { auditLog, emailOutbox } from "../db/schema/index.js";
import type { AuditRow } from "./audit.js";
import { outboxRow, type OutboxEntry } from "./outbox.js";

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
 * `xmin` is a sound version: every new version of a row carries the id of the transaction that wrote
 * it (a lock alone leaves it as it was), and a transaction id comes round again only after four
 * billion others. A mismatch that is no change (a row frozen by VACUUM meanwhile) only costs a retry.
 *
 * Two round trips instead of five (BEGIN, SELECT FOR UPDATE, UPDATE, INSERT audit, COMMIT, plus one per
 * e-mail). The deferred triggers of migration 0010 still write the change events at the commit.
 */

/** A table whose records have a uuid `id`. */
type RecordTable = PgTable & { id: PgColumn };

/** The caller's scope: a row whose `column` does not hold `value` is not found (a store's own records). */
export interface RowScope {
  column: PgColumn;
  value: string;
}

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
  scope?: RowScope | undefined;
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

type Read<T extends RecordTable> = { row: T["$inferSelect"]; version: string };

export async function transitionRow<T extends RecordTable, R>(db: Db, move: Transition<T, R>): Promise<R> {
  const { table, scope } = move;
  const readValues = { id: move.id, scope: scope?.value };
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt++) {
    const read = prepared(db, `read ${getTableName(table)} ${scope?.column.name}`, () => readQuery(db, table, scope));
    const [found] = (await read.execute(readValues)) as Read<T>[];
    if (!found) throw move.notFound();
    const decision = await move.decide(found.row, db);
    if (!("write" in decision)) return decision.answer;
    const { values, key } = writeShape(move, decision.write, found.version);
    const write = prepared(db, key, () => writeQuery(db, table, values));
    const [saved] = (await write.execute(values)) as T["$inferSelect"][];
    if (saved) return decision.answer(saved);
  }
  // Built on the transaction's own connection, each time: this path is the exception.
  return db.transaction(async (tx) => {
    const [found] = (await readQuery(tx, table, scope).for("update").execute(readValues)) as Read<T>[];
    if (!found) throw move.notFound();
    const decision = await move.decide(found.row, tx);
    if (!("write" in decision)) return decision.answer;
    const { values } = writeShape(move, decision.write);
    const [saved] = (await writeQuery(tx, table, values).execute(values)) as T["$inferSelect"][];
    return decision.answer(saved!);
  });
}

/**
 * Statements built once per database and shape, then only given their values: Drizzle's building of
 * a statement costs more than its round trip. Kept per database (a test opens many).
 */
const statements = new WeakMap<Db, Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>>();

function prepared(db: Db, key: string, build: () => { prepare(name: string): { execute(values: Record<string, unknown>): Promise<unknown> } }) {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key);
  if (!statement) {
    // Unnamed here: the connection names it after its text (db/client.ts).
    statement = build().prepare("") as { execute(values: Record<string, unknown>): Promise<unknown[]> };
    byKey.set(key, statement);
  }
  return statement;
}

/** The row with its version, by id and within the caller's scope. */
function readQuery(db: Db | Tx, table: RecordTable, scope: RowScope | undefined) {
  return db
    .select({ row: table, version: sql<string>`xmin::text` })
    .from(table)
    .where(and(eq(table.id, sql.placeholder("id")), scope && eq(scope.column, sql.placeholder("scope"))));
}

/**
 * A write's values by placeholder name (`set.currentStatus`, `audit.changes`, `email0.subject`...),
 * each as its column encodes it for the driver, and its shape: which columns it sets and inserts,
 * which tells its statement.
 */
function writeShape<T extends RecordTable>(move: Transition<T, unknown>, write: RowWrite<T>, version?: string) {
  const values: Record<string, unknown> = { id: move.id, ...(version === undefined ? {} : { version }) };
  const parts: [string, PgTable, object | null][] = [
    ["set", move.table, write.set],
    ["audit", auditLog, write.audit],
    ...(write.emails ?? []).map((entry, i): [string, PgTable, object] => [`email${i}`, emailOutbox, outboxRow(entry, move.now)]),
  ];
  for (const [part, table, fields] of parts) {
    const columns = getTableColumns(table);
    for (const [field, value] of Object.entries(fields ?? {})) {
      if (value !== undefined) values[`${part}.${field}`] = value === null ? null : columns[field]!.mapToDriverValue(value);
    }
  }
  return { values, key: `write ${getTableName(move.table)} ${Object.keys(values).join(" ")}` };
}

/**
 * The update with its audit row and e-mails, in one statement, for the values `writeShape` gave
 * (with a `version`: only if the row is still that version). Answers the stored row, or none when it
 * was not (or no longer) there.
 */
function writeQuery(db: Db | Tx, table: RecordTable, values: Record<string, unknown>) {
  const fieldsOf = (part: string) =>
    Object.keys(values)
      .filter((name) => name.startsWith(`${part}.`))
      .map((name) => name.slice(part.length + 1));
  // Placeholders inside SQL, so that Drizzle leaves them as they are: writeShape encoded the values.
  const set = Object.fromEntries(fieldsOf("set").map((field) => [field, sql`${sql.placeholder(`set.${field}`)}`]));
  const saved = db.$with("saved").as(
    db
      .update(table)
      .set(set)
      .where(and(eq(table.id, sql.placeholder("id")), "version" in values ? sql`xmin = ${sql.placeholder("version")}` : undefined))
      .returning(),
  );
  const inserts = [
    ...(fieldsOf("audit").length ? [insertFrom(db, "audit", auditLog, fieldsOf("audit"), saved)] : []),
    ...Array.from({ length: Object.keys(values).filter((name) => /^email\d+\.eventKey$/.test(name)).length }, (_, i) =>
      insertFrom(db, `email${i}`, emailOutbox, fieldsOf(`email${i}`), saved, sql`on conflict (event_key) do nothing`),
    ),
  ];
  // (Typed as any table: Drizzle cannot tell that a generic table's update has a RETURNING.)
  return db
    .with(saved, ...inserts)
    .select()
    .from(saved as never);
}

/**
 * `INSERT INTO table (...) SELECT <values> FROM source`: a row that exists only if the source has one
 * (the update matched). Each value, the placeholder `alias.field`, is cast to its column's type: a
 * parameter in a SELECT list is otherwise taken as text.
 */
function insertFrom(db: Db | Tx, alias: string, table: PgTable, fields: string[], source: WithSubquery, suffix?: SQL) {
  const columns = getTableColumns(table);
  const names = sql.join(
    fields.map((field) => sql.identifier(columns[field]!.name)),
    sql`, `,
  );
  const params = sql.join(
    fields.map((field) => sql`${sql.placeholder(`${alias}.${field}`)}::${sql.raw(columns[field]!.getSQLType())}`),
    sql`, `,
  );
  return db.$with(alias, {}).as(sql`insert into ${table} (${names}) select ${params} from ${source} ${suffix}`);
}
