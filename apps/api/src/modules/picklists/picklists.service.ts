import { randomUUID } from "node:crypto";
import {
  NOT_FOUND_STATUSES,
  PICKLIST_MESSAGES,
  PICKLIST_NOT_STARTED,
  STORE,
  applyPicklistRequest,
  canDeletePicklist,
  isReplayedChange,
  judgeReplayedChange,
  replayedChange,
  type PicklistRequest,
  dateRange,
  readPicklistRequest,
  startOfDayIn,
  type Picklist,
  type PicklistCreateInput,
  type PicklistMove,
  type PicklistStatus,
  type PicklistUpdateInput,
  type User,
  PICKLIST_IMPORT_MESSAGES,
  planPicklistImport,
  type PicklistImport,
  type PicklistImportPlan,
} from "@passo/domain";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, max, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { auditLog, picklists, users } from "../../db/schema/index.js";
import { HttpError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { ofStores, readableStores, readsStore, storesSelected } from "../../lib/store-scope.js";
import { countRows, listColumns, newestFirst, pageValues, totalColumn, totalOf, type PageValues, type Paging } from "../../lib/list-query.js";
import { preparedQuery, type Bound, type QueryValue } from "../../lib/prepared-query.js";
import { transitionRow } from "../../records/row-transition.js";
import { lookupCodes } from "../products/products.service.js";
import { auditRow, recordAudit, type AuditActor, type AuditRow } from "../../records/audit.js";
import { signerOf, type StaffSignature } from "../staff/staff.service.js";
import { storesByName, userExists } from "../users/users.service.js";

/** The list as stored: the wire's fields, the stores it was redirected away from, and when it last changed. */
type Stored = typeof picklists.$inferSelect;

/** The list as an answer serves it: with its version (`updatedAt`), which a change made offline sends back as `baseVersion`. */
export function servedPicklist(list: Pick<Stored, Exclude<keyof Picklist, "version"> | "updatedAt">): Picklist {
  return { ...toPicklist(list), version: list.updatedAt.toISOString() };
}

/** The list's fields, without its version: what the audit log and the exports show. */
export function toPicklist(list: Pick<Stored, Exclude<keyof Picklist, "version">>): Picklist {
  return {
    id: list.id,
    number: list.number,
    sender: list.sender,
    destination: list.destination,
    sendDate: list.sendDate,
    timeStarted: list.timeStarted,
    timeCompleted: list.timeCompleted,
    listItems: list.listItems,
    completedItems: list.completedItems,
    uncompletedItems: list.uncompletedItems,
    numberTransfer: list.numberTransfer,
    currentStatus: list.currentStatus,
    finishedBy: list.finishedBy,
  };
}

async function assertStoreExists(db: Db | Tx, username: string): Promise<void> {
  if (!(await userExists(db, username, STORE))) throw badRequest(PICKLIST_MESSAGES.destinationRequired);
}

/**
 * What a store may know of a list: its own lists in full; of a list taken away from it, only
 * where it went; of any other list, not even that it exists. A Supervisor: its stores' lists.
 */
function assertStoreMayTouch(actor: User, list: Stored): void {
  if (readsStore(actor, list.destination)) return;
  if (actor.role === STORE && list.previousDestinations.includes(actor.username)) throw conflict(PICKLIST_MESSAGES.redirected, { destination: list.destination });
  throw notFound(PICKLIST_MESSAGES.notFound);
}

export interface PicklistFilters {
  store?: string | undefined;
  status?: PicklistStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pending?: string | undefined;
  /** true: lists not finished yet (timeCompleted unset), whatever their status; false: finished ones. */
  open?: boolean | undefined;
  /** 'Lista nº': typed or scanned from a printed list. */
  number?: number | undefined;
}

/** What a lists filter compares with; each value there adds its condition (`picklistsCondition`). */
function picklistFilter(actor: User, filters: PicklistFilters, timezone: string) {
  const range = dateRange(filters.from, filters.to, timezone);
  const admin = readableStores(actor) === null;
  return {
    store: admin ? filters.store : undefined,
    // A store's own lists, a Supervisor's stores' (of them, the one asked for): a store outside them selects nothing.
    own: admin ? undefined : storesSelected(actor, filters.store, true)!,
    status: filters.status,
    from: range.gte,
    to: range.lt,
    // 'Processos de separação' asks for `pending=<today>` beside today's lists (`from=<today>`),
    // so pending lists are those left over from before that day began (docs/api.md).
    sentBefore: filters.pending ? startOfDayIn(filters.pending, timezone) : undefined,
    open: filters.open,
    number: filters.number,
  } satisfies Record<string, QueryValue>;
}
type PicklistFilter = ReturnType<typeof picklistFilter>;

function picklistsCondition(f: Bound<PicklistFilter>): SQL | undefined {
  return and(
    f.store === undefined ? undefined : eq(picklists.destination, f.store),
    ofStores(picklists.destination, f.own),
    f.status === undefined ? undefined : inArray(picklists.currentStatus, f.status),
    f.from === undefined ? undefined : gte(picklists.sendDate, f.from),
    f.to === undefined ? undefined : lt(picklists.sendDate, f.to),
    f.sentBefore === undefined ? undefined : lt(picklists.sendDate, f.sentBefore),
    // true: lists not finished yet, whatever their status; false: finished ones.
    f.open === undefined ? undefined : f.open ? isNull(picklists.timeCompleted) : isNotNull(picklists.timeCompleted),
    f.number === undefined ? undefined : eq(picklists.number, f.number),
  );
}

/** Which lists a filter selects, as the history and its export see them: a store only ever its own. */
export function picklistsWhere(actor: User, filters: PicklistFilters, timezone: string): SQL | undefined {
  return picklistsCondition(picklistFilter(actor, filters, timezone));
}

const picklistOrder = [newestFirst(picklists.sendDate), asc(picklists.id)];
/** 'Iniciar separação' pages its cards with the lists being worked on first, so none of them is ever past the first page. */
const startedFirstOrder = [sql`${picklists.timeStarted} is null`, ...picklistOrder];
/** The orders a list may be asked in (`order`): the lists' own, or the started ones first. */
export type PicklistOrder = "started";

/** What a list read serves (`servedPicklist`): not the stores it left or its counts. */
const picklistFields = listColumns({
  id: picklists.id,
  number: picklists.number,
  sender: picklists.sender,
  destination: picklists.destination,
  sendDate: picklists.sendDate,
  timeStarted: picklists.timeStarted,
  timeCompleted: picklists.timeCompleted,
  listItems: picklists.listItems,
  completedItems: picklists.completedItems,
  uncompletedItems: picklists.uncompletedItems,
  numberTransfer: picklists.numberTransfer,
  finishedBy: picklists.finishedBy,
  currentStatus: picklists.currentStatus,
  updatedAt: picklists.updatedAt,
});

// The lists' queries, prepared once per filter shape (lib/prepared-query.ts): a page with its total, or the whole list, in either order.
const pageIn = (order: SQL[]) =>
  preparedQuery((db, f: Bound<PicklistFilter & PageValues>) => {
    const where = picklistsCondition(f);
    return db
      .select({ ...picklistFields, total: totalColumn(picklists, where) })
      .from(picklists)
      .where(where)
      .orderBy(...order)
      .limit(f.limit)
      .offset(f.offset ?? 0);
  });
const wholeIn = (order: SQL[]) => preparedQuery((db, f: Bound<PicklistFilter>) => db.select(picklistFields).from(picklists).where(picklistsCondition(f)).orderBy(...order));
const picklistsPage = pageIn(picklistOrder);
const picklistsPageStartedFirst = pageIn(startedFirstOrder);
const picklistsWhole = wholeIn(picklistOrder);
const picklistsWholeStartedFirst = wholeIn(startedFirstOrder);

export async function listPicklists(
  db: Db,
  actor: User,
  filters: PicklistFilters,
  timezone: string,
  page?: Paging,
  order?: PicklistOrder,
): Promise<{ picklists: Picklist[]; total: number }> {
  if (storesSelected(actor, filters.store, true)?.length === 0) return { picklists: [], total: 0 };
  const filter = picklistFilter(actor, filters, timezone);
  if (!page) {
    const rows = await (order === "started" ? picklistsWholeStartedFirst : picklistsWhole)(db, filter);
    return { picklists: rows.map((row) => servedPicklist(row)), total: rows.length };
  }
  const rows = await (order === "started" ? picklistsPageStartedFirst : picklistsPage)(db, { ...filter, ...pageValues(page) });
  const total = await totalOf(rows, page, () => countRows(db, picklists, picklistsCondition(filter)));
  return { picklists: rows.map((row) => servedPicklist(row)), total };
}

export interface NotFoundRow {
  picklistId: string;
  destination: string;
  sendDate: Date;
  item: string;
}

/**
 * 'Produtos não encontrados', one row per uncompleted item of the lists sent in the range that
 * are finished or unavailable (the domain's `notFoundItems`), newest list first, items in their order;
 * paged in the database, so a busy day costs one page.
 */
export async function listNotFoundItems(
  db: Db,
  filters: { from?: string | undefined; to?: string | undefined; store?: string | undefined; item?: string | undefined },
  timezone: string,
  page?: Paging,
): Promise<{ items: NotFoundRow[]; total: number }> {
  const range = dateRange(filters.from, filters.to, timezone);
  const filter = { statuses: [...NOT_FOUND_STATUSES], from: range.gte, to: range.lt, store: filters.store, item: filters.item };
  if (!page) {
    const items = await notFoundWhole(db, filter);
    return { items, total: items.length };
  }
  const rows = await notFoundPage(db, { ...filter, ...pageValues(page) });
  const total = await totalOf(rows, page, async () => (await db.select({ total: notFoundCount(filter) }).from(picklists).where(notFoundLists(filter)))[0]?.total ?? 0);
  return { items: rows.map(({ total: _total, ...item }) => item), total };
}

type NotFoundFilter = { statuses: PicklistStatus[]; from: Date | undefined; to: Date | undefined; store: string | undefined; item: string | undefined };

/** The lists with items not found: finished or unavailable, with any uncompleted item. */
function notFoundLists(f: Bound<NotFoundFilter>): SQL | undefined {
  return and(
    inArray(picklists.currentStatus, f.statuses),
    sql`cardinality(${picklists.uncompletedItems}) > 0`,
    f.from === undefined ? undefined : gte(picklists.sendDate, f.from),
    f.to === undefined ? undefined : lt(picklists.sendDate, f.to),
    f.store === undefined ? undefined : eq(picklists.destination, f.store),
    f.item === undefined ? undefined : sql`${picklists.uncompletedItems} @> array[${f.item}]::text[]`,
  );
}

/** How many rows the filter has: every uncompleted item of its lists, or only those of the one product. */
const notFoundCount = (f: Bound<NotFoundFilter>) =>
  f.item === undefined
    ? sql<number>`coalesce(sum(cardinality(${picklists.uncompletedItems})), 0)::int`
    : sql<number>`coalesce(sum(cardinality(array_positions(${picklists.uncompletedItems}, ${f.item}::text))), 0)::int`;

// Selected as SQL, each decoded as its column: the FROM is the table joined with its items, which
// Drizzle's builder does not know as a table of its own.
const notFoundFields = {
  picklistId: sql`${picklists.id}`.mapWith(picklists.id),
  destination: sql`${picklists.destination}`.mapWith(picklists.destination),
  sendDate: sql`${picklists.sendDate}`.mapWith(picklists.sendDate),
  item: sql<string>`u.item`,
};
const notFoundFrom = sql`${picklists} CROSS JOIN LATERAL unnest(${picklists.uncompletedItems}) WITH ORDINALITY AS u(item, n)`;
const notFoundOrder = [newestFirst(picklists.sendDate), asc(picklists.id), sql`u.n`];
// One product (a dashboard's click): only its rows, not the other items of the same lists.
const notFoundRows = (f: Bound<NotFoundFilter>) => and(notFoundLists(f), f.item === undefined ? undefined : sql`u.item = ${f.item}`);

// Prepared once per filter shape (lib/prepared-query.ts): a page with its total beside it, or every row.
const notFoundPage = preparedQuery((db, f: Bound<NotFoundFilter & PageValues>) =>
  db
    .select({ ...notFoundFields, total: sql<number>`(select ${notFoundCount(f)} from ${picklists} where ${notFoundLists(f)})` })
    .from(notFoundFrom)
    .where(notFoundRows(f))
    .orderBy(...notFoundOrder)
    .limit(f.limit)
    .offset(f.offset ?? 0),
);
const notFoundWhole = preparedQuery((db, f: Bound<NotFoundFilter>) => db.select(notFoundFields).from(notFoundFrom).where(notFoundRows(f)).orderBy(...notFoundOrder));

export async function getPicklist(db: Db, actor: User, id: string): Promise<Picklist> {
  const [row] = await db.select().from(picklists).where(eq(picklists.id, id));
  if (!row) throw notFound(PICKLIST_MESSAGES.notFound);
  assertStoreMayTouch(actor, row);
  return servedPicklist(row);
}

/**
 * 'Criar nova lista' in one statement, no transaction: the list inserted only if its destination is a
 * store, and its audit line inserted with it (the id chosen here, so that the line is built before,
 * as `auditRow` builds every line). One round trip where a transaction took five; prepared once.
 */
const insertPicklist = preparedQuery(
  (
    db,
    f: Bound<{
      id: string;
      sender: string;
      destination: string;
      items: string;
      status: string;
      storeRole: string;
      now: Date;
      actorId: string | undefined;
      actorName: string;
      actorRole: string | undefined;
      changes: string;
    }>,
  ) => {
    const saved = db.$with("saved", { id: picklists.id, number: picklists.number }).as(sql`
      insert into ${picklists} (id, sender, destination, list_items, send_date, current_status, updated_at)
      select ${f.id}::uuid, ${f.sender}, ${users.username}, array(select json_array_elements_text(${f.items}::json)), ${f.now}::timestamptz, ${f.status}, ${f.now}::timestamptz
      from ${users} where ${users.username} = ${f.destination} and ${users.role} = ${f.storeRole}
      returning id, number`);
    const audit = db.$with("audit", {}).as(sql`
      insert into ${auditLog} (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
      select ${f.actorId === undefined ? sql`null` : sql`${f.actorId}::uuid`}, ${f.actorName}, ${f.actorRole === undefined ? sql`null` : f.actorRole},
        'picklist', saved.id, 'create', ${f.changes}::jsonb
      from saved`);
    return db.with(saved, audit).select({ id: sql<string>`saved.id`, number: sql<number>`saved.number` }).from(saved);
  },
);

export async function createPicklist(db: Db, actor: AuditActor, input: PicklistCreateInput, now = new Date()): Promise<Picklist> {
  // The list as the table's defaults store it: nothing started, separated or transferred yet; its
  // number is drawn by the insert.
  const created: Omit<Picklist, "number"> = {
    id: randomUUID(),
    sender: input.sender,
    destination: input.destination,
    sendDate: now,
    timeStarted: null,
    timeCompleted: null,
    listItems: input.listItems,
    completedItems: [],
    uncompletedItems: [],
    numberTransfer: null,
    finishedBy: null,
    currentStatus: PICKLIST_NOT_STARTED,
  };
  const audit = auditRow(actor, "picklist", created.id, "create", null, created)!;
  const rows = await insertPicklist(db, {
    id: created.id,
    sender: created.sender,
    destination: created.destination,
    items: JSON.stringify(created.listItems),
    status: created.currentStatus,
    storeRole: STORE,
    now,
    actorId: audit.actorId ?? undefined,
    actorName: audit.actorName,
    actorRole: audit.actorRole ?? undefined,
    changes: JSON.stringify(audit.changes),
  });
  if (rows.length === 0) throw badRequest(PICKLIST_MESSAGES.destinationRequired);
  return { ...created, number: rows[0]!.number, version: now.toISOString() };
}

/**
 * The latest other list that already carries this transfer number, for the warning a store sees before
 * 'Finalizar' (the spec lets a number be used twice, so nothing is refused). A store looks among its own
 * lists only: another store's lists are not its to know of.
 */
export async function findTransferNumberUse(
  db: Db,
  actor: User,
  numberTransfer: string,
  exceptId: string | undefined,
): Promise<{ id: string; number: number } | null> {
  const [row] = await db
    .select({ id: picklists.id, number: picklists.number })
    .from(picklists)
    .where(
      and(
        eq(picklists.numberTransfer, numberTransfer),
        ofStores(picklists.destination, readableStores(actor)),
        exceptId === undefined ? undefined : sql`${picklists.id} <> ${exceptId}::uuid`,
      ),
    )
    .orderBy(newestFirst(picklists.timeCompleted), asc(picklists.id))
    .limit(1);
  return row ?? null;
}

/** When the office last edited the list (sender, destination or items): its latest audit line of an edit. */
async function lastOfficeEdit(reader: Db | Tx, id: string): Promise<Date | null> {
  const [row] = await reader
    .select({ at: max(auditLog.at) })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "picklist"), eq(auditLog.entityId, id), eq(auditLog.action, "update")));
  return row?.at ?? null;
}

/**
 * What a body asks of the list as it stands: a replayed change by the rule for changes made offline
 * (`judgeReplayedChange`), anything else as the whole record is read (`readPicklistRequest`);
 * null when a replayed change's effect is already there.
 */
async function requestOf(reader: Db | Tx, actor: User, id: string, list: Stored, body: PicklistUpdateInput): Promise<PicklistRequest | null> {
  if (!isReplayedChange(body)) return readPicklistRequest(list, body, actor.role);
  // Only a finish asks whether the office edited the list since the change was made.
  const officeEditedAt = body.baseVersion && replayedChange(body, list) === "finish" ? await lastOfficeEdit(reader, id) : null;
  const judged = judgeReplayedChange(list, body, officeEditedAt);
  return judged.outcome === "apply" ? judged.request : null;
}

async function lockPicklist(tx: Tx, id: string): Promise<Stored> {
  const [row] = await tx.select().from(picklists).where(eq(picklists.id, id)).for("update");
  if (!row) throw notFound(PICKLIST_MESSAGES.notFound);
  return row;
}

/**
 * One update request, read once by the domain (`readPicklistRequest`) and judged on the row as it stands
 * (records/row-transition.ts): a concurrent request that changed it first makes this one judge its own move
 * again against the state that one left.
 */
export async function updatePicklist(
  db: Db,
  actor: User,
  id: string,
  body: PicklistUpdateInput,
  now = new Date(),
  staffSignature?: StaffSignature,
): Promise<{ picklist: Picklist; move: PicklistMove }> {
  return transitionRow<typeof picklists, { picklist: Picklist; move: PicklistMove }>(db, {
    table: picklists,
    id,
    now,
    notFound: () => notFound(PICKLIST_MESSAGES.notFound),
    async decide(list, reader) {
      assertStoreMayTouch(actor, list);
      const request = await requestOf(reader, actor, id, list, body);
      if (!request || request.move === "none") return { answer: { picklist: servedPicklist(list), move: "none" } };
      const { move } = request;
      if (move === "edit" && request.edit.destination !== undefined) await assertStoreExists(reader, request.edit.destination);
      // 'Finalizar' names the staff member whose PIN came with it; a list finished no more names nobody.
      const finishedBy = move === "finish" ? signerOf(staffSignature) : list.finishedBy;
      const next = { ...applyPicklistRequest(list, request, now), finishedBy };
      if (next.timeCompleted === null) next.finishedBy = null;
      const action = move === "edit" ? "update" : move;
      return {
        write: {
          set: {
            sender: next.sender,
            destination: next.destination,
            sendDate: next.sendDate,
            timeStarted: next.timeStarted,
            timeCompleted: next.timeCompleted,
            listItems: next.listItems,
            completedItems: next.completedItems,
            uncompletedItems: next.uncompletedItems,
            numberTransfer: next.numberTransfer,
            currentStatus: next.currentStatus,
            finishedBy: next.finishedBy,
            previousDestinations: next.previousDestinations,
            updatedAt: now,
          },
          // Every field the list shows is set from `next`: it is the list as it will be stored.
          // An edit's line is dated as the row's version, so that a finish made on an older version is told apart (`lastOfficeEdit`).
          audit: withTime(auditRow(actor, "picklist", id, action, toPicklist(list), toPicklist(next)), move === "edit" ? now : undefined),
        },
        answer: (saved) => ({ picklist: servedPicklist(saved), move }),
      };
    },
  });
}

const withTime = (audit: AuditRow | null, at: Date | undefined): AuditRow | null => (audit && at ? { ...audit, at } : audit);

export async function deletePicklist(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const list = await lockPicklist(tx, id);
    if (!canDeletePicklist(list)) throw conflict(PICKLIST_MESSAGES.deleteOnlyNotStarted);
    await tx.delete(picklists).where(eq(picklists.id, id));
    await recordAudit(tx, actor, "picklist", id, "delete", toPicklist(list), null);
  });
}

/** 'Importar listas', previewed: what would be created and every row's problem; nothing is written. */
export async function previewPicklistImport(db: Db, input: PicklistImport): Promise<PicklistImportPlan> {
  const codes = input.rows.flatMap((row) => (row.code?.trim() ? [row.code] : []));
  const [stores, products] = await Promise.all([storesByName(db), lookupCodes(db, codes)]);
  return planPicklistImport(input.rows, (name) => stores.get(name.toLowerCase()), products);
}

/**
 * 'Importar listas': one list per store, all in one transaction, and none when any row is refused
 * (400 with every row's problem). Each list is created as 'Criar nova lista' creates it.
 */
export async function importPicklists(db: Db, actor: AuditActor, input: PicklistImport, now = new Date()): Promise<Picklist[]> {
  return db.transaction(async (tx) => {
    const plan = await previewPicklistImport(tx as unknown as Db, input);
    if (plan.problems.length > 0) throw new HttpError(400, PICKLIST_IMPORT_MESSAGES.refused, { problems: plan.problems });
    const created: Picklist[] = [];
    for (const list of plan.lists) {
      created.push(await createPicklist(tx as unknown as Db, actor, { sender: input.sender, destination: list.destination, listItems: list.items }, now));
    }
    return created;
  });
}
