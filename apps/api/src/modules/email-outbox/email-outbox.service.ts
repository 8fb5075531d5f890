import type { OutboxEmail, OutboxStatus } from "@passo/domain";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { emailOutbox } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { newestFirst, pageFigures, paging } from "../../lib/list-query.js";
import { nudgeOutbox } from "../../lib/outbox-signal.js";

const o = emailOutbox;

const columns = {
  id: o.id,
  kind: o.kind,
  to: o.to,
  subject: o.subject,
  status: o.status,
  attempts: o.attempts,
  lastError: o.lastError,
  nextAttemptAt: o.nextAttemptAt,
  createdAt: o.createdAt,
  sentAt: o.sentAt,
};

export interface OutboxListQuery {
  status?: OutboxStatus[] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** What was sent, what is waiting and what failed, newest first. */
export async function listOutbox(db: Db, query: OutboxListQuery): Promise<{ notifications: OutboxEmail[]; total?: number; page?: number; pageSize?: number }> {
  const where = query.status ? inArray(o.status, query.status) : undefined;
  const page = paging(query);
  const select = db.select(columns).from(o).where(where).orderBy(newestFirst(o.createdAt), desc(o.id)).$dynamic();
  const rows = await (page ? select.limit(page.limit).offset(page.offset) : select);
  if (!page) return { notifications: rows };
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(o).where(where);
  return { notifications: rows, ...pageFigures(page, counted?.total ?? 0) };
}

/**
 * The e-mails about one picklist, pickup or return, oldest first: the administrator's alerts and
 * reminders, the customer e-mails and the automatic ones, with to whom and how delivery went.
 */
export async function listRecordOutbox(db: Db, recordId: string): Promise<OutboxEmail[]> {
  return db.select(columns).from(o).where(eq(o.recordId, recordId)).orderBy(o.createdAt, o.id);
}

/** An e-mail given up after its last attempt gets a fresh round of attempts, starting now. */
export async function retryOutboxEmail(db: Db, id: string, now = new Date()): Promise<OutboxEmail> {
  const retried = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: o.status }).from(o).where(eq(o.id, id)).for("update");
    if (!row) throw notFound("Notificação não encontrada.");
    if (row.status !== "failed") throw conflict("Só é possível reenviar uma notificação que falhou.");
    const [updated] = await tx
      .update(o)
      .set({ status: "pending", attempts: 0, nextAttemptAt: now })
      .where(and(eq(o.id, id), eq(o.status, "failed")))
      .returning(columns);
    return updated!;
  });
  nudgeOutbox();
  return retried;
}
