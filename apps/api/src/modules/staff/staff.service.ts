import { ADMIN, STAFF_MESSAGES, STORE, type Staff, type StaffCreateInput, type StaffUpdateInput, type User } from "@passo/domain";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { staff, users } from "../../db/schema/index.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { recordAudit } from "../../records/audit.js";
import { hashPin, verifyPin } from "./staff-pin-hash.js";

type StaffRow = typeof staff.$inferSelect;

/** Five wrong PINs within this time lock the store's PINs for as long again. */
export const STAFF_PIN_LOCKOUT_MS = 10 * 60 * 1000;

/** Wrong PINs are counted per store, whatever the address (`LoginThrottle` with `lockout`). */
const throttleKey = (storeId: string) => `pin:${storeId}`;

/** The PINs' throttle: the sign-in's `LoginThrottle` with a lockout (app.ts, `staffPinThrottle`). */
interface PinThrottle {
  begin(ip: string, account: string): void;
  succeeded(ip: string, account: string): void;
  refund(ip: string, account: string): void;
}

/** What one call may do with a store's PINs: the database, and the PINs' throttle. */
export interface PinContext {
  db: Db;
  throttle: PinThrottle;
}

function toStaff(row: StaffRow, store: string): Staff {
  return { id: row.id, name: row.name, store, active: row.deletedAt === null, manager: row.manager };
}

/** The staff member of that store whose PIN this is, among those not removed; undefined when none. */
async function staffByPin(db: Db | Tx, storeId: string, pin: string, except?: string): Promise<StaffRow | undefined> {
  const rows = await db.select().from(staff).where(and(eq(staff.storeId, storeId), isNull(staff.deletedAt)));
  // Every hash is checked (each has its own salt), so the answer takes as long whoever it is.
  const matches = await Promise.all(rows.map(async (row) => (row.id !== except && (await verifyPin(row.pinHash, pin)) ? row : undefined)));
  return matches.find((row) => row !== undefined);
}

/**
 * The staff member whose PIN a store typed: a wrong PIN → 403 'PIN inválido.'; past five wrong ones
 * in ten minutes the store's PINs are refused with 429 for ten minutes, right ones included.
 */
async function checkPin(ctx: PinContext, storeId: string, pin: string): Promise<StaffRow> {
  const key = throttleKey(storeId);
  ctx.throttle.begin("", key);
  let member: StaffRow | undefined;
  try {
    member = await staffByPin(ctx.db, storeId, pin);
  } catch (err) {
    ctx.throttle.refund("", key);
    throw err;
  }
  if (!member) throw forbidden(STAFF_MESSAGES.pinInvalid);
  ctx.throttle.succeeded("", key);
  return member;
}

/**
 * Who signs a store's change at the counter: `required` when the store requires a PIN
 * ('Exigir PIN do atendente'), `name` the staff member whose PIN came with it (null without one).
 * An administrator's change is signed by the administrator, as before.
 */
export interface StaffSignature {
  required: boolean;
  name: string | null;
}

export const NO_SIGNATURE: StaffSignature = { required: false, name: null };

export async function staffSignature(ctx: PinContext, actor: User, pin: string | undefined): Promise<StaffSignature> {
  if (actor.role !== STORE) return NO_SIGNATURE;
  const [store] = await ctx.db.select({ requireStaffPin: users.requireStaffPin }).from(users).where(eq(users.id, actor.id));
  const required = store?.requireStaffPin ?? false;
  if (pin === undefined) return { required, name: null };
  const member = await checkPin(ctx, actor.id, pin);
  return { required, name: member.name };
}

/** The staff member to name on the record for one of the five moves; 403 when the store requires a PIN and none came. */
export function signerOf(signature: StaffSignature | undefined): string | null {
  if (signature?.required && !signature.name) throw forbidden(STAFF_MESSAGES.pinRequired);
  return signature?.name ?? null;
}

/** Whether the signed-in store requires a PIN (the web's PIN pad asks for one when it does). */
export async function pinRequired(db: Db, actor: User): Promise<boolean> {
  if (actor.role !== STORE) return false;
  const [row] = await db.select({ requireStaffPin: users.requireStaffPin }).from(users).where(eq(users.id, actor.id));
  return row?.requireStaffPin ?? false;
}

/**
 * Who may manage a store's staff: an administrator, any store; a store, its own staff only, and
 * only with one of its managers' PIN (without it: 403 'Informe o PIN do atendente.').
 */
async function assertMayManage(ctx: PinContext, actor: User, storeId: string, staffPin: string | undefined, otherStore = forbidden): Promise<void> {
  if (actor.role === ADMIN) return;
  if (actor.role !== STORE) throw forbidden();
  if (staffPin === undefined) throw forbidden(STAFF_MESSAGES.pinRequired);
  const member = await checkPin(ctx, actor.id, staffPin);
  if (!member.manager) throw forbidden(STAFF_MESSAGES.managerOnly);
  if (storeId !== actor.id) throw otherStore();
}

async function storeNamed(db: Db | Tx, name: string): Promise<{ id: string; username: string }> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${name})`, eq(users.role, STORE)));
  if (!row) throw badRequest(STAFF_MESSAGES.storeNotFound);
  return row;
}

/** The store's staff, by name; an administrator without `store` lists every store's. */
export async function listStaff(ctx: PinContext, actor: User, store: string | undefined, staffPin: string | undefined): Promise<Staff[]> {
  let storeId: string | undefined;
  if (actor.role !== ADMIN) {
    // A store: its manager's PIN first, then only its own name (or none) for `store`.
    await assertMayManage(ctx, actor, actor.id, staffPin);
    if (store !== undefined && store.toLowerCase() !== actor.username.toLowerCase()) throw forbidden();
    storeId = actor.id;
  } else if (store !== undefined) {
    storeId = (await storeNamed(ctx.db, store)).id;
  }
  const rows = await ctx.db
    .select({ row: staff, store: users.username })
    .from(staff)
    .innerJoin(users, eq(users.id, staff.storeId))
    .where(and(isNull(staff.deletedAt), storeId ? eq(staff.storeId, storeId) : undefined))
    .orderBy(asc(users.username), asc(sql`lower(${staff.name})`), asc(staff.id));
  return rows.map(({ row, store: name }) => toStaff(row, name));
}

/**
 * A new PIN must differ from every other staff member's of the store. A store's manager told that a
 * PIN is taken has learnt a colleague's PIN: it counts as a wrong PIN in the store's throttle.
 */
async function assertPinFree(ctx: PinContext, tx: Tx, actor: User, storeId: string, pin: string, except?: string): Promise<void> {
  if (!(await staffByPin(tx, storeId, pin, except))) return;
  if (actor.role === STORE) {
    ctx.throttle.begin("", throttleKey(storeId));
  }
  throw conflict(STAFF_MESSAGES.pinTaken);
}

/** Staff changes of one store are made one at a time (the store's row is locked), so two cannot take the same PIN. */
async function lockStore(tx: Tx, storeId: string): Promise<string> {
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, storeId)).for("update");
  if (!row) throw badRequest(STAFF_MESSAGES.storeNotFound);
  return row.username;
}

const audited = (row: StaffRow, store: string) => ({ name: row.name, store, manager: row.manager, active: row.deletedAt === null, pinHash: row.pinHash });

export async function createStaff(ctx: PinContext, actor: User, input: StaffCreateInput): Promise<Staff> {
  if (actor.role !== ADMIN) {
    await assertMayManage(ctx, actor, actor.id, input.staffPin);
    if (input.store.toLowerCase() !== actor.username.toLowerCase()) throw forbidden();
  }
  const store = await storeNamed(ctx.db, input.store);
  const pinHash = await hashPin(input.pin);
  return ctx.db.transaction(async (tx) => {
    const storeName = await lockStore(tx, store.id);
    await assertPinFree(ctx, tx, actor, store.id, input.pin);
    const [row] = await tx.insert(staff).values({ storeId: store.id, name: input.name, pinHash, manager: input.manager ?? false }).returning();
    await recordAudit(tx, actor, "staff", row!.id, "create", null, audited(row!, storeName));
    return toStaff(row!, storeName);
  });
}

async function findStaff(db: Db | Tx, id: string): Promise<StaffRow> {
  const [row] = await db.select().from(staff).where(and(eq(staff.id, id), isNull(staff.deletedAt)));
  if (!row) throw notFound(STAFF_MESSAGES.notFound);
  return row;
}

/** A store's manager asking for another store's staff member learns nothing of it: 404, as for none. */
function assertMayManageMember(ctx: PinContext, actor: User, member: StaffRow, staffPin: string | undefined): Promise<void> {
  return assertMayManage(ctx, actor, member.storeId, staffPin, () => notFound(STAFF_MESSAGES.notFound));
}

export async function updateStaff(ctx: PinContext, actor: User, id: string, input: StaffUpdateInput): Promise<Staff> {
  await assertMayManageMember(ctx, actor, await findStaff(ctx.db, id), input.staffPin);
  const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
  return ctx.db.transaction(async (tx) => {
    const before = await findStaff(tx, id);
    const storeName = await lockStore(tx, before.storeId);
    if (input.pin !== undefined) await assertPinFree(ctx, tx, actor, before.storeId, input.pin, id);
    const [row] = await tx
      .update(staff)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.manager !== undefined ? { manager: input.manager } : {}),
        ...(pinHash !== undefined ? { pinHash } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
      .returning();
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    await recordAudit(tx, actor, "staff", id, "update", audited(before, storeName), audited(row, storeName));
    return toStaff(row, storeName);
  });
}

/** Removed, not erased: the records keep the name they were signed with, and the audit log the row it names. */
export async function deleteStaff(ctx: PinContext, actor: User, id: string, staffPin: string | undefined): Promise<void> {
  await assertMayManageMember(ctx, actor, await findStaff(ctx.db, id), staffPin);
  await ctx.db.transaction(async (tx) => {
    const before = await findStaff(tx, id);
    const storeName = await lockStore(tx, before.storeId);
    const now = new Date();
    const [row] = await tx.update(staff).set({ deletedAt: now, updatedAt: now }).where(and(eq(staff.id, id), isNull(staff.deletedAt))).returning();
    if (!row) throw notFound(STAFF_MESSAGES.notFound);
    await recordAudit(tx, actor, "staff", id, "delete", audited(before, storeName), null);
  });
}
