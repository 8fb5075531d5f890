import { PlusIcon } from "lucide-react";
import { useCallback, useMemo, useState, type ReactNode } from "react";

import { DataTable, type DataTableColumn, type DataTableProps } from "@/components/data-table/data-table";
import { RowActions } from "@/components/data-table/row-actions";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import type { RecordDialog } from "@/components/feedback/dialogs-provider";
import { SearchField } from "@/components/filters/search-field";
import { Page } from "@/components/layout/page";
import { Button } from "@/components/ui/button";

/** What the create/edit dialog is given: the row to edit (null: a new one) and whether it is open. */
export interface RecordFormDialogState<Row> {
  row: Row | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface ManageScreenProps<Row extends { id: string }> {
  title: string;
  description: string;
  /** The button that opens the form for a new record, e.g. 'Novo destinatário'. */
  createLabel: string;
  /** The search box: its text and its accessible name. */
  search: { value: string; onChange: (value: string) => void; label: string };
  /** The table but for its 'Ações' column, which this screen adds: rows, caption, paging, loading, failure. */
  table: Omit<DataTableProps<Row>, "rowKey">;
  /**
   * The 'Ações' buttons' names for a row, e.g. 'Editar destinatário Ana'; a reason disables the delete.
   * Keep it the same function from render to render (module level, or useCallback), as `table.columns`.
   */
  actions: (row: Row) => { edit: string; delete: string; deleteDisabledReason?: string };
  /** The create/edit dialog. */
  renderForm: (state: RecordFormDialogState<Row>) => ReactNode;
  /** The delete's confirmation: its title for the row, its warning, and the request. */
  remove: { title: (row: Row | null) => string; description: string; onConfirm: (row: Row) => Promise<unknown> };
}

/**
 * An administrator's list of records (users, recipients, store rules): a search box, a table with edit
 * and delete on each row, a button for a new record, the create/edit dialog and the delete's
 * confirmation. The dialogs stay mounted; closing one keeps its row, so the text does not change while
 * it fades out.
 */
export function ManageScreen<Row extends { id: string }>({
  title,
  description,
  createLabel,
  search,
  table,
  actions,
  renderForm,
  remove,
}: ManageScreenProps<Row>) {
  const [open, setOpen] = useState<RecordDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<Row | null>(null);
  const show = useCallback((dialog: RecordDialog, row: Row | null = null) => {
    setCurrentRow(row);
    setOpen(dialog);
  }, []);
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  // Kept while the columns and the labels are the same: DataTable measures again for other columns.
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      ...table.columns,
      {
        id: "actions",
        header: "Ações",
        cell: (row) => {
          const labels = actions(row);
          return (
            <RowActions
              editLabel={labels.edit}
              deleteLabel={labels.delete}
              onEdit={() => show("edit", row)}
              onDelete={() => show("delete", row)}
              deleteDisabledReason={labels.deleteDisabledReason}
            />
          );
        },
        className: "w-24",
      },
    ],
    [table.columns, actions, show],
  );

  return (
    <>
      <Page
        title={title}
        description={description}
        actions={
          <Button onClick={() => show("create")}>
            <PlusIcon aria-hidden="true" />
            {createLabel}
          </Button>
        }
      >
        <SearchField value={search.value} onChange={search.onChange} label={search.label} />
        <DataTable {...table} columns={columns} rowKey={(row) => row.id} />
      </Page>
      {renderForm({ row: open === "edit" ? currentRow : null, open: open === "create" || open === "edit", onOpenChange: close })}
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={close}
        title={remove.title(currentRow)}
        description={remove.description}
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => currentRow && remove.onConfirm(currentRow)}
      />
    </>
  );
}
