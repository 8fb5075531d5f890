import type { API_KEY_ACTOR_ROLE, Role } from "@passo/domain";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { auditLog } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { AUDIT_ENTITIES, type AuditEntity } from "./audit.js";

export interface AuditEntry {
  id: string;
  at: Date;
  /** Null for the system's own changes ("Sistema"). */
  actor: { id: string; username: string; role: Role | typeof API_KEY_ACTOR_ROLE } | null;
  action: string;
  changes: Record<string, unknown>;
}

export const isAuditEntity = (value: string): value is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(value);

/** A record's history, oldest first; a record with no entries (or no such record) has an empty history. */
export async function listAuditEntries(db: Db, entity: string, entityId: string): Promise<AuditEntry[]> {
  if (!isAuditEntity(entity)) throw badRequest(`Tipo de registro desconhecido. Use um destes: ${AUDIT_ENTITIES.join(", ")}.`);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    actor: row.actorId === null ? null : { id: row.actorId, username: row.actorName, role: row.actorRole ?? "Administrador" },
    action: row.action,
    changes: row.changes,
  }));
}
