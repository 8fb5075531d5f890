import {
  ADMIN,
  AWAITING_PICKUP,
  DAY_MS,
  PICKED_UP,
  PICKUP_MESSAGES,
  STORE,
  applyPickupRequest,
  canDeletePickup,
  checkWithdrawalUnderCap,
  countsCpfFailures,
  dateRange,
  initialStatus,
  isCpfCheckLocked,
  pickupConfirmationCpf,
  readPickupRequest,
  toPickupStoreView,
  isPickupOverdue,
  isPickupCode,
  READY_RESEND_INTERVAL_MS,
  resendWaitMessage,
  waitingSinceAfter,
  withdrawalAuthorizedMessage,
  type Pickup,
  type PickupForm,
  type PickupMove,
  type PickupStatus,
  type PickupStoreView,
  type PickupUpdateInput,
  type User,
} from "@passo/domain";
import { and, asc, desc, eq, getTableColumns, gte, inArray, like, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { emailOutbox, pickups, uploads, users } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { ofStores, readableStores, storesSelected } from "../../lib/store-scope.js";
import { badRequest, conflict, notFound, tooManyRequests } from "../../lib/errors.js";
import { countRows, listColumns, newestFirst, pageFigures, pageValues, paging, parseSearch, totalColumn, totalOf, type FlowListQuery, type PageValues } from "../../lib/list-query.js";
import { preparedQuery, type Bound, type QueryValue } from "../../lib/prepared-query.js";
import { transitionRow, type RowScope } from "../../records/row-transition.js";
import { auditRow, recordAudit, type AuditActor } from "../../records/audit.js";
import { currentDeadlines } from "../deadlines/deadlines.service.js";
import { signerOf, type StaffSignature } from "../staff/staff.service.js";
import { nudgeOutbox } from "../../lib/outbox-signal.js";
import { enqueueEmail, type OutboxEntry } from "../../records/outbox.js";
import {
  type RenderContext,
  customerEmailEntry,
  customerEmailSettings,
  type CustomerEmailSettings,
} from "../email-templates/email-templates.service.js";
import { storesByName } from "../users/users.service.js";
import { newPickupCode, PICKUP_CODE_ATTEMPTS } from "./pickup-code.js";
import { saveSignature } from "../uploads/uploads.service.js";
import { decodeSignature } from "./signature.js";

type PickupRow = typeof pickups.$inferSelect;
export type PickupView = Pickup | PickupStoreView;

/** The stored pickup as served: with whether it is overdue now, by the pickup deadline of 'Prazos'. */
export function toPickup(row: PickupRow, overdueDays: number, now: Date): Pickup {
  const { updatedAt: _updatedAt, cpfCheckFailures, ...rest } = row;
  return { ...rest, overdue: isPickupOverdue(rest.waitingSince, overdueDays, now), cpfCheckLocked: isCpfCheckLocked(cpfCheckFailures) };
}

/** The order of a list: newest dispatch first (the screens' default), or the longest waiting first. */
export type PickupOrder = "newest" | "waiting";

export interface PickupListQuery extends FlowListQuery<PickupStatus> {
  order?: PickupOrder | undefined;
  /** Only the pickups waiting past the pickup deadline. */
  overdue?: boolean | undefined;
}

/** Customers' personal data in full to administrators only; a Supervisor is served what a store is (docs/api.md: who may do what). */
function viewFor(actor: User, pickup: Pickup): PickupView {
  return actor.role === ADMIN ? pickup : toPickupStoreView(pickup);
}

/** The store whose pickups a store's move may touch (its own), undefined for an administrator. */
const ownStore = (actor: User) => (actor.role === ADMIN ? undefined : actor.username);

/** The rows a store's move may touch: its own (the transitions' scope). */
function scopeOf(actor: User): RowScope | undefined {
  const store = ownStore(actor);
  return store === undefined ? undefined : { column: pickups.pickupStoreName, value: store };
}

/** A store only ever sees its own pickups, a Supervisor its stores'; to them, another store's pickup does not exist. */
function visibleTo(actor: User): SQL | undefined {
  return ofStores(pickups.pickupStoreName, readableStores(actor));
}

/** The store's username as registered (stores are named by their username), or undefined when no store has it. */
async function storeUsername(db: Db | Tx, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, eq(users.role, STORE)));
  return row?.username;
}

/** What a pickups filter compares with; each value there adds its condition (`pickupsCondition`). */
function pickupFilter(actor: User, query: PickupListQuery, timezone: string, overdueDays: number, now: Date) {
  const range = dateRange(query.from, query.to, timezone);
  const search = parseSearch(query.search);
  return {
    // Of a store's (a Supervisor's) own, the one asked for: a store outside them selects nothing.
    own: readableStores(actor) === null ? undefined : storesSelected(actor, query.store)!,
    store: readableStores(actor) === null ? query.store : undefined,
    status: query.status,
    from: range.gte,
    to: range.lt,
    cpf: search?.cpf,
    orderNumber: search?.orderNumber,
    // Six digits are a pickup code; the order number is compared too, as for any other search.
    pickupCode: search?.orderNumber !== undefined && isPickupCode(search.orderNumber) ? search.orderNumber : undefined,
    waitingBefore: query.overdue ? new Date(now.getTime() - overdueDays * DAY_MS) : undefined,
  } satisfies Record<string, QueryValue>;
}
type PickupFilter = ReturnType<typeof pickupFilter>;

/** The pickups whose code is theirs alone (the partial unique index's own predicate, so the index serves it). */
const notCollected = sql`${pickups.pickupStatus} <> 'Pedido retirado'`;

function pickupsCondition(f: Bound<PickupFilter>): SQL | undefined {
  return and(
    ofStores(pickups.pickupStoreName, f.own),
    f.store === undefined ? undefined : eq(pickups.pickupStoreName, f.store),
    f.status === undefined ? undefined : inArray(pickups.pickupStatus, f.status),
    f.from === undefined ? undefined : gte(pickups.orderDispatchDate, f.from),
    f.to === undefined ? undefined : lt(pickups.orderDispatchDate, f.to),
    f.cpf === undefined ? undefined : or(eq(pickups.customerCPF, f.cpf), eq(pickups.authorizedThirdPartyCPF, f.cpf)),
    f.orderNumber === undefined
      ? undefined
      : f.pickupCode === undefined
        ? eq(pickups.orderNumber, f.orderNumber)
        : or(eq(pickups.orderNumber, f.orderNumber), and(eq(pickups.pickupCode, f.pickupCode), notCollected)),
    f.waitingBefore === undefined ? undefined : lt(pickups.waitingSince, f.waitingBefore),
  );
}

/** Which pickups a filter selects, as the history and its export see them: a store only ever its own. */
export function pickupsWhere(actor: User, query: PickupListQuery, timezone: string, overdueDays: number, now: Date): SQL | undefined {
  return pickupsCondition(pickupFilter(actor, query, timezone, overdueDays, now));
}

type PickupListValues = PickupFilter & { waiting: boolean };

/** The list's order: newest dispatch first (the screens' default), or the longest waiting first. */
const pickupOrder = (waiting: boolean) =>
  waiting ? [sql`${pickups.waitingSince} asc nulls last`, newestFirst(pickups.orderDispatchDate), asc(pickups.id)] : [newestFirst(pickups.orderDispatchDate), asc(pickups.id)];

// The lists' queries, prepared once per filter shape (lib/prepared-query.ts): a page with its total, or the whole list.
const pickupsPage = preparedQuery((db, f: Bound<PickupListValues & PageValues>) => {
  const where = pickupsCondition(f);
  return db
    .select({ ...listColumns(getTableColumns(pickups)), total: totalColumn(pickups, where) })
    .from(pickups)
    .where(where)
    .orderBy(...pickupOrder(f.waiting))
    .limit(f.limit)
    .offset(f.offset ?? 0);
});
const pickupsWhole = preparedQuery((db, f: Bound<PickupListValues>) => db.select(listColumns(getTableColumns(pickups))).from(pickups).where(pickupsCondition(f)).orderBy(...pickupOrder(f.waiting)));

/** A stored pickup as the actor is served it (customers' data masked for a store). */
export function pickupView(actor: User, row: PickupRow, overdueDays: number, now: Date): PickupView {
  return viewFor(actor, toPickup(row, overdueDays, now));
}

export async function listPickups(
  db: Db,
  actor: User,
  query: PickupListQuery,
  timezone: string,
  now = new Date(),
): Promise<{ pickups: PickupView[]; total?: number; page?: number; pageSize?: number }> {
  const { overdueDays } = await currentDeadlines(db);
  const filter = pickupFilter(actor, query, timezone, overdueDays, now);
  const page = paging(query);
  const waiting = query.order === "waiting";
  if (!page) {
    const rows = await pickupsWhole(db, { ...filter, waiting });
    return { pickups: rows.map((row) => pickupView(actor, row, overdueDays, now)) };
  }
  const rows = await pickupsPage(db, { ...filter, waiting, ...pageValues(page) });
  const total = await totalOf(rows, page, () => countRows(db, pickups, pickupsCondition(filter)));
  const list = rows.map(({ total: _total, ...row }) => pickupView(actor, row, overdueDays, now));
  return { pickups: list, ...pageFigures(page, total) };
}

export async function getPickup(db: Db, actor: User, id: string, now = new Date()): Promise<PickupView> {
  const [row] = await db.select().from(pickups).where(and(eq(pickups.id, id), visibleTo(actor)));
  if (!row) throw notFound(PICKUP_MESSAGES.notFound);
  return viewFor(actor, toPickup(row, (await currentDeadlines(db)).overdueDays, now));
}

/**
 * The customer hears when their order waits in the store (created there, received there, or
 * moved there by an edit before it was received) and when it was collected: the e-mails a change
 * queues, in its own transaction or statement. One e-mail per readiness (keyed by when it was
 * received, or dispatched when it never travelled) and one per collection.
 */
function customerEmailsFor(emails: CustomerEmailSettings, before: Pickup | undefined, after: Pickup): OutboxEntry[] {
  const to = after.customerEmail;
  const entries: (OutboxEntry | null)[] = [];
  if (after.pickupStatus === AWAITING_PICKUP && before?.pickupStatus !== AWAITING_PICKUP) {
    const readySince = after.orderReceivedAtStoreDate ?? after.orderDispatchDate;
    entries.push(readyEmailEntry(emails, after, readySince.toISOString()));
  }
  if (after.pickupStatus === PICKED_UP && before?.pickupStatus !== PICKED_UP) {
    entries.push(customerEmailEntry(emails, { kind: "pickup-collected", recordId: after.id, to, record: after }));
  }
  return entries.filter((entry) => entry !== null);
}

/** The customer's ready-for-pickup e-mail, with the pickup code's QR for `{{pickupCodeQr}}` (drawn when it is sent); null when it is switched off. */
function readyEmailEntry(emails: CustomerEmailSettings, pickup: Pickup, occurrence: string): OutboxEntry | null {
  return customerEmailEntry(emails, { kind: "pickup-ready", recordId: pickup.id, occurrence, to: pickup.customerEmail, record: pickup, pickupCodeQr: pickup.pickupCode });
}

type NewPickupRow = typeof pickups.$inferInsert;

/**
 * Inserts a new pickup with a code no open pickup holds: each try in a savepoint, so a code another
 * open pickup took (the unique index says so) costs only a new draw.
 */
async function insertWithFreshCode(tx: Tx, values: Omit<NewPickupRow, "pickupCode">, drawCode: () => string): Promise<PickupRow> {
  for (let attempt = 1; ; attempt++) {
    const pickupCode = drawCode();
    try {
      return await tx.transaction(async (savepoint) => (await savepoint.insert(pickups).values({ ...values, pickupCode }).returning())[0]!);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // The database's message would quote the code: the log gets none.
      if (attempt >= PICKUP_CODE_ATTEMPTS) throw new Error(`no free pickup code after ${attempt} draws`);
    }
  }
}

/**
 * The pickup's NF-e files are uploads already stored: `invoiceFileName` any (the PDF, or the XML alone);
 * with `invoiceXmlFileName` beside it, the invoice must be the PDF and that other file the XML.
 */
async function checkInvoiceFiles(tx: Tx, input: Pick<PickupForm, "invoiceFileName" | "invoiceXmlFileName">): Promise<void> {
  const names = input.invoiceXmlFileName ? [input.invoiceFileName, input.invoiceXmlFileName] : [input.invoiceFileName];
  const stored = await tx.select({ name: uploads.name, contentType: uploads.contentType }).from(uploads).where(inArray(uploads.name, names));
  const typeOf = (name: string) => stored.find((file) => file.name === name)?.contentType;
  const invoice = typeOf(input.invoiceFileName);
  if (!invoice || invoice === "image/png") throw badRequest(PICKUP_MESSAGES.invoiceRequired);
  if (!input.invoiceXmlFileName) return;
  const xml = typeOf(input.invoiceXmlFileName);
  if (!xml) throw badRequest(PICKUP_MESSAGES.invoiceXmlMissing);
  if (invoice !== "application/pdf" || xml !== "application/xml") throw badRequest(PICKUP_MESSAGES.invoicePair);
}

/** The server dates the order, derives its status from the type (docs/state-machines.md) and draws its pickup code. */
export async function createPickup(
  db: Db,
  actor: AuditActor,
  input: PickupForm,
  now: Date,
  context: RenderContext,
  drawCode: () => string = newPickupCode,
): Promise<Pickup> {
  const [{ overdueDays }, emails] = await Promise.all([currentDeadlines(db), customerEmailSettings(db, context)]);
  const pickup = await db.transaction(async (tx) => {
    const store = await storeUsername(tx, input.pickupStoreName);
    if (!store) throw badRequest(PICKUP_MESSAGES.storeRequired);
    await checkInvoiceFiles(tx, input);
    const row = await insertWithFreshCode(
      tx,
      {
        ...input,
        pickupStoreName: store,
        orderDispatchDate: now,
        orderReceivedAtStoreDate: null,
        actualPickupDate: null,
        pickupStatus: initialStatus(input.pickupType),
        waitingSince: waitingSinceAfter(undefined, initialStatus(input.pickupType), now),
        updatedAt: now,
      },
      drawCode,
    );
    const created = toPickup(row, overdueDays, now);
    await recordAudit(tx, actor, "pickup", created.id, "create", null, created);
    for (const entry of customerEmailsFor(emails, undefined, created)) await enqueueEmail(tx, entry, now);
    return created;
  });
  nudgeOutbox();
  return pickup;
}

/**
 * `PUT /pickup/update/{id}`. A store may confirm receipt and confirm pickup of its own
 * pickups, nothing else; an administrator may also edit the dialog's fields while the order
 * has not been collected. Judged on the row as it stands (records/row-transition.ts), so two
 * confirmations of the same pickup cannot both succeed.
 */
export async function updatePickup(
  db: Db,
  actor: User,
  id: string,
  body: PickupUpdateInput,
  now: Date,
  context: RenderContext,
  staffSignature?: StaffSignature,
): Promise<{ move: PickupMove; pickup: PickupView }> {
  // The signature is judged before anything is written (a wrong CPF's count included).
  const signature = body.signature === undefined ? undefined : decodeSignature(body.signature);
  const signatureRequired = actor.role !== ADMIN && body.pickupStatus === PICKED_UP && (await requiresSignature(db, actor));
  // A store's CPF typed to confirm the pickup counts against the pickup's cap (refused while it is blocked).
  const confirmationCpf = pickupConfirmationCpf(body);
  if (confirmationCpf !== undefined && countsCpfFailures(actor.role)) await checkCpfUnderCap(db, actor, id, confirmationCpf, "confirm");
  // Read before the row (and at most once a second): the move itself only decides and writes.
  const [{ overdueDays }, emails] = await Promise.all([currentDeadlines(db), customerEmailSettings(db, context)]);
  // The signature's file is stored first and removed again unless the confirmation that points at it is.
  const signatureFileName = signature ? await saveSignature(db, signature, actor.username) : undefined;
  let signatureKept = false;
  try {
    return await transitionRow<typeof pickups, { move: PickupMove; pickup: PickupView }>(db, {
      table: pickups,
      id,
      now,
      scope: scopeOf(actor),
      notFound: () => notFound(PICKUP_MESSAGES.notFound),
      async decide(row, reader) {
        const stored = toPickup(row, overdueDays, now);
        // An administrator's edit may name another store: the registered ones are what it is resolved against.
        const stores = actor.role === ADMIN ? await storesByName(reader) : undefined;
        const request = readPickupRequest(stored, body, actor.role, (name) => stores?.get(name.toLowerCase()));
        const { move } = request;
        const moved = applyPickupRequest(stored, request, now, actor.username);
        if (moved === stored) return { answer: { move, pickup: viewFor(actor, stored) } };
        // The receipt and the handover name the staff member whose PIN came with them (the handover
        // otherwise names the store, as before).
        const signer = move === "receipt" || move === "pickup" ? signerOf(staffSignature) : null;
        const next =
          move === "receipt" ? { ...moved, receivedBy: signer } : move === "pickup" && signer ? { ...moved, handedOverBy: signer } : moved;

        if (move === "pickup" && signatureRequired && !signatureFileName) throw badRequest(PICKUP_MESSAGES.signatureRequired);
        const { id: _id, orderDispatchDate: _dispatched, overdue: _overdue, cpfCheckLocked: _locked, ...changes } = next;
        const signed = move === "pickup" && signatureFileName ? { signatureFileName } : {};
        const set = { ...changes, ...signed, waitingSince: waitingSinceAfter(stored, next.pickupStatus, now), updatedAt: now };
        // The pickup as it will be stored: the row read with every column the update sets.
        const after = toPickup({ ...row, ...set }, overdueDays, now);
        const action = move === "receipt" ? "confirm-receipt" : move === "pickup" ? "confirm-pickup" : "update";
        return {
          write: { set, audit: auditRow(actor, "pickup", id, action, stored, after), emails: customerEmailsFor(emails, stored, after) },
          answer: (saved) => {
            signatureKept = saved.signatureFileName === signatureFileName;
            return { move, pickup: viewFor(actor, toPickup(saved, overdueDays, now)) };
          },
        };
      },
    });
  } finally {
    if (signatureFileName && !signatureKept) await db.delete(uploads).where(eq(uploads.name, signatureFileName));
    nudgeOutbox();
  }
}

/** Whether the store `actor` requires the customer's signature to confirm a pickup ('Exigir assinatura na retirada'). */
async function requiresSignature(db: Db, actor: User): Promise<boolean> {
  const [row] = await db.select({ requireSignature: users.requireSignature }).from(users).where(eq(users.id, actor.id));
  return row?.requireSignature ?? false;
}

/** A collected order is history: it stays. An invoice file (the PDF, the XML) no other pickup points at goes with it. */
export async function deletePickup(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(pickups).where(eq(pickups.id, id)).for("update");
    if (!row) throw notFound(PICKUP_MESSAGES.notFound);
    const { updatedAt: _updatedAt, ...stored } = row;
    if (!canDeletePickup(stored)) throw conflict(PICKUP_MESSAGES.deletePickedUp);
    await tx.delete(pickups).where(eq(pickups.id, id));
    await recordAudit(tx, actor, "pickup", id, "delete", stored, null);
    for (const name of [row.invoiceFileName, row.invoiceXmlFileName]) {
      if (!name) continue;
      const [other] = await tx
        .select({ id: pickups.id })
        .from(pickups)
        .where(and(or(eq(pickups.invoiceFileName, name), eq(pickups.invoiceXmlFileName, name)), ne(pickups.id, id)))
        .limit(1);
      if (!other) await tx.delete(uploads).where(eq(uploads.name, name));
    }
  });
}

export type WithdrawalAnswer =
  | { authorized: true; name: string; title: string; message: string; signatureRequired: boolean }
  | { authorized: false; title: string; message: string };

/**
 * The counter's CPF check before 'Confirmar retirada'. A store is shown masked CPFs only,
 * so the comparison has to happen here.
 */
export async function checkPickupWithdrawal(db: Db, actor: User, id: string, typedCpf: string): Promise<WithdrawalAnswer> {
  const check = await checkCpfUnderCap(db, actor, id, typedCpf, "check");
  if (!check?.authorized) return { authorized: false, title: PICKUP_MESSAGES.withdrawalUnauthorizedTitle, message: PICKUP_MESSAGES.withdrawalUnauthorized };
  const signatureRequired = actor.role !== ADMIN && (await requiresSignature(db, actor));
  return { authorized: true, name: check.name, title: PICKUP_MESSAGES.withdrawalAuthorizedTitle, message: withdrawalAuthorizedMessage(check.name), signatureRequired };
}

/** The pickup `actor` may see, its row locked for the rest of the transaction; undefined when there is none. */
async function lockVisiblePickup(tx: Tx, actor: User, id: string): Promise<PickupRow | undefined> {
  const [row] = await tx
    .select()
    .from(pickups)
    .where(and(eq(pickups.id, id), visibleTo(actor)))
    .for("update");
  return row;
}

/**
 * A CPF compared with a pickup's under its cap (the domain's `checkWithdrawalUnderCap`: which pickups
 * are checked, the lock, which wrong CPFs cost a try). The row is locked while it is compared, so
 * parallel tries are counted one after the other and none is compared past the cap. A locked pickup
 * answers 403 until an administrator unlocks it (`unlockCpfCheck`).
 *
 * `check`: the counter's check, which answers for a pickup of the store's that waits in it.
 * `confirm`: before 'Confirmar retirada', which judges the rest itself: a pickup that is not found
 * or does not wait is left to it (undefined).
 */
async function checkCpfUnderCap(db: Db, actor: User, id: string, typedCpf: string, route: "check" | "confirm") {
  return db.transaction(async (tx) => {
    const row = await lockVisiblePickup(tx, actor, id);
    if (!row) {
      if (route === "confirm") return undefined;
      throw notFound(PICKUP_MESSAGES.notFound);
    }
    const check = checkWithdrawalUnderCap(row, typedCpf, actor.role, route);
    if (check?.failed) {
      await tx
        .update(pickups)
        .set({ cpfCheckFailures: sql`${pickups.cpfCheckFailures} + 1` })
        .where(eq(pickups.id, id));
    }
    return check;
  });
}

/**
 * `POST /pickup/unlock-cpf/{id}` (administrators): a pickup whose CPF check a store blocked gets its
 * tries back, with an audit line. 409 when it is not blocked.
 */
export async function unlockCpfCheck(db: Db, actor: User, id: string, now: Date): Promise<Pickup> {
  const { overdueDays } = await currentDeadlines(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(pickups).where(eq(pickups.id, id)).for("update");
    if (!row) throw notFound(PICKUP_MESSAGES.notFound);
    if (!isCpfCheckLocked(row.cpfCheckFailures)) throw conflict(PICKUP_MESSAGES.cpfCheckNotLocked);
    const [saved] = await tx.update(pickups).set({ cpfCheckFailures: 0 }).where(eq(pickups.id, id)).returning();
    await recordAudit(tx, actor, "pickup", id, "unlock-cpf", { cpfCheckFailures: row.cpfCheckFailures }, { cpfCheckFailures: 0 });
    return toPickup(saved!, overdueDays, now);
  });
}

/** The event key of a resent ready-for-pickup e-mail: `pickup-ready:<id>:resent:<when>`. */
const resentKeyPrefix = (id: string) => `pickup-ready:${id}:resent:`;

/**
 * `POST /pickup/resend-ready/{id}` ('Reenviar aviso'): the pickup's store or an administrator queues
 * the customer's ready-for-pickup e-mail again, with an audit line. Only while the order waits in the
 * store (409), at most once an hour per pickup (429 with Retry-After), judged with the pickup's row
 * locked so two clicks at once send one e-mail.
 */
export async function resendReadyEmail(db: Db, actor: User, id: string, now: Date, context: RenderContext): Promise<void> {
  const [{ overdueDays }, emails] = await Promise.all([currentDeadlines(db), customerEmailSettings(db, context)]);
  await db.transaction(async (tx) => {
    const row = await lockVisiblePickup(tx, actor, id);
    if (!row) throw notFound(PICKUP_MESSAGES.notFound);
    if (row.pickupStatus !== AWAITING_PICKUP) throw conflict(PICKUP_MESSAGES.resendOnlyAwaiting);
    const [last] = await tx
      .select({ createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recordId, id), eq(emailOutbox.kind, "pickup-ready"), like(emailOutbox.eventKey, `${resentKeyPrefix(id)}%`)))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const wait = last ? last.createdAt.getTime() + READY_RESEND_INTERVAL_MS - now.getTime() : 0;
    if (wait > 0) throw tooManyRequests(resendWaitMessage(wait / 1000), wait / 1000);
    const entry = readyEmailEntry(emails, toPickup(row, overdueDays, now), `resent:${now.toISOString()}`);
    if (!entry) throw conflict(PICKUP_MESSAGES.resendSwitchedOff);
    await enqueueEmail(tx, entry, now);
    await recordAudit(tx, actor, "pickup", id, "resend-ready", null, { customerEmail: row.customerEmail, pickupStatus: row.pickupStatus });
  });
  nudgeOutbox();
}
