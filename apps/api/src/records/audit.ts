import { API_KEY_ACTOR_ROLE, SYSTEM_ACTOR, type AuditAction, type AuditEntity, type User } from "@passo/domain";
import type { Db, Tx } from "../db/client.js";
import { auditLog } from "../db/schema/index.js";
import { maskPersonalField } from "./mask.js";

export { AUDIT_ENTITIES, SYSTEM_ACTOR, type AuditAction, type AuditEntity } from "@passo/domain";

/**
 * Who made the change; null for the system's own changes, recorded as "Sistema". An API key is
 * recorded by its name, with "Chave de API" in the place of a role.
 */
export type AuditActor = (Pick<User, "id" | "username" | "role"> & { apiKey?: true }) | null;

export interface FieldChange {
  from: unknown;
  to: unknown;
}

/**
 * Never in a line: the record's own id and bookkeeping columns, and the pickup code (the customer's
 * key at the counter, which those who read the log need not know).
 */
const IGNORED = new Set(["id", "createdAt", "updatedAt", "tokenVersion", "pickupCode"]);
/** Secrets: an edit says only that they changed; a created or deleted record leaves them out. */
const SECRETS = new Set(["passwordHash", "pass", "password", "pinHash", "pin", "staffPin"]);
export const SECRET_CHANGED = "(alterada)";
const SECRET_HIDDEN = "(oculta)";

/** The name a record's field has in an audit line; null for the fields no line ever shows. */
export function auditedFieldName(field: string): string | null {
  if (IGNORED.has(field)) return null;
  return field === "passwordHash" ? "password" : field === "pinHash" ? "pin" : field;
}

/** A value as JSON keeps it: dates as ISO strings, personal data masked. */
function plain(field: string, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return maskPersonalField(field, value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of a created or deleted record, without bookkeeping and secrets. */
function snapshot(record: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(record)) {
    if (IGNORED.has(field) || SECRETS.has(field)) continue;
    fields[field] = plain(field, value);
  }
  return fields;
}

/** `{field: {from, to}}` for every field whose value differs; a secret shows only that it changed. */
export function diff(before: object, after: object): Record<string, FieldChange> {
  const from = before as Record<string, unknown>;
  const to = after as Record<string, unknown>;
  const changes: Record<string, FieldChange> = {};
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (IGNORED.has(field) || !(field in to)) continue;
    const was = from[field] instanceof Date ? (from[field] as Date).toISOString() : from[field];
    const is = to[field] instanceof Date ? (to[field] as Date).toISOString() : to[field];
    if (same(was ?? null, is ?? null)) continue;
    const name = auditedFieldName(field)!;
    changes[name] = SECRETS.has(field) ? { from: SECRET_HIDDEN, to: SECRET_CHANGED } : { from: plain(field, was), to: plain(field, is) };
  }
  return changes;
}

/** The audit log's row for one change, as `recordAudit` inserts it. */
export type AuditRow = typeof auditLog.$inferInsert;

/**
 * The row one change leaves in the audit log: `before` is null for a create, `after` null for a
 * delete; null when an update's fields all stay the same (it records nothing). Built apart from
 * its insert so that a write of one statement (records/row-transition.ts) carries the very same row.
 */
export function auditRow(
  actor: AuditActor,
  entity: AuditEntity,
  entityId: string,
  action: AuditAction,
  before: object | null,
  after: object | null,
): AuditRow | null {
  let changes: Record<string, unknown>;
  if (before && after) {
    changes = diff(before, after);
    if (Object.keys(changes).length === 0) return null;
  } else {
    changes = snapshot((after ?? before)!);
  }
  return {
    actorId: actor?.id ?? null,
    actorName: actor?.username ?? SYSTEM_ACTOR,
    actorRole: actor?.apiKey ? API_KEY_ACTOR_ROLE : (actor?.role ?? null),
    entity,
    entityId,
    action,
    changes,
  };
}

/**
 * Records one change in the audit log, inside the transaction of the change itself (a change
 * refused or rolled back leaves no entry). `before` is null for a create, `after` null for a
 * delete; an update whose fields all stay the same records nothing.
 */
export async function recordAudit(tx: Db | Tx, ...change: Parameters<typeof auditRow>): Promise<void> {
  const row = auditRow(...change);
  if (row) await tx.insert(auditLog).values(row);
}
