import { z } from "zod";
import { timestampSchema } from "./fields.js";

/**
 * An e-mail's life in the outbox: waiting (or waiting again after a failed attempt), being
 * handed to the mail server, delivered, or given up after the last attempt.
 */
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * What an e-mail is about: the office's alerts and reminders about a list or a pickup (to the store
 * and the people its rule names), the customer e-mails of pickups and returns, and the automatic
 * ones of the deadline check (the customer's reminder, the escalation, the list start reminder).
 */
export const OUTBOX_KINDS = [
  "picklist-alert",
  "picklist-reminder",
  "pickup-alert",
  "pickup-reminder",
  "pickup-ready",
  "pickup-collected",
  "return-received",
  "return-refused",
  "pickup-customer-reminder",
  "pickup-escalation",
  "picklist-start-reminder",
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** An outbox entry as the administrator sees it: to whom, what, and how its delivery goes. */
export const outboxEmailSchema = z.object({
  id: z.string(),
  kind: z.enum(OUTBOX_KINDS),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestampSchema,
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
});
export type OutboxEmail = z.output<typeof outboxEmailSchema>;
