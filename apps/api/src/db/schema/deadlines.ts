import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** The single row of 'Prazos': when pickups are reminded, escalated and overdue, and lists reminded. */
export const deadlineSettings = pgTable("deadline_settings", {
  id: uuid("id").primaryKey().defaultRandom(),
  reminderDays: integer("reminder_days").array().notNull().default(sql`'{3,7}'::integer[]`),
  escalationDays: integer("escalation_days").notNull().default(10),
  overdueDays: integer("overdue_days").notNull().default(15),
  picklistStartHours: integer("picklist_start_hours").notNull().default(24),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each automatic notice the deadline check decided, written in the transaction that queues its
 * e-mail: the unique (record, kind, day) makes each one happen once, ever, whichever process
 * checks. `outbox_id` is null when there was nobody to send it to (or the customer e-mails are off).
 */
export const deadlineNotices = pgTable(
  "deadline_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recordId: uuid("record_id").notNull(),
    /** pickup-customer-reminder, pickup-escalation or picklist-start-reminder. */
    kind: text("kind").notNull(),
    /** The reminder day; 0 for the notices that happen once per record. */
    day: integer("day").notNull().default(0),
    outboxId: uuid("outbox_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("deadline_notices_record_kind_day_key").on(t.recordId, t.kind, t.day)],
);
