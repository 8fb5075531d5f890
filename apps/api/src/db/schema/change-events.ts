import { bigserial, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per committed change of a picklist, pickup or return, written by the tables' triggers at
 * commit (migration 0008): the live-update stream reads them in `id` order, and a client that was
 * away replays them. Kept a day; no customer data, only which record changed and where it belongs.
 */
export const changeEvents = pgTable(
  "change_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** `picklist`, `pickup` or `return`. */
    kind: text("kind").notNull(),
    recordId: uuid("record_id").notNull(),
    /** `create`, `update` or `delete`. */
    action: text("action").notNull(),
    /** The store's username the record belongs to (or left, for `delete`); null for a return no store has. */
    store: text("store"),
    status: text("status"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("change_events_created_idx").on(t.createdAt)],
);
