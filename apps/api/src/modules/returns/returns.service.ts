import {
  RETURN_MESSAGES,
  RETURN_PENDING,
  STORE,
  applyReturnRequest,
  canDeleteReturn,
  dateRange,
  readReturnRequest,
  toReturnStoreView,
  type ReturnFormInput,
  type ReturnMove,
  type ReturnOrder,
  type ReturnStatus,
  type ReturnStoreView,
  type ReturnUpdateInput,
  type User,
} from "@passo/domain";
import { and, asc, eq, getTableColumns, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import { signerOf, type StaffSignature } from "../staff/staff.service.js";
import type { Db, Tx } from "../../db/client.js";
import { returns } from "../../db/schema/index.js";
import { isConcurrencyFailure } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { ofStores, readableStores, readsStore, storesSelected } from "../../lib/store-scope.js";
import { countRows, listColumns, newestFirst, pageFigures, pageValues, paging, parseSearch, totalColumn, totalOf, type FlowListQuery, type PageValues } from "../../lib/list-query.js";
import { preparedQuery, type Bound, type QueryValue } from "../../lib/prepared-query.js";
import { transitionRow } from "../../records/row-transition.js";
import { auditRow, recordAudit, type AuditActor } from "../../records/audit.js";
import { nudgeOutbox } from "../../lib/outbox-signal.js";
import { type RenderContext, customerEmailEntry, customerEmailSettings } from "../email-templates/email-templates.service.js";
import { userExists } from "../users/users.service.js";

type ReturnRow = typeof returns.$inferSelect;
/** What the caller is served: the whole record to an administrator, the masked view to a store. */
export type ReturnView = ReturnOrder | ReturnStoreView;

function toReturnOrder(row: ReturnRow): ReturnOrder {
  const { updatedAt: _updatedAt, ...fields } = row;
  return fields;
}

const isAdmin = (actor: User) => readableStores(actor) === null;
const viewFor = (actor: User, returnOrder: ReturnOrder): ReturnView => (isAdmin(actor) ? returnOrder : toReturnStoreView(returnOrder));

/**
 * What a returns filter compares with; each value there adds its condition (`returnsCondition`).
 * An administrator lists every return. A store lists the returns it received, and with a search
 * also the pending ones with that exact CPF or order number: they belong to no store until one of
 * them takes them in. A Supervisor lists the returns its stores received (it takes none in).
 */
function returnFilter(actor: User, query: FlowListQuery<ReturnStatus>, timezone: string) {
  const range = dateRange(query.from, query.to, timezone);
  const search = parseSearch(query.search);
  return {
    status: query.status,
    from: range.gte,
    to: range.lt,
    cpf: search?.cpf,
    orderNumber: search?.orderNumber,
    store: isAdmin(actor) ? query.store : undefined,
    own: isAdmin(actor) ? undefined : storesSelected(actor, query.store)!,
    orPending: actor.role === STORE && search ? RETURN_PENDING : undefined,
  } satisfies Record<string, QueryValue>;
}
type ReturnFilter = ReturnType<typeof returnFilter>;

function returnsCondition(f: Bound<ReturnFilter>): SQL | undefined {
  const received = ofStores(returns.returnStore, f.own);
  return and(
    f.status === undefined ? undefined : inArray(returns.returnStatus, f.status),
    f.from === undefined ? undefined : gte(returns.dateOfCreation, f.from),
    f.to === undefined ? undefined : lt(returns.dateOfCreation, f.to),
    f.cpf === undefined ? undefined : eq(returns.customerCPF, f.cpf),
    f.orderNumber === undefined ? undefined : eq(returns.orderNumber, f.orderNumber),
    f.store === undefined ? undefined : eq(returns.returnStore, f.store),
    f.orPending === undefined ? received : or(received, eq(returns.returnStatus, f.orPending)),
  );
}

/** Which returns a filter selects, as the history and its export see them (see returnFilter). */
export function returnsWhere(actor: User, query: FlowListQuery<ReturnStatus>, timezone: string): SQL | undefined {
  return returnsCondition(returnFilter(actor, query, timezone));
}

/** A stored return as the actor is served it (customers' data masked for a store). */
export const returnView = (actor: User, row: ReturnRow): ReturnView => viewFor(actor, toReturnOrder(row));

const returnOrder = [newestFirst(returns.dateOfCreation), asc(returns.id)];

// The lists' queries, prepared once per filter shape (lib/prepared-query.ts): a page with its total, or the whole list.
const returnsPage = preparedQuery((db, f: Bound<ReturnFilter & PageValues>) => {
  const where = returnsCondition(f);
  return db
    .select({ ...listColumns(getTableColumns(returns)), total: totalColumn(returns, where) })
    .from(returns)
    .where(where)
    .orderBy(...returnOrder)
    .limit(f.limit)
    .offset(f.offset ?? 0);
});
const returnsWhole = preparedQuery((db, f: Bound<ReturnFilter>) => db.select(listColumns(getTableColumns(returns))).from(returns).where(returnsCondition(f)).orderBy(...returnOrder));

export async function listReturns(
  db: Db,
  actor: User,
  query: FlowListQuery<ReturnStatus>,
  timezone: string,
): Promise<{ returns: ReturnView[]; total?: number; page?: number; pageSize?: number }> {
  const filter = returnFilter(actor, query, timezone);
  const page = paging(query);
  if (!page) {
    const rows = await returnsWhole(db, filter);
    return { returns: rows.map((row) => returnView(actor, row)) };
  }
  const rows = await returnsPage(db, { ...filter, ...pageValues(page) });
  const total = await totalOf(rows, page, () => countRows(db, returns, returnsCondition(filter)));
  const list = rows.map(({ total: _total, ...row }) => returnView(actor, row));
  return { returns: list, ...pageFigures(page, total) };
}

/** A store reads by id only what it received (a Supervisor what its stores received); a pending return it finds through the search. */
export async function getReturn(db: Db, actor: User, id: string): Promise<ReturnView> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  if (!row || !readsStore(actor, row.returnStore)) throw notFound(RETURN_MESSAGES.notFound);
  return viewFor(actor, toReturnOrder(row));
}

export async function createReturn(db: Db, actor: AuditActor, input: ReturnFormInput, now = new Date()): Promise<ReturnOrder> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(returns)
      .values({
        orderNumber: input.orderNumber,
        customerFullName: input.customerFullName,
        customerCPF: input.customerCPF,
        customerPhone: input.customerPhone,
        customerEmail: input.customerEmail,
        returnItems: input.returnItems,
        returnStatus: RETURN_PENDING,
        dateOfCreation: now,
        updatedAt: now,
      })
      .returning();
    const created = toReturnOrder(row!);
    await recordAudit(tx, actor, "return", created.id, "create", null, created);
    return created;
  });
}

/** The store an administrator names as the one that received or refused the return. */
async function requireStore(reader: Db | Tx, username: string | null) {
  if (!username) throw badRequest(RETURN_MESSAGES.storeRequired);
  if (!(await userExists(reader, username, STORE))) throw badRequest(RETURN_MESSAGES.storeNotFound);
}

/**
 * `PUT /return/update/{id}`: the body is the record as the client holds it; what differs from
 * the stored record says which move is meant (read once by the domain: `readReturnRequest`). A store
 * may know of any pending return and of those it decided on; others are not found. Judged on the row as it stands, the change, its
 * audit row and the customer's e-mail (a return accepted or refused) written together
 * (records/row-transition.ts).
 */
export async function updateReturn(
  db: Db,
  actor: User,
  id: string,
  input: ReturnUpdateInput,
  context: RenderContext,
  now = new Date(),
  staffSignature?: StaffSignature,
): Promise<{ move: ReturnMove; returnOrder: ReturnView }> {
  const emails = await customerEmailSettings(db, context);
  try {
    const result = await transitionRow<typeof returns, { move: ReturnMove; returnOrder: ReturnView }>(db, {
      table: returns,
      id,
      now,
      notFound: () => notFound(RETURN_MESSAGES.notFound),
      async decide(row, reader) {
        const current = toReturnOrder(row);
        const request = readReturnRequest(current, input, actor);
        if (!request) throw notFound(RETURN_MESSAGES.notFound);
        const { move } = request;
        const next = applyReturnRequest(current, request, now);
        if (isAdmin(actor) && (move === "accept" || move === "refuse")) await requireStore(reader, next.returnStore);
        if (move === "none") return { answer: { move, returnOrder: viewFor(actor, current) } };
        // Accepting or refusing ('Concluír') names the staff member whose PIN came with it.
        const receivedBy = move === "accept" || move === "refuse" ? signerOf(staffSignature) : current.receivedBy;
        const set = {
          receivedBy,
          customerPhone: next.customerPhone,
          customerEmail: next.customerEmail,
          returnItems: next.returnItems,
          returnStatus: next.returnStatus,
          reasonForRefusal: next.reasonForRefusal,
          returnStore: next.returnStore,
          dateOfReturn: next.dateOfReturn,
          dateOfTransfer: next.dateOfTransfer,
          transferNumber: next.transferNumber,
          updatedAt: now,
        };
        // The return as it will be stored: the row read with every column the update sets.
        const after = toReturnOrder({ ...row, ...set });
        const kind = move === "accept" ? "return-received" : move === "refuse" ? "return-refused" : undefined;
        const email = kind ? customerEmailEntry(emails, { kind, recordId: id, to: after.customerEmail, record: after }) : null;
        return {
          write: { set, audit: auditRow(actor, "return", id, move === "edit" ? "update" : move, current, after), emails: email ? [email] : [] },
          answer: (saved) => ({ move, returnOrder: viewFor(actor, toReturnOrder(saved)) }),
        };
      },
    });
    nudgeOutbox();
    return result;
  } catch (err) {
    if (isConcurrencyFailure(err)) throw conflict(RETURN_MESSAGES.changedMeanwhile);
    throw err;
  }
}

export async function deleteReturn(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for("update");
    if (!row) throw notFound(RETURN_MESSAGES.notFound);
    if (!canDeleteReturn(row)) throw conflict(RETURN_MESSAGES.deleteOnlyPending);
    await tx.delete(returns).where(eq(returns.id, id));
    await recordAudit(tx, actor, "return", id, "delete", toReturnOrder(row), null);
  });
}
