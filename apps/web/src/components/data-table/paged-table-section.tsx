import { useId, type ReactNode } from "react";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import type { PagedTableProps } from "@/lib/pagination";

/** What a section needs of `useServerPagedQuery`'s result. */
export interface PagedList {
  tableProps: PagedTableProps;
}

export interface PagedTableSectionProps<Row> {
  /** The section's heading, and the table's name for screen readers. */
  title: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  list: PagedList;
  emptyText: string;
  rowKey: (row: Row, index: number) => string;
  /** Controls beside the heading (an order switch). */
  actions?: ReactNode;
  /** Shown under the heading in place of the paged table: the section's rows another way (counted by product). */
  instead?: ReactNode;
}

/** A titled section of a process screen: one server-paged table under its heading. */
export function PagedTableSection<Row>({ title, columns, rows, list, emptyText, rowKey, actions, instead }: PagedTableSectionProps<Row>) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {instead ?? (
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        {...list.tableProps}
        emptyText={emptyText}
        rowKey={rowKey}
      />
      )}
    </section>
  );
}
