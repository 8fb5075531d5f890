import type { PicklistStatus } from "@passo/domain";
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const picklists = pgTable(
  "picklists",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * 'Lista nº': a short number people say, type and scan, from a sequence in creation order (the
     * lists that existed before it were numbered by their send date, migration 0014). The id stays the key.
     */
    number: integer("number").notNull().generatedByDefaultAsIdentity(),
    sender: text("sender").notNull().default("E-commerce"),
    /** The destination store's username. */
    destination: text("destination").notNull(),
    sendDate: timestamp("send_date", { withTimezone: true }).notNull().defaultNow(),
    timeStarted: timestamp("time_started", { withTimezone: true }),
    timeCompleted: timestamp("time_completed", { withTimezone: true }),
    listItems: text("list_items").array().notNull(),
    completedItems: text("completed_items").array().notNull().default(sql`'{}'::text[]`),
    uncompletedItems: text("uncompleted_items").array().notNull().default(sql`'{}'::text[]`),
    numberTransfer: text("number_transfer"),
    currentStatus: text("current_status").$type<PicklistStatus>().notNull().default("Não iniciado"),
    /** The staff member whose PIN finished it, named as they were then. */
    finishedBy: text("finished_by"),
    /** Stores this list was redirected away from: they learn where it went (docs/state-machines.md). */
    previousDestinations: text("previous_destinations").array().notNull().default(sql`'{}'::text[]`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * How many items the list holds, separated and not: set by a trigger on every write (migration
     * 0013), whatever the writer sends, so that the metrics' covering index carries them and a
     * period's fill rate is summed from the index alone.
     */
    itemCount: integer("item_count").notNull().default(0),
    completedCount: integer("completed_count").notNull().default(0),
    uncompletedCount: integer("uncompleted_count").notNull().default(0),
  },
  (t) => [
    uniqueIndex("picklists_number_idx").on(t.number),
    index("picklists_send_date_idx").on(t.sendDate.desc(), t.id),
    index("picklists_destination_send_date_idx").on(t.destination, t.sendDate.desc()),
    index("picklists_status_send_date_idx").on(t.currentStatus, t.sendDate.desc()),
    index("picklists_destination_status_send_date_idx").on(t.destination, t.currentStatus, t.sendDate.desc()),
    // A store's cards ask for its unfinished lists (open=true): few rows among years of finished ones.
    index("picklists_open_destination_send_date_idx").on(t.destination, t.sendDate.desc()).where(sql`${t.timeCompleted} IS NULL`),
    // The administrator's pending lists (Não iniciado, Em andamento) in the order of the screen:
    // a page reads its 8 rows instead of every pending list of the chain.
    index("picklists_pending_send_date_idx")
      .on(t.sendDate.desc(), t.id)
      .where(sql`${t.currentStatus} IN ('Não iniciado', 'Em andamento')`),
  ],
);
