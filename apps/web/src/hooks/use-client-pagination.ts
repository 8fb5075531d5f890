import { hashKey } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { totalPages, type Paging } from "@/lib/pagination";
import { useRowsPerPage } from "@/hooks/use-rows-per-page";

/**
 * One page of a short list the API answers whole (the users: a chain has a few dozen accounts).
 * A change of `resetOn` (the search) or of the shared page size returns to page 1; a page emptied
 * by deletions moves to the last one.
 */
export function useClientPagination<Row>(rows: readonly Row[], resetOn?: unknown) {
  const [pageSize, setRowsPerPage] = useRowsPerPage();
  const resetKey = hashKey([resetOn ?? null, pageSize]);
  const [paging, setPaging] = useState({ page: 1, resetKey });

  // Adjusting state while rendering, as useServerPagedQuery does, so a stale page never shows.
  let page = paging.page;
  if (paging.resetKey !== resetKey) {
    page = 1;
    setPaging({ page: 1, resetKey });
  }
  const lastPage = totalPages(rows.length, pageSize);
  if (page > lastPage) page = lastPage;

  const setPage = useCallback((next: number) => setPaging({ page: Math.max(1, next), resetKey }), [resetKey]);

  return {
    rows: rows.slice((page - 1) * pageSize, page * pageSize),
    /** Spread into DataTable's `pagination`. */
    pagination: { page, pageSize, total: rows.length, onPageChange: setPage, onPageSizeChange: setRowsPerPage } satisfies Paging,
  };
}
