import {
  ADMIN,
  RETURN_COMPLETED,
  RETURN_EXPIRED,
  RETURN_PENDING,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  STORE,
  acceptReturn,
  canDeleteReturn,
  canEditReturn,
  completeReturn,
  expireReturn,
  maskCpf,
  refusalReasonLabel,
  refuseReturn,
  toReturnStoreView,
  transitionNotAllowed,
  dateRange,
  type ReturnFormInput,
  type ReturnOrder,
  type ReturnStatus,
  type ReturnUpdateInput,
  type ReturnStoreView,
  type User,
} from "@passo/domain";
import { and, asc, count, eq, gte, inArray, lt, or, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { returns } from "../../db/schema/index.js";
import { isConcurrencyFailure } from "../../lib/db-errors.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { newestFirst, pageFigures, paging, parseSearch } from "../../lib/list-query.js";
import { recordAudit, type AuditActor } from "../audit/audit.js";
import { enqueueCustomerEmail } from "../customer-emails/customer-emails.js";
import { nudgeOutbox } from "../email-outbox/email-outbox.js";
import type { RenderContext } from "../email-templates/email-templates.service.js";
import { userExists } from "../users/users.service.js";

const NOT_FOUND = "Devolução não encontrada.";
const STORE_MAY_ONLY_RECEIVE = "A loja só pode aceitar ou recusar uma devolução pendente.";

type ReturnRow = typeof returns.$inferSelect;
/** What the caller is served: the whole record to an administrator, the masked view to a store. */
export type ReturnView = ReturnOrder | ReturnStoreView;
export type ReturnAction = "accept" | "refuse" | "expire" | "complete" | "edit";

function toReturnOrder(row: ReturnRow): ReturnOrder {
  const { updatedAt: _updatedAt, ...fields } = row;
  return fields;
}

const isAdmin = (actor: User) => actor.role === ADMIN;
const viewFor = (actor: User, returnOrder: ReturnOrder): ReturnView => (isAdmin(actor) ? returnOrder : toReturnStoreView(returnOrder));

export interface ReturnListQuery {
  status?: ReturnStatus[] | undefined;
  store?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * An administrator lists every return. A store lists the returns it received, and with a
 * search also the pending ones with that exact CPF or order number: they belong to no store
 * until one of them takes them in.
 */
export async function listReturns(
  db: Db,
  actor: User,
  query: ReturnListQuery,
  timezone: string,
): Promise<{ returns: ReturnView[]; total?: number; page?: number; pageSize?: number }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(inArray(returns.returnStatus, query.status));
  const range = dateRange(query.from, query.to, timezone);
  if (range.gte) conditions.push(gte(returns.dateOfCreation, range.gte));
  if (range.lt) conditions.push(lt(returns.dateOfCreation, range.lt));
  const search = parseSearch(query.search);
  if (search?.cpf) conditions.push(eq(returns.customerCPF, search.cpf));
  if (search?.orderNumber) conditions.push(eq(returns.orderNumber, search.orderNumber));
  if (isAdmin(actor)) {
    if (query.store) conditions.push(eq(returns.returnStore, query.store));
  } else {
    const received = eq(returns.returnStore, actor.username);
    conditions.push(search ? or(received, eq(returns.returnStatus, RETURN_PENDING)) : received);
  }
  const where = and(...conditions);
  const page = paging(query);
  const select = db.select().from(returns).where(where).orderBy(newestFirst(returns.dateOfCreation), asc(returns.id)).$dynamic();
  const rows = await (page ? select.limit(page.limit).offset(page.offset) : select);
  const list = rows.map((row) => viewFor(actor, toReturnOrder(row)));
  if (!page) return { returns: list };
  const [totals] = await db.select({ total: count() }).from(returns).where(where);
  return { returns: list, ...pageFigures(page, totals?.total ?? 0) };
}

/** A store reads by id only what it received; a pending return it finds through the search. */
export async function getReturn(db: Db, actor: User, id: string): Promise<ReturnView> {
  const [row] = await db.select().from(returns).where(eq(returns.id, id));
  if (!row || (!isAdmin(actor) && row.returnStore !== actor.username)) throw notFound(NOT_FOUND);
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

const text = (value: string | null | undefined) => value?.trim() ?? "";

/** Which of the fields the body carries differ from the stored record (a field left out never does). */
function changesOf(current: ReturnOrder, input: ReturnUpdateInput) {
  const cpf = input.customerCPF?.trim();
  return {
    orderNumber: input.orderNumber !== undefined && input.orderNumber.trim() !== current.orderNumber,
    customerFullName: input.customerFullName !== undefined && input.customerFullName.trim() !== current.customerFullName,
    customerCPF: cpf !== undefined && cpf !== maskCpf(current.customerCPF) && cpf.replace(/[.\-\s]/g, "") !== current.customerCPF,
    customerPhone: input.customerPhone !== undefined && input.customerPhone !== current.customerPhone,
    customerEmail: input.customerEmail !== undefined && input.customerEmail !== current.customerEmail,
    returnItems:
      input.returnItems !== undefined &&
      (input.returnItems.length !== current.returnItems.length || input.returnItems.some((item, i) => item !== current.returnItems[i])),
    reasonForRefusal:
      input.reasonForRefusal !== undefined &&
      text(input.reasonForRefusal) !== current.reasonForRefusal &&
      refusalReasonLabel(input.reasonForRefusal) !== current.reasonForRefusal,
    returnStore: input.returnStore !== undefined && (text(input.returnStore) || null) !== current.returnStore,
    transferNumber: input.transferNumber !== undefined && (text(input.transferNumber) || null) !== current.transferNumber,
  };
}

interface Plan {
  action: ReturnAction | undefined;
  next: ReturnOrder;
}

/** The status the body asks for, when it differs from the stored one. */
function requestedStatus(current: ReturnOrder, input: ReturnUpdateInput): ReturnStatus | undefined {
  return input.returnStatus !== undefined && input.returnStatus !== current.returnStatus ? input.returnStatus : undefined;
}

/**
 * A store may take in or turn down any pending return, and nothing else. Records it may not
 * read stay unknown (404), except that a store trying to take in a return another one took in
 * first has lost a race and is told so (409).
 */
function planStoreUpdate(store: User, current: ReturnOrder, input: ReturnUpdateInput, now: Date): Plan {
  const target = requestedStatus(current, input);
  const pending = current.returnStatus === RETURN_PENDING;
  if (!pending && current.returnStore !== store.username) {
    if (input.returnStatus === RETURN_RECEIVED || input.returnStatus === RETURN_REFUSED) throw conflict("Esta devolução já foi processada.");
    throw notFound(NOT_FOUND);
  }
  const receiving = target === RETURN_RECEIVED || target === RETURN_REFUSED;
  const changes = changesOf(current, input);
  if (receiving) {
    changes.reasonForRefusal = false;
    changes.returnStore = changes.returnStore && text(input.returnStore) !== store.username;
  }
  if (Object.values(changes).some(Boolean)) throw forbidden(STORE_MAY_ONLY_RECEIVE);
  if (target === RETURN_EXPIRED || target === RETURN_COMPLETED) throw forbidden(STORE_MAY_ONLY_RECEIVE);
  if (!pending) throw conflict("Esta devolução não está mais pendente.");
  if (target === RETURN_RECEIVED) return { action: "accept", next: acceptReturn(current, store.username, now) };
  if (target === RETURN_REFUSED) return { action: "refuse", next: refuseReturn(current, store.username, input.reasonForRefusal) };
  throw forbidden(STORE_MAY_ONLY_RECEIVE);
}

/** The store an administrator names as the one that received or refused the return. */
async function requireStore(tx: Tx, username: string | null) {
  if (!username) throw badRequest("Selecione a loja que recebeu a devolução.");
  if (!(await userExists(tx, username, STORE))) throw badRequest("Loja não encontrada.");
}

/**
 * An administrator edits phone, e-mail and items while the return is pending, records a
 * store's decision on its behalf, expires it after 30 days, or completes a received one.
 */
async function planAdminUpdate(tx: Tx, current: ReturnOrder, input: ReturnUpdateInput, now: Date): Promise<Plan> {
  const changes = changesOf(current, input);
  if (changes.orderNumber || changes.customerFullName || changes.customerCPF) {
    throw badRequest("O número do pedido, o nome e o CPF do cliente não podem ser alterados.");
  }
  const edited = changes.customerPhone || changes.customerEmail || changes.returnItems;
  if (edited && !canEditReturn(current)) throw conflict("Só é possível editar uma devolução pendente.");
  const edits = {
    ...(changes.customerPhone && { customerPhone: input.customerPhone! }),
    ...(changes.customerEmail && { customerEmail: input.customerEmail! }),
    ...(changes.returnItems && { returnItems: input.returnItems! }),
  };
  const base = { ...current, ...edits };
  const target = requestedStatus(current, input);

  let plan: Plan;
  switch (target) {
    case undefined:
      plan = { action: edited ? "edit" : undefined, next: base };
      break;
    case RETURN_RECEIVED:
      plan = { action: "accept", next: acceptReturn(base, text(input.returnStore), now) };
      break;
    case RETURN_REFUSED:
      plan = { action: "refuse", next: refuseReturn(base, text(input.returnStore), input.reasonForRefusal) };
      break;
    case RETURN_EXPIRED:
      plan = { action: "expire", next: expireReturn(base, now) };
      break;
    case RETURN_COMPLETED:
      plan = { action: "complete", next: completeReturn(base, input.transferNumber, now) };
      break;
    default:
      throw transitionNotAllowed(current.returnStatus, target);
  }

  const receiving = plan.action === "accept" || plan.action === "refuse";
  if (changes.returnStore && !receiving) throw badRequest("A loja só é informada ao aceitar ou recusar a devolução.");
  if (changes.reasonForRefusal && !receiving) throw badRequest("O motivo só é informado ao recusar a devolução.");
  if (changes.transferNumber && plan.action !== "complete") throw badRequest("O número da transferência só é informado ao concluir a devolução.");
  if (receiving) await requireStore(tx, plan.next.returnStore);
  return plan;
}

/**
 * `PUT /return/update/{id}`: the body is the record as the client holds it; what differs from
 * the stored record says which action is meant. One transaction, the row locked. A return
 * accepted or refused e-mails the customer, queued in the same transaction.
 */
export async function updateReturn(
  db: Db,
  actor: User,
  id: string,
  input: ReturnUpdateInput,
  context: RenderContext,
  now = new Date(),
): Promise<{ action: ReturnAction | undefined; returnOrder: ReturnView }> {
  try {
    const result = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for("update");
      if (!row) throw notFound(NOT_FOUND);
      const current = toReturnOrder(row);
      const { action, next } = isAdmin(actor) ? await planAdminUpdate(tx, current, input, now) : planStoreUpdate(actor, current, input, now);
      if (!action) return { action, returnOrder: viewFor(actor, current) };
      const [updated] = await tx
        .update(returns)
        .set({
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
        })
        .where(eq(returns.id, id))
        .returning();
      const saved = toReturnOrder(updated!);
      await recordAudit(tx, actor, "return", id, action === "edit" ? "update" : action, current, saved);
      if (action === "accept" || action === "refuse") {
        const kind = action === "accept" ? "return-received" : "return-refused";
        await enqueueCustomerEmail(tx, context, { kind, recordId: saved.id, to: saved.customerEmail, record: saved }, now);
      }
      return { action, returnOrder: viewFor(actor, saved) };
    });
    nudgeOutbox();
    return result;
  } catch (err) {
    if (isConcurrencyFailure(err)) throw conflict("A devolução foi alterada ao mesmo tempo por outra pessoa. Tente novamente.");
    throw err;
  }
}

export async function deleteReturn(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for("update");
    if (!row) throw notFound(NOT_FOUND);
    if (!canDeleteReturn(row)) throw conflict("Só é possível excluir uma devolução pendente.");
    await tx.delete(returns).where(eq(returns.id, id));
    await recordAudit(tx, actor, "return", id, "delete", toReturnOrder(row), null);
  });
}
