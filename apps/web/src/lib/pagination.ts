import type { LoadFailure } from "@/lib/load-failure";

/** Which page of a list to fetch, and how many rows it holds. */
export interface PageParams {
  page: number;
  pageSize: number;
}

/** A paged list as a table shows it: the page, its size, the row count, and how to move. */
export interface Paging extends PageParams {
  total: number;
  onPageChange: (page: number) => void;
  /** Shows the 'Linhas:' select when given. */
  onPageSizeChange?: (size: number) => void;
}

/** What a table shows of a list paged by the server, besides its rows. */
export interface PagedTableProps {
  /** No page yet. */
  loading: boolean;
  /** The previous page, while the next one loads. */
  refreshing: boolean;
  pagination: Paging;
  /** The page's request failed: the table shows why and 'Tentar novamente' in place of its rows. */
  failure?: LoadFailure;
}

/** max(1, ceil(count / size)); an empty result still has one (empty) page. */
export function totalPages(count: number, size: number): number {
  if (!(size > 0) || !(count > 0)) return 1;
  return Math.max(1, Math.ceil(count / size));
}
