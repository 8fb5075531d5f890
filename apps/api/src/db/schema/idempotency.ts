import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The answers to creations sent with an Idempotency-Key, kept 24 hours: the same key and body from the
 * same caller get the first answer again instead of a second record. A row is written in the transaction
 * of the creation it answers, so a record and its key are committed together or not at all.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The user's id, or `api-key:<id>` for another system. */
    caller: text("caller").notNull(),
    key: text("key").notNull(),
    /** The route and a hash of the body: the same key with another body is refused (422). */
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    /** The first answer, as it was sent; null only inside the transaction that is creating it. */
    statusCode: integer("status_code"),
    response: text("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idempotency_keys_caller_key").on(t.caller, t.key), index("idempotency_keys_created_idx").on(t.createdAt)],
);
