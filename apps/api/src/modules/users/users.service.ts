import { ADMIN, STORE, type Company, type Role, type User, type UserCreateInput, type UserRecord, type UserUpdateInput } from "@passo/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { storeRules, users } from "../../db/schema/index.js";
import { forgetSignedInUsers } from "../../lib/auth.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../../lib/password.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";

const publicColumns = { id: users.id, username: users.username, email: users.email, role: users.role, requireSignature: users.requireSignature, requireStaffPin: users.requireStaffPin };

function duplicateMessage(err: unknown): never {
  const text = String((err as { cause?: { constraint?: string; message?: string } }).cause?.constraint ?? (err as Error).message ?? "");
  throw conflict(text.includes("email") ? "Já existe um usuário com este e-mail." : "Já existe um usuário com este nome.");
}

export async function listUsers(db: Db, role?: Role): Promise<UserRecord[]> {
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(role ? eq(users.role, role) : undefined)
    .orderBy(asc(users.role), asc(sql`lower(${users.username})`));
  return rows;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

/** True when a user with that username and role exists: stores are referred to by their username. */
export async function userExists(db: Db | Tx, username: string, role?: Role): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.username, username));
  return !!row && (!role || row.role === role);
}

/** The stores by their name in lower case, for names typed as people type them (an import, an edit dialog). */
export async function storesByName(db: Db | Tx): Promise<Map<string, string>> {
  const rows = await db.select({ username: users.username }).from(users).where(eq(users.role, STORE));
  return new Map(rows.map((r) => [r.username.toLowerCase(), r.username]));
}

/** `actor` is who creates the user; null (the system) for users made outside a request. */
export async function createUser(db: Db, input: UserCreateInput, actor: AuditActor = null): Promise<UserRecord> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ username: input.username, email: input.email, role: input.role, passwordHash })
        .returning(publicColumns);
      const user = row!;
      await recordAudit(tx, actor, "user", user.id, "create", null, user);
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) duplicateMessage(err);
    throw err;
  }
}

export async function updateUser(db: Db, actor: User, id: string, input: UserUpdateInput): Promise<UserRecord> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for("update");
    if (!current) throw notFound("Usuário não encontrado.");
    if (input.username !== undefined && input.username !== current.username) {
      throw badRequest("O nome de usuário não pode ser alterado.");
    }
    if (current.id === actor.id && input.role !== undefined && input.role !== current.role) {
      throw conflict("Você não pode alterar a sua própria permissão.");
    }
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.email !== undefined) changes.email = input.email;
    if (input.role !== undefined) changes.role = input.role;
    if (input.requireSignature !== undefined) changes.requireSignature = input.requireSignature;
    if (input.requireStaffPin !== undefined) changes.requireStaffPin = input.requireStaffPin;
    if (input.password !== undefined) {
      changes.passwordHash = await hashPassword(input.password);
      changes.tokenVersion = current.tokenVersion + 1;
    } else if (input.role !== undefined && input.role !== current.role) {
      // A token carries no role, but a demoted administrator must sign in again all the same.
      changes.tokenVersion = current.tokenVersion + 1;
    }
    try {
      const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning(publicColumns);
      const before = { username: current.username, email: current.email, role: current.role, requireSignature: current.requireSignature, requireStaffPin: current.requireStaffPin, passwordHash: current.passwordHash };
      await recordAudit(tx, actor, "user", id, "update", before, { ...before, ...row, passwordHash: changes.passwordHash ?? current.passwordHash });
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) duplicateMessage(err);
      throw err;
    }
  });
  // A new password or role: this process's requests with the user's older tokens are refused from now on.
  forgetSignedInUsers(db);
  return updated;
}

/** Deletes a user; a store's notification rule goes with it, since it would name a store that no longer exists. */
export async function deleteUser(db: Db, actor: User, id: string): Promise<void> {
  if (id === actor.id) throw conflict("Você não pode excluir o seu próprio usuário.");
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning(publicColumns);
    if (!deleted) throw notFound("Usuário não encontrado.");
    await recordAudit(tx, actor, "user", id, "delete", deleted, null);
    const rules = await tx.delete(storeRules).where(eq(storeRules.store, deleted.username)).returning();
    for (const rule of rules) await recordAudit(tx, actor, "notification-rule", rule.id, "delete", rule, null);
  });
  forgetSignedInUsers(db);
}

/** Changes one's own password; returns the new token version (older tokens stop working). */
export async function changePassword(
  db: Db,
  actor: User,
  id: string,
  input: { password: string; newPassword: string },
): Promise<{ id: string; tokenVersion: number }> {
  if (id !== actor.id) throw forbidden("Você só pode alterar a sua própria senha.");
  const [current] = await db.select().from(users).where(eq(users.id, id));
  if (!current) throw notFound("Usuário não encontrado.");
  if (!(await verifyPassword(current.passwordHash, input.password))) throw badRequest("A senha atual está incorreta.");
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    await recordAudit(tx, actor, "user", id, "change-password", { passwordHash: current.passwordHash }, { passwordHash });
    return row!;
  });
  forgetSignedInUsers(db);
  return changed;
}

/** The first Administrador, created only while the database has no user. Returns the password when it was generated. */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email: string; password?: string | undefined; company: Company },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [{ count: number }];
  if (count > 0) return { created: false };
  const { randomBytes } = await import("node:crypto");
  const generated = opts.password ? undefined : randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(opts.password ?? generated!);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username: "Administrador", email: opts.email, role: ADMIN, passwordHash })
      .onConflictDoNothing()
      .returning(publicColumns);
    if (row) await recordAudit(tx, null, "user", row.id, "create", null, row);
  });
  return generated ? { created: true, generatedPassword: generated } : { created: true };
}
