import { DEFAULT_DEADLINES, deadlinesSchema, type Deadlines, type DeadlinesUpdate } from "@passo/domain";
import type { Db, Tx } from "../../db/client.js";
import { deadlineSettings } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { shortCache } from "../../lib/short-cache.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";

/** The one row of 'Prazos'; written on the first save, the defaults until then. */
const SETTINGS_ID = "00000000-0000-4000-8000-00000000d1a5";

const columns = {
  reminderDays: deadlineSettings.reminderDays,
  escalationDays: deadlineSettings.escalationDays,
  overdueDays: deadlineSettings.overdueDays,
  picklistStartHours: deadlineSettings.picklistStartHours,
};

export async function getDeadlines(db: Db | Tx): Promise<Deadlines> {
  const [row] = await db.select(columns).from(deadlineSettings).limit(1);
  return row ?? { ...DEFAULT_DEADLINES, reminderDays: [...DEFAULT_DEADLINES.reminderDays] };
}

const cachedDeadlines = shortCache((db: Db) => getDeadlines(db));

/**
 * 'Prazos' for the busy paths (every pickup served carries whether it is overdue): read at most once a
 * second per process (lib/short-cache.ts). Call it outside a transaction, with the app's `db`.
 */
export function currentDeadlines(db: Db): Promise<Deadlines> {
  return cachedDeadlines.get(db, undefined);
}

/** Saves the fields given over the stored ones; the whole is checked again (the deadline after the escalation). */
export async function updateDeadlines(db: Db, actor: AuditActor, input: DeadlinesUpdate): Promise<Deadlines> {
  const saved = await db.transaction(async (tx) => {
    const current = await getDeadlines(tx);
    const merged = deadlinesSchema.safeParse({ ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) });
    if (!merged.success) throw badRequest(merged.error.issues[0]!.message);
    const next = merged.data;
    const values = { ...next, updatedAt: new Date() };
    const [row] = await tx
      .insert(deadlineSettings)
      .values({ id: SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: deadlineSettings.id, set: values })
      .returning(columns);
    await recordAudit(tx, actor, "deadlines", SETTINGS_ID, "update", current, row!);
    return row!;
  });
  cachedDeadlines.forget(db);
  return saved;
}
