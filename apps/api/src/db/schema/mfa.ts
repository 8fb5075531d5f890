import { boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * A user's second factor (TOTP, RFC 6238), kept apart from `users` so that no user read or audit line
 * ever carries it. The secrets are sealed with ENCRYPTION_KEY (lib/secret-box.ts); the recovery codes
 * are kept as hashes only, each removed from the array when used.
 */
export const userMfa = pgTable("user_mfa", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The enabled secret, sealed; null while the user has only started the setup. */
  secret: text("secret"),
  /** The secret handed out by the last setup, sealed, until a code confirms it. */
  pendingSecret: text("pending_secret"),
  /** The TOTP time step of the last code accepted: a code of that step or an older one is refused. */
  lastStep: integer("last_step"),
  recoveryCodeHashes: text("recovery_code_hashes").array().notNull().default([]),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The single row of the sign-in settings ('Segurança da conta', administrators). */
export const securitySettings = pgTable("security_settings", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** 'Exigir 2 fatores para administradores': an administrator without 2FA enrols on the next sign-in. */
  requireAdminMfa: boolean("require_admin_mfa").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
