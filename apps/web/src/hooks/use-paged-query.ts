import {
  hashKey,
  keepPreviousData,
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
} from "@tanstack/react-query";
import { useCallback, useState } from "react";

import { totalPages, type PagedTableProps, type PageParams, type Paging } from "@/lib/pagination";
import { useRowsPerPage } from "@/hooks/use-rows-per-page";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { loadFailure } from "@/lib/load-failure";

/** A page answered by a list endpoint called with `page` and `pageSize` (docs/api.md: it adds `total`). */
export interface PagedResponse {
  total?: number;
}

/**
 * One page of a server-side list. `query` is a queryOptions factory for a page; `filters` is whatever
 * else the request depends on: when it changes (compared by value), or the shared page size changes,
 * the page returns to 1. While the next page loads the previous one stays
 * on screen (`keepPreviousData`).
 *
 *   const filters = useHistoryFilters("picklistFormData", { onApply: () => history.setPage(1) });
 *   const history = useServerPagedQuery(
 *     (paging) => picklistHistoryQueryOptions({ ...toListQuery(filters.applied), ...paging }),
 *     filters.applied,
 *   );
 *   <DataTable rows={history.query.data?.picklists} {...history.tableProps} … />
 *
 * (The onApply also returns to page 1 when 'Filtrar' is pressed again with unchanged filters.)
 */
export function useServerPagedQuery<
  TQueryFnData extends PagedResponse,
  TError = DefaultError,
  TData extends PagedResponse = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(query: (params: PageParams) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>, filters?: unknown) {
  const [pageSize, setRowsPerPage] = useRowsPerPage();
  const resetKey = hashKey([filters ?? null, pageSize]);
  const [paging, setPaging] = useState({ page: 1, resetKey });

  // Adjusting state while rendering (not in an effect) so the stale page is never requested.
  let page = paging.page;
  if (paging.resetKey !== resetKey) {
    page = 1;
    setPaging({ page: 1, resetKey });
  }

  const result = useQuery({ ...query({ page, pageSize }), placeholderData: keepPreviousData });
  const total = result.data?.total ?? 0;

  // A page emptied by deletions (or a stale page from an earlier visit) moves to the last one.
  const lastPage = totalPages(total, pageSize);
  if (result.isSuccess && !result.isPlaceholderData && page > lastPage) {
    page = lastPage;
    setPaging({ page: lastPage, resetKey });
  }

  const setPage = useCallback((next: number) => setPaging({ page: Math.max(1, next), resetKey }), [resetKey]);
  const setPageSize = useCallback((size: number) => setRowsPerPage(size), [setRowsPerPage]);

  const pagination: Paging = { page, pageSize, total, onPageChange: setPage, onPageSizeChange: setPageSize };
  return {
    query: result,
    page,
    pageSize,
    total,
    setPage,
    setPageSize,
    /** DataTable's `pagination`. */
    pagination,
    /**
     * Spread into a DataTable: the skeleton until the first page, the previous page while the next loads,
     * the paging, and a failed request with its retry.
     */
    tableProps: { loading: result.isPending, refreshing: result.isPlaceholderData, pagination, failure: loadFailure(result) } satisfies PagedTableProps,
  };
}

/**
 * A list the server searches and pages, with its search box's text: the page for that text, trimmed and
 * debounced (a new search returns to page 1; a blank one asks for the whole list).
 *
 *   const list = useServerSearch(recipientsQueryOptions);
 *   <SearchField value={list.search} onChange={list.setSearch} … />
 *   <DataTable rows={list.query.data?.recipients} {...list.tableProps} … />
 */
export function useServerSearch<
  TQueryFnData extends PagedResponse,
  TError = DefaultError,
  TData extends PagedResponse = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(query: (params: PageParams & { search?: string }) => UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>) {
  const [search, setSearch] = useState("");
  const applied = useDebouncedValue(search.trim());
  const list = useServerPagedQuery((paging) => query({ search: applied || undefined, ...paging }), applied);
  return { ...list, search, setSearch };
}
