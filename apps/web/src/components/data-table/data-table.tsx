import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { LoadFailureMessage } from "@/components/data-table/load-failure";
import { RowsPerPage } from "@/components/data-table/rows-per-page";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/components/ui/use-mobile";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DEFAULT_ROWS_PER_PAGE } from "@/hooks/use-rows-per-page";
import type { LoadFailure } from "@/lib/load-failure";
import type { Paging } from "@/lib/pagination";
import { cn } from "@/lib/utils";

export interface DataTableColumn<Row> {
  /** "actions" is the row's Ações: it stays pinned to the table's right edge while the rest scrolls. */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Applied to the header and to every cell of the column. */
  className?: string;
  /**
   * Set on the columns that may give way when the table is wider than its box: the highest number
   * goes first. A column given way shows, with its title, in the row's details under the first cell.
   * Columns without one always show.
   */
  priority?: number;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  /** Names the table for screen readers (visually hidden). */
  caption: string;
  /** No data yet: a skeleton of the table's columns and page-size rows. */
  loading?: boolean;
  /** Showing the previous page while the next one loads. */
  refreshing?: boolean;
  emptyText?: string;
  rowKey?: (row: Row, index: number) => string;
  pagination?: Paging;
  /** The rows' request failed: why, and 'Tentar novamente', in place of the rows. */
  failure?: LoadFailure;
  className?: string;
}

/**
 * The Ações column stays in view, opaque over the cells that scroll under it; while some do, a
 * shadow on its edge says so (the table's data-under).
 */
const PINNED_ACTIONS =
  "sticky right-0 z-10 bg-background shadow-[inset_1px_0_0_var(--color-border)] group-data-[under]/table:shadow-[inset_1px_0_0_var(--color-border),-8px_0_8px_-6px_rgb(0_0_0/0.35)]";
/** On a laptop the Status beside it does too, so that a row's state and its actions are read together. */
const PINNED_STATUS =
  "lg:sticky lg:right-(--actions-width) lg:z-10 lg:bg-background lg:shadow-[inset_1px_0_0_var(--color-border)] lg:group-data-[under]/table:shadow-[inset_1px_0_0_var(--color-border),-8px_0_8px_-6px_rgb(0_0_0/0.35)]";

function columnClass<Row>(column: DataTableColumn<Row>, pinStatus: boolean) {
  return cn(column.id === "actions" && PINNED_ACTIONS, pinStatus && column.id === "status" && PINNED_STATUS, column.className);
}

/** Whether cells lie scrolled out of sight under the pinned columns at the table's right edge. */
function scrolledUnder(box: HTMLElement) {
  return box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
}

const NONE: readonly string[] = [];

/**
 * The columns given way: while the table is wider than its box, the next column by priority goes,
 * one a render, before the browser paints. The answer holds for the rows it was found with and for
 * boxes as wide or narrower; a wider box or other rows start again from every column.
 */
function useColumnsThatFit<Row>(columns: readonly DataTableColumn<Row>[], rows: readonly Row[] | undefined, enabled: boolean) {
  const tableRef = useRef<HTMLTableElement>(null);
  const [width, setWidth] = useState(0);
  const [fit, setFit] = useState<{ rows: readonly Row[] | undefined; width: number; hidden: readonly string[] }>({ rows, width: 0, hidden: [] });
  const hidden = enabled && fit.rows === rows && width <= fit.width + 1 ? fit.hidden : NONE;

  useLayoutEffect(() => {
    const box = tableRef.current?.parentElement;
    if (!box || typeof ResizeObserver === "undefined") return;
    const table = tableRef.current;
    const mark = () => table?.toggleAttribute("data-under", scrolledUnder(box));
    const observer = new ResizeObserver(() => {
      setWidth(box.clientWidth);
      mark();
    });
    observer.observe(box);
    box.addEventListener("scroll", mark, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", mark);
    };
    // The box is another element once the rows replace the skeleton (DataTable keys it).
  }, [enabled]);

  useLayoutEffect(() => {
    const box = tableRef.current?.parentElement;
    if (!enabled || !box) return;
    tableRef.current?.toggleAttribute("data-under", scrolledUnder(box));
    if (box.scrollWidth <= box.clientWidth + 1) return;
    const next = columns
      .filter((column) => column.priority !== undefined && !hidden.includes(column.id))
      .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0))[0];
    if (next) setFit({ rows, width: box.clientWidth, hidden: [...hidden, next.id] });
  }, [enabled, columns, rows, hidden, width]);

  return { tableRef, hidden };
}

/** The values of the columns given way, each under its title, in the row's first cell. */
function RowDetails<Row>({ columns, row }: { columns: readonly DataTableColumn<Row>[]; row: Row }) {
  return (
    // Each title over its value: the column keeps its width and widens only as far as the widest value needs.
    <dl className="mt-1 flex flex-col gap-1 text-xs whitespace-normal">
      {columns.map((column) => (
        <div key={column.id}>
          <dt className="text-muted-foreground">{column.header}</dt>
          <dd>{column.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Keeps --actions-width on the table at the Ações column's width, where the pinned Status ends. */
function useActionsWidth(ref: RefObject<HTMLTableElement | null>, enabled: boolean, table: string) {
  useLayoutEffect(() => {
    const table = ref.current;
    const head = table?.querySelector<HTMLElement>('th[data-column="actions"]');
    if (!enabled || !table || !head) return;
    const update = () => table.style.setProperty("--actions-width", `${head.offsetWidth}px`);
    update();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(update);
    observer.observe(head);
    return () => observer.disconnect();
    // `table` names the table element on screen (the skeleton's or the rows'): a new one is measured anew.
  }, [ref, enabled, table]);
}

/** On a phone, one card per row: each column's title over its value, the row's Ações at the foot. */
function RowCards<Row>({ columns, rows, caption, refreshing, rowKey }: { columns: readonly DataTableColumn<Row>[]; rows: readonly Row[]; caption: string; refreshing: boolean; rowKey?: (row: Row, index: number) => string }) {
  const fields = columns.filter((column) => column.id !== "actions");
  const actions = columns.find((column) => column.id === "actions");
  return (
    <ul aria-label={caption} aria-busy={refreshing || undefined} className={cn("flex flex-col gap-3", refreshing && "opacity-60 transition-opacity")}>
      {rows.map((row, index) => (
        <li key={rowKey ? rowKey(row, index) : index} className="flex flex-col gap-3 rounded-md border p-3 text-sm">
          <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-center gap-x-3 gap-y-2">
            {fields.map((column) => (
              <div key={column.id}>
                <dt className="text-muted-foreground">{column.header}</dt>
                <dd className="min-w-0 [overflow-wrap:anywhere]">{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className="flex justify-end border-t pt-2">{actions.cell(row)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** A read-only table of one page of results, with its skeleton, empty row and paging controls. */
export function DataTable<Row>({
  columns,
  rows,
  caption,
  loading = false,
  refreshing = false,
  emptyText = "Nenhum resultado encontrado.",
  rowKey,
  pagination,
  failure,
  className,
}: DataTableProps<Row>) {
  const skeletonRows = pagination?.pageSize ?? DEFAULT_ROWS_PER_PAGE;
  const list = rows ?? [];
  const pinStatus = columns.some((column) => column.id === "actions") && columns.some((column) => column.id === "status");
  const phone = useIsMobile();
  const fitting = useColumnsThatFit(columns, rows, !phone && !loading);
  const tableRef = fitting.tableRef;
  const table = loading ? "skeleton" : "rows";
  useActionsWidth(tableRef, pinStatus && !phone, table);
  const shown = columns.filter((column) => !fitting.hidden.includes(column.id));
  const givenWay = columns.filter((column) => fitting.hidden.includes(column.id));

  return (
    <div className={cn("flex flex-col gap-4", className)}>
      {phone && !loading && !failure && list.length > 0 ? (
        <RowCards columns={columns} rows={list} caption={caption} refreshing={refreshing} rowKey={rowKey} />
      ) : (
        // The skeleton's table and the rows' are two elements: the rows arrive as new content, so the
        // headers never shift when the columns take the widths of their values (CLS 0).
        <div key={table} className="rounded-md border">
          <Table
            ref={tableRef}
            aria-busy={loading || refreshing || undefined}
            className={cn("group/table", refreshing && "opacity-60 transition-opacity")}
          >
            <TableCaption className="sr-only">{caption}</TableCaption>
            <TableHeader>
              <TableRow>
                {shown.map((column) => (
                  <TableHead key={column.id} data-column={column.id} className={cn("whitespace-normal", columnClass(column, pinStatus))}>
                    {column.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {failure ? (
                <TableRow>
                  <TableCell colSpan={shown.length} className="p-0">
                    <div className="sticky left-0 w-[min(100%,calc(100vw-2rem))] md:w-full">
                      <LoadFailureMessage failure={failure} />
                    </div>
                  </TableCell>
                </TableRow>
              ) : loading ? (
                Array.from({ length: skeletonRows }, (_, r) => (
                  <TableRow key={r} data-slot="skeleton-row">
                    {columns.map((column) => (
                      <TableCell key={column.id} className={columnClass(column, pinStatus)}>
                        <Skeleton className="h-5 w-full min-w-8" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : list.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={shown.length} className="h-24 p-0 text-muted-foreground">
                    {/* Kept in view on a phone, where the table scrolls sideways. */}
                    <div className="sticky left-0 w-[min(100%,calc(100vw-2rem))] px-2 text-center whitespace-normal md:w-full">{emptyText}</div>
                  </TableCell>
                </TableRow>
              ) : (
                list.map((row, index) => (
                  <TableRow key={rowKey ? rowKey(row, index) : index}>
                    {shown.map((column, position) => (
                      <TableCell key={column.id} className={columnClass(column, pinStatus)}>
                        {column.cell(row)}
                        {position === 0 && givenWay.length > 0 && <RowDetails columns={givenWay} row={row} />}
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
          {loading && (
            <span role="status" className="sr-only">
              Carregando...
            </span>
          )}
        </div>
      )}
      {/* Shown once the rows are in: under the skeleton it would be pushed down as they arrive. */}
      {pagination && !loading && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {pagination.onPageSizeChange ? (
            <RowsPerPage value={pagination.pageSize} onValueChange={pagination.onPageSizeChange} />
          ) : (
            <span />
          )}
          <DataTablePagination
            className="mx-0 w-auto sm:justify-end"
            page={pagination.page}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onPageChange={pagination.onPageChange}
          />
        </div>
      )}
    </div>
  );
}
