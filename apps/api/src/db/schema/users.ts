import type { Role } from "@passo/domain";
import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, text, timestamp, uuid, uniqueIndex, index } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** For a store, the store's name; every store-scoped record refers to it. */
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** Bumped when the password changes, so that older tokens stop working. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** A store's setting: 'Confirmar retirada' needs the customer's signature. */
    requireSignature: boolean("require_signature").notNull().default(false),
    /** A store's setting: its changes at the counter ask for a staff member's PIN ('Quem está atendendo?'). */
    requireStaffPin: boolean("require_staff_pin").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(t.email),
    index("users_role_idx").on(t.role, t.username),
  ],
);
