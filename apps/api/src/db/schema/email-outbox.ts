import type { Company, OutboxKind, OutboxStatus, TemplateText } from "@passo/domain";
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
 * What a customer e-mail's body is drawn from when it is sent (lib/outbox-body.ts), kept on its
 * row from the moment it was queued: the template and the record as they were then (a later edit of
 * either changes nothing), and the pickup code whose QR the body may show.
 */
export interface BodySource {
  template: TemplateText;
  /** The record as JSON: its dates are ISO strings, which the template shows as dates. */
  record: Record<string, unknown>;
  company: Company;
  timezone: string;
  /** The pickup code `{{pickupCodeQr}}` draws as a QR, when the template shows it. */
  pickupCodeQr?: string;
}

/**
 * The transactional outbox of e-mails: a row is written in the same transaction as the change
 * that calls for it, its subject rendered (a customer e-mail's body is drawn at send time from what
 * the row keeps), and a worker delivers it afterwards. `event_key` names
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
    /**
     * A customer e-mail's body is drawn when it is sent (lib/outbox-body.ts): until then `html`
     * is empty and this holds the template and the record as they were when it was queued; the
     * worker writes `html` and the images and clears this once it has drawn them.
     */
    bodySource: jsonb("body_source").$type<BodySource>(),
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
