import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Tokens ended before their time ('Sair', POST /api/auth/logout), by their `jti`. A row is kept until
 * the token would have expired anyway, then pruned: the table holds only the sign-outs of the last 7 days.
 */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    jti: uuid("jti").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Short-lived tickets that stand for a signed-in session where a browser cannot send a header: the
 * live-update stream (EventSource) and an invoice opened in a new tab. Only the ticket's SHA-256 is
 * kept; a ticket serves one purpose (and, for an invoice, one file) and lives a minute.
 */
export const accessTickets = pgTable(
  "access_tickets",
  {
    ticketHash: text("ticket_hash").primaryKey(),
    /** `live` or `invoice`. */
    purpose: text("purpose").notNull(),
    /** For an invoice: the file name it opens. */
    resource: text("resource"),
    userId: uuid("user_id").notNull(),
    /** The session (token) that asked for it: its sign-out or a password change ends the ticket too. */
    tokenId: uuid("token_id").notNull(),
    tokenVersion: integer("token_version").notNull(),
    /** When that token expires: a stream opened with the ticket ends then too. */
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("access_tickets_expires_idx").on(t.expiresAt)],
);
