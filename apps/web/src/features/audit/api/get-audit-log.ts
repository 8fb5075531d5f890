import type { AuditAction, AuditActor, AuditEntity } from "@passo/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api-client";
import type { PageParams } from "@/lib/pagination";

import type { AuditEntry } from "./get-audit-history";

/** The filters of GET /api/audit/get and /api/audit/export. */
export interface AuditLogQuery {
  /** YYYY-MM-DD, whole days. */
  from?: string;
  to?: string;
  /** A user's id, or `system`. */
  user?: string;
  entity?: AuditEntity;
  action?: AuditAction;
}

/** An entry of the log across records: which record, and its name when it has one. */
export interface AuditLogEntry extends AuditEntry {
  entity: string;
  entityId: string;
  label: string | null;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  total?: number;
}

export const getAuditLog = (query: AuditLogQuery & PageParams, signal?: AbortSignal) =>
  api.get<AuditLogPage>("/audit/get", { ...query }, signal);

/** One page of the log, read afresh on each visit: every change anywhere adds to it. */
export const auditLogQueryOptions = (query: AuditLogQuery & PageParams) =>
  queryOptions({
    queryKey: ["audit", "log", query],
    queryFn: ({ signal }) => getAuditLog(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * GET /api/audit/actors: who the user filter offers (today's users and API keys, and the deleted users
 * and revoked keys the log still names), read afresh on each visit.
 */
export const useAuditActors = () =>
  useQuery({
    queryKey: ["audit", "actors"],
    queryFn: ({ signal }) => api.get<{ actors: AuditActor[] }>("/audit/actors", undefined, signal),
    staleTime: 0,
  });
