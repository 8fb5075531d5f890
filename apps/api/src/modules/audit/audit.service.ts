import { ADMIN, API_KEY_ACTOR_ROLE, AUDIT_SYSTEM_USER, dateRange, type AuditActor, type AuditAction, type AuditEntity, type Role } from "@passo/domain";
import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { apiKeys, auditLog, emailTemplates, picklists, pickups, recipients, returns, storeRules, users } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { keysetBatches } from "../../lib/keyset.js";
import { newestFirst, pageFigures, type Paging } from "../../lib/list-query.js";
import { AUDIT_ENTITIES } from "../../records/audit.js";

export interface AuditEntry {
  id: string;
  at: Date;
  /** Null for the system's own changes ("Sistema"). */
  actor: { id: string; username: string; role: Role | typeof API_KEY_ACTOR_ROLE } | null;
  action: string;
  changes: Record<string, unknown>;
}

/** An entry of the log across records: which record, and its name when it has one. */
export interface AuditLogEntry extends AuditEntry {
  entity: string;
  entityId: string;
  /** The record as people name it (order number, username, list's store…); null when it has no name. */
  label: string | null;
}

export const isAuditEntity = (value: string): value is AuditEntity => (AUDIT_ENTITIES as readonly string[]).includes(value);

type AuditRow = typeof auditLog.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actorId === null ? null : { id: row.actorId, username: row.actorName, role: row.actorRole ?? "Administrador" },
  action: row.action,
  changes: row.changes,
});

/** A record's history, oldest first; a record with no entries (or no such record) has an empty history. */
export async function listAuditEntries(db: Db, entity: string, entityId: string): Promise<AuditEntry[]> {
  if (!isAuditEntity(entity)) throw badRequest(`Tipo de registro desconhecido. Use um destes: ${AUDIT_ENTITIES.join(", ")}.`);
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map(toEntry);
}

export interface AuditLogFilters {
  from?: string | undefined;
  to?: string | undefined;
  /** A user's or an API key's id, or `system` for the system's own changes. */
  user?: string | undefined;
  entity?: AuditEntity | undefined;
  action?: AuditAction | undefined;
}

function conditions(filters: AuditLogFilters, timezone: string): SQL | undefined {
  const where: SQL[] = [];
  const range = dateRange(filters.from, filters.to, timezone);
  if (range.gte) where.push(gte(auditLog.at, range.gte));
  if (range.lt) where.push(lt(auditLog.at, range.lt));
  if (filters.user === AUDIT_SYSTEM_USER) where.push(isNull(auditLog.actorId));
  else if (filters.user) where.push(eq(auditLog.actorId, filters.user));
  if (filters.entity) where.push(eq(auditLog.entity, filters.entity));
  if (filters.action) where.push(eq(auditLog.action, filters.action));
  return and(...where);
}

/** Newest first, in the order the log's indexes are built (`desc nulls last`, see `newestFirst`). */
const NEWEST_FIRST = [newestFirst(auditLog.at), newestFirst(auditLog.id)];

/** The log across records, newest first, one page of it with the total. */
export async function listAuditLog(
  db: Db,
  filters: AuditLogFilters,
  page: Paging,
  timezone: string,
): Promise<{ entries: AuditLogEntry[]; total?: number; page?: number; pageSize?: number }> {
  const where = conditions(filters, timezone);
  const [rows, [counted]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(...NEWEST_FIRST).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { entries: await withLabels(db, rows), ...pageFigures(page, counted?.total ?? 0) };
}

/**
 * The log after a filter, newest first, `size` entries per call with their labels (an empty batch is the
 * end): an export reads the whole filter this way, each batch one index range however deep it is.
 */
export function auditLogBatches(db: Db, filters: AuditLogFilters, size: number, timezone: string): () => Promise<AuditLogEntry[]> {
  const next = keysetBatches(db, auditLog, { date: auditLog.at, id: auditLog.id }, conditions(filters, timezone), size, "desc");
  return async () => withLabels(db, await next());
}

/**
 * Everyone the user filter offers: today's users and API keys (revoked keys' rows stay), and the users
 * deleted whose changes the log still holds, by the last name it recorded for them. The log's actors are
 * read one index probe each (a loose scan of `audit_log_actor_at_idx`), not by reading the whole log.
 */
export async function listAuditActors(db: Db): Promise<AuditActor[]> {
  const rows = rowsOf<AuditActor>(
    await db.execute(sql`
    with recursive logged(actor_id) as (
      (select ${auditLog.actorId} from ${auditLog} where ${auditLog.actorId} is not null order by ${auditLog.actorId} limit 1)
      union all
      select (select a.actor_id from ${auditLog} a where a.actor_id > logged.actor_id order by a.actor_id limit 1)
      from logged where logged.actor_id is not null
    )
    select ${users.id}::text as id, ${users.username} as username, ${users.role} as role, false as removed from ${users}
    union all
    select ${apiKeys.id}::text, ${apiKeys.name}, ${API_KEY_ACTOR_ROLE}, ${apiKeys.revokedAt} is not null from ${apiKeys}
    union all
    select logged.actor_id::text, last.actor_name, coalesce(last.actor_role, ${ADMIN}), true
    from logged
    cross join lateral (
      select a.actor_name, a.actor_role from ${auditLog} a where a.actor_id = logged.actor_id order by a.at desc, a.id desc limit 1
    ) last
    where logged.actor_id is not null
      and not exists (select 1 from ${users} where ${users.id} = logged.actor_id)
      and not exists (select 1 from ${apiKeys} where ${apiKeys.id} = logged.actor_id)`),
  );
  return rows.sort((a, b) => a.username.localeCompare(b.username, "pt-BR"));
}

type LabelLookup = (db: Db, ids: string[]) => Promise<{ id: string; label: string | null }[]>;

/** How each kind of record is named; the single-row settings (deadlines, mail server) need no name. */
const LABELS: Partial<Record<AuditEntity, LabelLookup>> = {
  picklist: (db, ids) => db.select({ id: picklists.id, label: picklists.destination }).from(picklists).where(inArray(picklists.id, ids)),
  pickup: (db, ids) => db.select({ id: pickups.id, label: pickups.orderNumber }).from(pickups).where(inArray(pickups.id, ids)),
  return: (db, ids) => db.select({ id: returns.id, label: returns.orderNumber }).from(returns).where(inArray(returns.id, ids)),
  user: (db, ids) => db.select({ id: users.id, label: users.username }).from(users).where(inArray(users.id, ids)),
  recipient: (db, ids) => db.select({ id: recipients.id, label: recipients.username }).from(recipients).where(inArray(recipients.id, ids)),
  "notification-rule": (db, ids) => db.select({ id: storeRules.id, label: storeRules.store }).from(storeRules).where(inArray(storeRules.id, ids)),
  "email-template": (db, ids) =>
    db
      .select({ id: emailTemplates.id, label: sql<string>`${emailTemplates.title} || ' — ' || ${emailTemplates.type}` })
      .from(emailTemplates)
      .where(inArray(emailTemplates.id, ids)),
  "api-key": (db, ids) => db.select({ id: apiKeys.id, label: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, ids)),
};

/** The field that names a record of each kind, as its created or deleted snapshot holds it. */
const NAME_FIELD: Partial<Record<AuditEntity, string>> = {
  picklist: "destination",
  pickup: "orderNumber",
  return: "orderNumber",
  user: "username",
  recipient: "username",
  "notification-rule": "store",
  "api-key": "name",
};

/**
 * Names the entries' records: per kind of record on the page, one query of its table and, for the
 * ids it no longer holds, one of their deletions' snapshots (never one query per entry).
 */
async function withLabels(db: Db, rows: AuditRow[]): Promise<AuditLogEntry[]> {
  const labels = new Map<string, string>();
  const key = (entity: string, id: string) => `${entity}:${id}`;
  const byEntity = new Map<AuditEntity, Set<string>>();
  for (const row of rows) {
    if (!isAuditEntity(row.entity) || !LABELS[row.entity]) continue;
    byEntity.set(row.entity, (byEntity.get(row.entity) ?? new Set()).add(row.entityId));
  }
  for (const [entity, ids] of byEntity) {
    for (const found of await LABELS[entity]!(db, [...ids])) if (found.label) labels.set(key(entity, found.id), found.label);
    const gone = [...ids].filter((id) => !labels.has(key(entity, id)));
    if (gone.length === 0) continue;
    const deletions = await db
      .select({ entityId: auditLog.entityId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), inArray(auditLog.entityId, gone), eq(auditLog.action, "delete")));
    for (const deletion of deletions) {
      const name = deletion.changes[NAME_FIELD[entity] ?? ""];
      if (typeof name === "string" && name) labels.set(key(entity, deletion.entityId), name);
    }
  }
  return rows.map((row) => ({ ...toEntry(row), entity: row.entity, entityId: row.entityId, label: labels.get(key(row.entity, row.entityId)) ?? null }));
}
