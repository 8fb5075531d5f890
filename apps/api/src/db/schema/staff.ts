import { index, boolean, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A store's staff ('Atendentes'): a name and a PIN, kept only as a salted scrypt hash
 * (modules/staff/staff-pin-hash.ts). A removed staff member keeps its row (`deletedAt`), and the
 * records they signed keep their name as it was (copied onto the record), so history never loses it.
 */
export const staff = pgTable(
  "staff",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    storeId: uuid("store_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    pinHash: text("pin_hash").notNull(),
    manager: boolean("manager").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_store_idx").on(t.storeId, t.name)],
);
