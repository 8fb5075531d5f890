import type { OutboxKind, OutboxStatus } from "@passo/domain";
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** An image an e-mail's body shows as `<img src="cid:…">`: its PNG in base64. */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: "image/png";
  base64: string;
}

/**
 * The transactional outbox of e-mails: a row is written in the same transaction as the change
 * that calls for it, already rendered, and a worker delivers it afterwards. `event_key` names
 * the event (`pickup-collected:<id>`), so one event never queues two e-mails.
 */
export const emailOutbox = pgTable(
  "notification_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventKey: text("event_key").notNull(),
    kind: text("kind").$type<OutboxKind>().notNull(),
    /** The picklist, pickup or return the e-mail is about. */
    recordId: uuid("record_id").notNull(),
    to: text("to").array().notNull().default(sql`'{}'::text[]`),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    /** The images the body shows by `cid:` (the pickup code's QR), sent as inline attachments with it. */
    inlineImages: jsonb("inline_images").$type<InlineImage[]>().notNull().default([]),
    /** pending → sending → sent, or back to pending after a failure, or failed after the last attempt. */
    status: text("status").$type<OutboxStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /**
     * When a pending row is next due; while a row is 'sending', when its claim expires and the
     * row is handed back to the queue (a worker that died mid-send never finishes it); for a
     * sent or failed row, when that happened.
     */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The Message-ID the mail server accepted the e-mail under. */
    messageId: text("message_id"),
  },
  (t) => [
    uniqueIndex("notification_outbox_event_key").on(t.eventKey),
    index("notification_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("notification_outbox_created_idx").on(t.createdAt.desc()),
  ],
);
