import { STORE, type StoreRule, type StoreRuleInput, type StoreRuleUpdateInput } from "@passo/domain";
import { and, asc, count, eq, ilike, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { storeRules, recipients, users } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { containsPattern, type Paging } from "../../lib/list-query.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";

const columns = {
  id: storeRules.id,
  store: storeRules.store,
  supervisor: storeRules.supervisor,
  manager: storeRules.manager,
  assistantManager: storeRules.assistantManager,
  notificationPicklist: storeRules.notificationPicklist,
  notificationPickup: storeRules.notificationPickup,
  notificationReturn: storeRules.notificationReturn,
};

const UNKNOWN_ASSISTANT = "Subgerente não encontrado entre os destinatários. Selecione um destinatário cadastrado ou deixe o campo vazio.";

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict("Já existe uma notificação para esta loja.");
  throw err;
}

const sameName = (a: string | null, b: string | null) => (a ?? "").toLowerCase() === (b ?? "").toLowerCase();

/**
 * The store's username as stored, or 400. The row stays locked until the transaction ends,
 * so that it cannot vanish between this check and the rule being written.
 */
async function existingStore(tx: Tx, name: string): Promise<string> {
  const [row] = await tx
    .select({ username: users.username })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, name.toLowerCase()), eq(users.role, STORE)))
    .for("share");
  if (!row) throw badRequest("Selecione uma Loja");
  return row.username;
}

/** The recipient's username as stored, or 400; locked like the store, against a concurrent delete or rename. */
async function existingRecipient(tx: Tx, name: string, message: string): Promise<string> {
  const [row] = await tx
    .select({ username: recipients.username })
    .from(recipients)
    .where(eq(sql`lower(${recipients.username})`, name.toLowerCase()))
    .for("share");
  if (!row) throw badRequest(message);
  return row.username;
}

export async function listStoreRules(db: Db, search: string | undefined, page: Paging | undefined) {
  const where = search ? ilike(storeRules.store, containsPattern(search)) : undefined;
  const query = db.select(columns).from(storeRules).where(where).orderBy(asc(sql`lower(${storeRules.store})`), asc(storeRules.id));
  const rules = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const total = page ? ((await db.select({ n: count() }).from(storeRules).where(where))[0]?.n ?? 0) : rules.length;
  return { rules, total };
}

/** The rule of a store, if it has one. */
export async function findStoreRule(db: Db | Tx, store: string): Promise<StoreRule | undefined> {
  const [row] = await db.select(columns).from(storeRules).where(eq(sql`lower(${storeRules.store})`, store.toLowerCase()));
  return row;
}

export async function createStoreRule(db: Db, actor: AuditActor, input: StoreRuleInput): Promise<StoreRule> {
  return db.transaction(async (tx) => {
    const values = {
      ...input,
      store: await existingStore(tx, input.store),
      supervisor: await existingRecipient(tx, input.supervisor, "Selecione um Supervisor"),
      manager: await existingRecipient(tx, input.manager, "Selecione um Gerente"),
      assistantManager: input.assistantManager === null ? null : await existingRecipient(tx, input.assistantManager, UNKNOWN_ASSISTANT),
    };
    try {
      const [row] = await tx.insert(storeRules).values(values).returning(columns);
      await recordAudit(tx, actor, "notification-rule", row!.id, "create", null, row!);
      return row!;
    } catch (err) {
      rethrowDuplicate(err);
    }
  });
}

export async function updateStoreRule(db: Db, actor: AuditActor, id: string, input: StoreRuleUpdateInput): Promise<StoreRule> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(storeRules).where(eq(storeRules.id, id)).for("update");
    if (!current) throw notFound("Notificação não encontrada.");
    // Names sent back unchanged are accepted as they are, even if their record has gone since.
    const changes: Partial<typeof storeRules.$inferInsert> = {};
    if (input.store !== undefined && !sameName(input.store, current.store)) changes.store = await existingStore(tx, input.store);
    if (input.supervisor !== undefined && !sameName(input.supervisor, current.supervisor)) {
      changes.supervisor = await existingRecipient(tx, input.supervisor, "Selecione um Supervisor");
    }
    if (input.manager !== undefined && !sameName(input.manager, current.manager)) {
      changes.manager = await existingRecipient(tx, input.manager, "Selecione um Gerente");
    }
    if (input.assistantManager !== undefined && !sameName(input.assistantManager, current.assistantManager)) {
      changes.assistantManager = input.assistantManager === null ? null : await existingRecipient(tx, input.assistantManager, UNKNOWN_ASSISTANT);
    }
    if (input.notificationPicklist !== undefined) changes.notificationPicklist = input.notificationPicklist;
    if (input.notificationPickup !== undefined) changes.notificationPickup = input.notificationPickup;
    if (input.notificationReturn !== undefined) changes.notificationReturn = input.notificationReturn;
    if (Object.keys(changes).length === 0) return current;
    try {
      const [row] = await tx.update(storeRules).set(changes).where(eq(storeRules.id, id)).returning(columns);
      await recordAudit(tx, actor, "notification-rule", id, "update", current, row!);
      return row!;
    } catch (err) {
      rethrowDuplicate(err);
    }
  });
}

export async function deleteStoreRule(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(storeRules).where(eq(storeRules.id, id)).returning(columns);
    if (!deleted) throw notFound("Notificação não encontrada.");
    await recordAudit(tx, actor, "notification-rule", id, "delete", deleted, null);
  });
}
