import type { AuditEntity } from "@passo/domain";
import { queryOptions } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

export type { AuditEntity };

export interface AuditEntry {
  id: string;
  /** ISO-8601. */
  at: string;
  /** Null for the system's own changes. */
  actor: { id: string; username: string; role: string } | null;
  action: string;
  /** `{field: {from, to}}` for an edit or a transition; the record's fields for a creation or a deletion. */
  changes: Record<string, unknown>;
}

export const getAuditHistory = (entity: AuditEntity, id: string, signal?: AbortSignal) =>
  api.get<{ entries: AuditEntry[] }>(`/audit/${entity}/${encodeURIComponent(id)}`, undefined, signal);

/** A record's history, read afresh each time the dialog opens. */
export const auditHistoryQueryOptions = (entity: AuditEntity, id: string) =>
  queryOptions({
    queryKey: ["audit", entity, id],
    queryFn: ({ signal }) => getAuditHistory(entity, id, signal),
    staleTime: 0,
  });
