import type { OutboxKind } from "@passo/domain";
import type { Db, Tx } from "../db/client.js";
import { emailOutbox, type BodySource, type InlineImage } from "../db/schema/index.js";

/**
 * An e-mail to queue: rendered when queued, or (a customer e-mail) its subject rendered and its body
 * kept as the template and the record were, to be drawn at send time; either way a later template
 * edit does not change it.
 */
export interface OutboxEntry {
  /** Names the event that calls for the e-mail; a second entry with the same key is dropped. */
  eventKey: string;
  kind: OutboxKind;
  recordId: string;
  to: string[];
  subject: string;
  html: string;
  /** The images the body shows by `cid:`, sent with it as inline attachments. */
  inlineImages?: InlineImage[];
  /** What the body is drawn from at send time (then `html` is empty): lib/outbox-body.ts. */
  bodySource?: BodySource;
}

/** The outbox's row for an e-mail queued now: pending, due at once. */
export function outboxRow(entry: OutboxEntry, now: Date): typeof emailOutbox.$inferInsert {
  return { ...entry, inlineImages: entry.inlineImages ?? [], status: "pending", attempts: 0, nextAttemptAt: now, createdAt: now };
}

/**
 * Queues an e-mail, normally inside the transaction of the change that calls for it, so that
 * the change and its e-mail are committed together or not at all. Answers whether it was
 * queued (false: this event's e-mail was queued before).
 */
export async function enqueueEmail(db: Db | Tx, entry: OutboxEntry, now = new Date()): Promise<boolean> {
  const rows = await db
    .insert(emailOutbox)
    .values(outboxRow(entry, now))
    .onConflictDoNothing({ target: emailOutbox.eventKey })
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
