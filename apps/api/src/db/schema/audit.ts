import type { API_KEY_ACTOR_ROLE, Role } from "@passo/domain";
import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Who changed what, and when: one row per state or settings change, written in the transaction
 * of the change. `actor_id` is null for the system's own changes ("Sistema"); the username and
 * role are copied, so that an entry outlives the user who made it. `changes` is `{field: {from, to}}`
 * for an update, and the record's fields for a create or a delete; secrets never appear in it.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    actorRole: text("actor_role").$type<Role | typeof API_KEY_ACTOR_ROLE>(),
    entity: text("entity").notNull(),
    entityId: uuid("entity_id").notNull(),
    action: text("action").notNull(),
    changes: jsonb("changes").notNull().$type<Record<string, unknown>>(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    // 'Relatório de alterações' reads the log newest first, whole, by user, or by kind of record and
    // action; each filtered total is counted inside one index. Columns after `id` do not change the
    // order (it is unique): they let a count by user and kind or action skip the table.
    index("audit_log_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_log_actor_at_idx").on(t.actorId, t.at.desc(), t.id.desc(), t.entity, t.action),
    index("audit_log_entity_action_at_idx").on(t.entity, t.action, t.at.desc(), t.id.desc()),
  ],
);
