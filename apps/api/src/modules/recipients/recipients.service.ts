import type { Recipient, RecipientInput, RecipientUpdateInput } from "@passo/domain";
import { asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { storeRules, recipients } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { conflict, notFound } from "../../lib/errors.js";
import { containsPattern, type Paging } from "../../lib/list-query.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";

const columns = { id: recipients.id, username: recipients.username, email: recipients.email, role: recipients.role };

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict("Já existe um destinatário com este nome.");
  throw err;
}

export async function listRecipients(db: Db, search: string | undefined, page: Paging | undefined) {
  const where: SQL | undefined = search
    ? or(ilike(recipients.username, containsPattern(search)), ilike(recipients.email, containsPattern(search)), ilike(recipients.role, containsPattern(search)))
    : undefined;
  const query = db.select(columns).from(recipients).where(where).orderBy(asc(sql`lower(${recipients.username})`), asc(recipients.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  const total = page ? ((await db.select({ n: count() }).from(recipients).where(where))[0]?.n ?? 0) : rows.length;
  return { recipients: rows, total };
}

export async function createRecipient(db: Db, actor: AuditActor, input: RecipientInput): Promise<Recipient> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(recipients).values(input).returning(columns);
      await recordAudit(tx, actor, "recipient", row!.id, "create", null, row!);
      return row!;
    });
  } catch (err) {
    rethrowDuplicate(err);
  }
}

/** Where a notification rule names a recipient, and how the screen calls that place. */
const RULE_ROLES = [
  { key: "supervisor", label: "Supervisor" },
  { key: "manager", label: "Gerente" },
  { key: "assistantManager", label: "Subgerente" },
] as const;

/** Rules refer to recipients by username, so a rename carries over to them (and to their history). */
async function renameInRules(tx: Tx, actor: AuditActor, from: string, to: string) {
  for (const { key } of RULE_ROLES) {
    const renamed = await tx
      .update(storeRules)
      .set({ [key]: to })
      .where(eq(sql`lower(${storeRules[key]})`, from.toLowerCase()))
      .returning({ id: storeRules.id });
    for (const rule of renamed) await recordAudit(tx, actor, "notification-rule", rule.id, "update", { [key]: from }, { [key]: to });
  }
}

export async function updateRecipient(db: Db, actor: AuditActor, id: string, input: RecipientUpdateInput): Promise<Recipient> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(recipients).where(eq(recipients.id, id)).for("update");
    if (!current) throw notFound("Destinatário não encontrado.");
    if (Object.values(input).every((v) => v === undefined)) return current;
    try {
      const [row] = await tx.update(recipients).set(input).where(eq(recipients.id, id)).returning(columns);
      await recordAudit(tx, actor, "recipient", id, "update", current, row!);
      if (input.username !== undefined && input.username !== current.username) await renameInRules(tx, actor, current.username, input.username);
      return row!;
    } catch (err) {
      rethrowDuplicate(err);
    }
  });
}

export async function deleteRecipient(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(recipients).where(eq(recipients.id, id)).for("update");
    if (!current) throw notFound("Destinatário não encontrado.");
    const name = current.username.toLowerCase();
    const [rule] = await tx
      .select()
      .from(storeRules)
      .where(or(...RULE_ROLES.map(({ key }) => eq(sql`lower(${storeRules[key]})`, name))))
      .orderBy(asc(storeRules.store))
      .limit(1);
    if (rule) {
      const role = RULE_ROLES.find(({ key }) => rule[key]?.toLowerCase() === name)!;
      throw conflict(
        `Este destinatário é o ${role.label} da notificação da loja ${rule.store}. Altere essa notificação antes de excluí-lo.`,
      );
    }
    await tx.delete(recipients).where(eq(recipients.id, id));
    await recordAudit(tx, actor, "recipient", id, "delete", current, null);
  });
}
