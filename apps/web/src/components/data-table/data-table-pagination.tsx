import {
  Pagination,
  PaginationContent,
  PaginationEllipsis,
  PaginationItem,
  PaginationLink,
  PaginationNext,
  PaginationPrevious,
} from "@/components/ui/pagination";
import { totalPages } from "@/lib/pagination";

export type PageItem = number | "start-ellipsis" | "end-ellipsis";

function range(start: number, end: number): number[] {
  return end < start ? [] : Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * The page buttons to show: the first and last pages, the current one with a neighbour on each side,
 * and an ellipsis for each gap, always 7 slots once there are more than 7 pages (1 … 4 5 6 … 20).
 */
export function pageItems(page: number, pageCount: number): PageItem[] {
  const count = Math.max(1, pageCount);
  const current = Math.min(Math.max(1, page), count);
  const siblingsStart = Math.max(Math.min(current - 1, count - 4), 3);
  const siblingsEnd = Math.min(Math.max(current + 1, 5), count - 2);
  return [
    1,
    ...(siblingsStart > 3 ? (["start-ellipsis"] as const) : 2 < count - 1 ? [2] : []),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < count - 2 ? (["end-ellipsis"] as const) : count - 1 > 1 ? [count - 1] : []),
    ...(count > 1 ? [count] : []),
  ];
}

export interface DataTablePaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Number of rows matching the filters (the server's `total`). */
  total: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** 'Anterior', numbered pages with the current one highlighted, 'Próximo'. */
export function DataTablePagination({ page, pageSize, total, onPageChange, className }: DataTablePaginationProps) {
  const pageCount = totalPages(total, pageSize);
  const current = Math.min(Math.max(1, page), pageCount);

  return (
    <Pagination className={className}>
      <PaginationContent>
        <PaginationItem>
          <PaginationPrevious disabled={current <= 1} onClick={() => onPageChange(current - 1)} />
        </PaginationItem>
        {pageItems(current, pageCount).map((item) =>
          typeof item === "number" ? (
            <PaginationItem key={item}>
              <PaginationLink
                aria-label={`Página ${item}`}
                isActive={item === current}
                onClick={() => {
                  if (item !== current) onPageChange(item);
                }}
              >
                {item}
              </PaginationLink>
            </PaginationItem>
          ) : (
            <PaginationItem key={item}>
              <PaginationEllipsis />
            </PaginationItem>
          ),
        )}
        <PaginationItem>
          <PaginationNext disabled={current >= pageCount} onClick={() => onPageChange(current + 1)} />
        </PaginationItem>
      </PaginationContent>
    </Pagination>
  );
}
