import {
  ADMIN,
  DESTINATION_REQUIRED,
  NOT_FOUND_STATUSES,
  PICKLIST_MESSAGES,
  STORE,
  canDelete,
  editPicklist,
  finishPicklist,
  isFinished,
  markUnavailable,
  restoreAvailable,
  setItemSplit,
  startPicklist,
  dateRange,
  startOfDayIn,
  PICKLIST_COMPLETED,
  PICKLIST_IN_PROGRESS,
  PICKLIST_NOT_COMPLETED,
  PICKLIST_NOT_STARTED,
  type ItemSplit,
  type Picklist,
  type PicklistCreateInput,
  type PicklistStatus,
  type PicklistUpdateInput,
  type User,
} from "@passo/domain";
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { picklists, users } from "../../db/schema/index.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { newestFirst, type Paging } from "../../lib/list-query.js";
import { recordAudit, type AuditActor } from "../audit/audit.js";

const NOT_FOUND = "Lista de separação não encontrada.";
const UNAVAILABLE = "Lista de separação indisponível";

/** The list as stored: the wire's fields, the stores it was redirected away from, and when it last changed. */
type Stored = typeof picklists.$inferSelect;

function toPicklist(list: Stored): Picklist {
  return {
    id: list.id,
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
  };
}

async function assertStoreExists(db: Db | Tx, username: string): Promise<void> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, username), eq(users.role, STORE)));
  if (!row) throw badRequest(DESTINATION_REQUIRED);
}

/**
 * What a store may know of a list: its own lists in full; of a list taken away from it, only
 * where it went (CONTRACT.md); of any other list, not even that it exists.
 */
function assertStoreMayTouch(actor: User, list: Stored): void {
  if (actor.role === ADMIN || list.destination === actor.username) return;
  if (list.previousDestinations.includes(actor.username)) throw conflict(UNAVAILABLE, { destination: list.destination });
  throw notFound(NOT_FOUND);
}

export interface PicklistFilters {
  store?: string | undefined;
  status?: PicklistStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  pending?: string | undefined;
  /** true: lists not finished yet (timeCompleted unset), whatever their status; false: finished ones. */
  open?: boolean | undefined;
}

export async function listPicklists(
  db: Db,
  actor: User,
  filters: PicklistFilters,
  timezone: string,
  page?: Paging,
): Promise<{ picklists: Picklist[]; total: number }> {
  const conditions: SQL[] = [];
  if (actor.role === ADMIN) {
    if (filters.store) conditions.push(eq(picklists.destination, filters.store));
  } else {
    if (filters.store && filters.store !== actor.username) return { picklists: [], total: 0 };
    conditions.push(eq(picklists.destination, actor.username));
  }
  if (filters.status) conditions.push(inArray(picklists.currentStatus, filters.status));
  const range = dateRange(filters.from, filters.to, timezone);
  if (range.gte) conditions.push(gte(picklists.sendDate, range.gte));
  if (range.lt) conditions.push(lt(picklists.sendDate, range.lt));
  // spec 7: the 'pendentes' section asks for `pending=<today>` beside 'em andamento hoje'
  // (`from=<today>`), so pending lists are those left over from before that day began.
  if (filters.pending) conditions.push(lt(picklists.sendDate, startOfDayIn(filters.pending, timezone)));
  if (filters.open !== undefined) conditions.push(filters.open ? isNull(picklists.timeCompleted) : isNotNull(picklists.timeCompleted));
  const where = and(...conditions);

  const query = db.select().from(picklists).where(where).orderBy(newestFirst(picklists.sendDate), asc(picklists.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const total = page
    ? ((await db.select({ count: sql<number>`count(*)::int` }).from(picklists).where(where))[0]?.count ?? 0)
    : rows.length;
  return { picklists: rows.map((row) => toPicklist(row)), total };
}

export interface NotFoundRow {
  picklistId: string;
  destination: string;
  sendDate: Date;
  item: string;
}

/**
 * 'Produtos não encontrados' (spec 2.4), one row per uncompleted item of the lists sent in the range that
 * are finished or unavailable (the domain's `notFoundItems`), newest list first, items in their order;
 * paged in the database, so a busy day costs one page.
 */
export async function listNotFoundItems(
  db: Db,
  filters: { from?: string | undefined; to?: string | undefined },
  timezone: string,
  page?: Paging,
): Promise<{ items: NotFoundRow[]; total: number }> {
  const range = dateRange(filters.from, filters.to, timezone);
  const where = and(
    inArray(picklists.currentStatus, [...NOT_FOUND_STATUSES]),
    sql`cardinality(${picklists.uncompletedItems}) > 0`,
    range.gte ? gte(picklists.sendDate, range.gte) : undefined,
    range.lt ? lt(picklists.sendDate, range.lt) : undefined,
  );
  // Selected as SQL, each decoded as its column: the FROM is the table joined with its items, which
  // Drizzle's builder does not know as a table of its own.
  const query = db
    .select({
      picklistId: sql`${picklists.id}`.mapWith(picklists.id),
      destination: sql`${picklists.destination}`.mapWith(picklists.destination),
      sendDate: sql`${picklists.sendDate}`.mapWith(picklists.sendDate),
      item: sql<string>`u.item`,
    })
    .from(sql`${picklists} CROSS JOIN LATERAL unnest(${picklists.uncompletedItems}) WITH ORDINALITY AS u(item, n)`)
    .where(where)
    .orderBy(newestFirst(picklists.sendDate), asc(picklists.id), sql`u.n`);
  const items = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const total = page
    ? ((
        await db
          .select({ count: sql<number>`coalesce(sum(cardinality(${picklists.uncompletedItems})), 0)::int` })
          .from(picklists)
          .where(where)
      )[0]?.count ?? 0)
    : items.length;
  return { items, total };
}

export async function getPicklist(db: Db, actor: User, id: string): Promise<Picklist> {
  const [row] = await db.select().from(picklists).where(eq(picklists.id, id));
  if (!row) throw notFound(NOT_FOUND);
  assertStoreMayTouch(actor, row);
  return toPicklist(row);
}

export async function createPicklist(db: Db, actor: AuditActor, input: PicklistCreateInput, now = new Date()): Promise<Picklist> {
  return db.transaction(async (tx) => {
    await assertStoreExists(tx, input.destination);
    const [row] = await tx
      .insert(picklists)
      .values({
        sender: input.sender,
        destination: input.destination,
        listItems: input.listItems,
        sendDate: now,
        currentStatus: PICKLIST_NOT_STARTED,
        updatedAt: now,
      })
      .returning();
    const created = toPicklist(row!);
    await recordAudit(tx, actor, "picklist", created.id, "create", null, created);
    return created;
  });
}

export type PicklistChange = "start" | "split" | "unavailable" | "restore" | "finish" | "edit" | "none";

const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

function sameInstant(value: string | null, stored: Date | null): boolean {
  if (!value || !stored) return !value && !stored;
  return new Date(value).getTime() === stored.getTime();
}

/** The split a body asks for; a body naming only one side leaves the other side the rest of the list. */
function requestedSplit(list: Stored, body: PicklistUpdateInput): ItemSplit | undefined {
  const { completedItems, uncompletedItems } = body;
  if (completedItems && uncompletedItems) return { completedItems, uncompletedItems };
  const given = completedItems ?? uncompletedItems;
  if (!given) return undefined;
  const rest = [...list.listItems];
  for (const item of given) {
    const at = rest.indexOf(item);
    if (at < 0) throw badRequest(PICKLIST_MESSAGES.splitMismatch);
    rest.splice(at, 1);
  }
  return completedItems ? { completedItems, uncompletedItems: rest } : { completedItems: rest, uncompletedItems: given };
}

const splitChanged = (list: Stored, split: ItemSplit | undefined) =>
  !!split && !(sameItems(split.completedItems, list.completedItems) && sameItems(split.uncompletedItems, list.uncompletedItems));

/**
 * Which move a body asks for. The original client sends the whole record back, so the
 * move is read from what differs from the stored list:
 * - a filled-in timeCompleted, or status Concluído: 'Finalizar';
 * - status Não concluído: 'Produtos indisponíveis' on;
 * - status Em andamento: 'Iniciar' on a list not started; 'Produtos indisponíveis' off on a
 *   Não concluído list; on a list in progress, ticking when it carries the item split, and
 *   otherwise a repeated 'Iniciar' (a start that lost a race), as is a timeStarted that is not
 *   the stored one;
 * - no status: ticking when the split changes, otherwise nothing.
 */
function requestedMove(list: Stored, body: PicklistUpdateInput, split: ItemSplit | undefined): PicklistChange {
  const status = body.currentStatus;
  if (body.timeCompleted || status === PICKLIST_COMPLETED) return "finish";
  if (status === PICKLIST_NOT_COMPLETED) return "unavailable";
  if (status === PICKLIST_NOT_STARTED) {
    if (list.currentStatus !== PICKLIST_NOT_STARTED) throw conflict(PICKLIST_MESSAGES.noWayBack);
    return splitChanged(list, split) ? "split" : "none";
  }
  if (status === PICKLIST_IN_PROGRESS) {
    if (list.currentStatus === PICKLIST_NOT_STARTED) return "start";
    if (body.timeStarted !== undefined && !sameInstant(body.timeStarted, list.timeStarted)) return "start";
    if (list.currentStatus === PICKLIST_NOT_COMPLETED) return "restore";
    return split ? "split" : "start";
  }
  if (list.currentStatus === PICKLIST_IN_PROGRESS) return split ? "split" : "none";
  return splitChanged(list, split) ? "split" : "none";
}

function applyMove(list: Stored, move: PicklistChange, body: PicklistUpdateInput, split: ItemSplit | undefined, now: Date): Stored {
  switch (move) {
    case "start":
      return startPicklist(list, now);
    case "split":
      return setItemSplit(list, split ?? list);
    case "unavailable":
      return markUnavailable(list);
    case "restore":
      return restoreAvailable(list, split);
    case "finish": {
      const { numberTransfer } = body;
      if (list.currentStatus === PICKLIST_IN_PROGRESS) {
        // Switching 'Produtos indisponíveis' on and finishing in one request finishes as Não concluído.
        const before = body.currentStatus === PICKLIST_NOT_COMPLETED ? markUnavailable(list) : split ? setItemSplit(list, split) : list;
        return finishPicklist(before, { numberTransfer }, now);
      }
      // A Não concluído list keeps every item unavailable: a split sent with its finish is not taken.
      return finishPicklist(list, { numberTransfer }, now);
    }
    case "edit":
    case "none":
      return list;
  }
}

function requestedEdit(list: Stored, body: PicklistUpdateInput) {
  const edit: { sender?: string; destination?: string; listItems?: string[] } = {};
  if (body.sender !== undefined && body.sender !== list.sender) edit.sender = body.sender;
  if (body.destination !== undefined && body.destination !== list.destination) edit.destination = body.destination;
  if (body.listItems !== undefined && !sameItems(body.listItems, list.listItems)) edit.listItems = body.listItems;
  return Object.keys(edit).length > 0 ? edit : undefined;
}

async function lockPicklist(tx: Tx, id: string): Promise<Stored> {
  const [row] = await tx.select().from(picklists).where(eq(picklists.id, id)).for("update");
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/**
 * One update request, in one transaction on the locked row: a concurrent request waits for this
 * one and then judges its own move against the state this one left.
 */
export async function updatePicklist(
  db: Db,
  actor: User,
  id: string,
  body: PicklistUpdateInput,
  now = new Date(),
): Promise<{ picklist: Picklist; change: PicklistChange }> {
  return db.transaction(async (tx) => {
    const list = await lockPicklist(tx, id);
    assertStoreMayTouch(actor, list);
    const edit = requestedEdit(list, body);
    if (edit && actor.role !== ADMIN) throw forbidden("Somente o administrador pode alterar a loja, o remetente ou os itens da lista.");
    if (isFinished(list)) throw conflict(PICKLIST_MESSAGES.alreadyFinished);

    let next: Stored;
    let change: PicklistChange;
    if (edit) {
      if (list.currentStatus !== PICKLIST_NOT_STARTED) throw conflict(PICKLIST_MESSAGES.editOnlyNotStarted);
      if (requestedMove(list, body, requestedSplit(list, body)) !== "none") {
        throw conflict("Edite a lista ou altere o seu andamento, não os dois ao mesmo tempo.");
      }
      if (edit.destination !== undefined) await assertStoreExists(tx, edit.destination);
      next = editPicklist(list, edit, now);
      change = "edit";
    } else {
      const split = requestedSplit(list, body);
      change = requestedMove(list, body, split);
      next = applyMove(list, change, body, split, now);
    }
    if (change === "none") return { picklist: toPicklist(list), change };

    const [row] = await tx
      .update(picklists)
      .set({
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
        previousDestinations: next.previousDestinations,
        updatedAt: now,
      })
      .where(eq(picklists.id, id))
      .returning();
    const saved = toPicklist(row!);
    await recordAudit(tx, actor, "picklist", id, change === "edit" ? "update" : change, toPicklist(list), saved);
    return { picklist: saved, change };
  });
}

export async function deletePicklist(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const list = await lockPicklist(tx, id);
    if (!canDelete(list)) throw conflict(PICKLIST_MESSAGES.deleteOnlyNotStarted);
    await tx.delete(picklists).where(eq(picklists.id, id));
    await recordAudit(tx, actor, "picklist", id, "delete", toPicklist(list), null);
  });
}
