import type { ApiKeyScope } from "@passo/domain";
import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Keys other systems sign their requests with. Only the key's SHA-256 is kept (a key is 256 random
 * bits: nothing to guess, so a slow hash buys nothing); the key itself is shown once. A revoked key
 * keeps its row, so that the audit log's entries still name it.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    scopes: text("scopes").array().notNull().$type<ApiKeyScope[]>(),
    keyHash: text("key_hash").notNull(),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash").on(t.keyHash),
    uniqueIndex("api_keys_active_name").on(sql`lower(${t.name})`).where(sql`${t.revokedAt} IS NULL`),
  ],
);
