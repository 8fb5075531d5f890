import type { returnSchema, returnStoreViewSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";

import type { ListQuery } from "@/hooks/use-history-filters";
import { api } from "@/lib/api-client";
import type { PageParams } from "@/lib/pagination";

/** A return as an administrator receives it on the wire (dates as ISO strings). */
export type ReturnRecord = z.input<typeof returnSchema>;
/** A return as a store receives it: masked CPF, no phone or e-mail. */
export type StoreReturnRecord = z.input<typeof returnStoreViewSchema>;

/** The history filters, or one or several statuses, and the page. */
export interface ReturnListQuery extends Omit<ListQuery, "status">, Partial<PageParams> {
  /** One status or several; 'all' or none means every status. */
  status?: string | readonly string[];
}

export interface ReturnListResponse<Row> {
  returns: Row[];
  total?: number;
}

/** Every query of this flow starts with this key, so one invalidation refreshes all of its lists. */
export const RETURNS_KEY = ["returns"] as const;

export const getReturns = <Row>(query: ReturnListQuery, signal?: AbortSignal) =>
  api.get<ReturnListResponse<Row>>("/return/get", { ...query }, signal);

/** The administrator's lists: every return, the whole record. */
export const returnsQueryOptions = (query: ReturnListQuery) =>
  queryOptions({
    queryKey: [...RETURNS_KEY, "list", "admin", query],
    queryFn: ({ signal }) => getReturns<ReturnRecord>(query, signal),
  });

/**
 * A store's lists: the returns it received, plus, with a search, the pending ones with that exact CPF
 * or order number (the server decides; docs/api.md).
 */
export const storeReturnsQueryOptions = (query: ReturnListQuery, enabled = true) =>
  queryOptions({
    queryKey: [...RETURNS_KEY, "list", "store", query],
    queryFn: ({ signal }) => getReturns<StoreReturnRecord>(query, signal),
    enabled,
  });

export const useReturns = (query: ReturnListQuery) => useQuery(returnsQueryOptions(query));
