import { createContext, use, useMemo, useState, type ReactNode } from "react";

/** The dialogs of a settings list: a new record, editing one, deleting one. */
export type RecordDialog = "create" | "edit" | "delete";

export interface RecordDialogsState<Row> {
  open: RecordDialog | null;
  setOpen: (dialog: RecordDialog | null) => void;
  currentRow: Row | null;
  setCurrentRow: (row: Row | null) => void;
  /** Opens `dialog` for `row` (null for 'create'). */
  show: (dialog: RecordDialog, row?: Row | null) => void;
}

/**
 * Which of a screen's dialogs is open, and for which row (shadcn-admin pattern): the dialogs are
 * mounted once; the rows' buttons and the 'new' button open them through this context.
 */
export function createRecordDialogs<Row>(name: string) {
  const Context = createContext<RecordDialogsState<Row> | null>(null);

  function Provider({ children }: { children: ReactNode }) {
    const [open, setOpen] = useState<RecordDialog | null>(null);
    const [currentRow, setCurrentRow] = useState<Row | null>(null);
    const value = useMemo<RecordDialogsState<Row>>(
      () => ({
        open,
        setOpen,
        currentRow,
        setCurrentRow,
        show: (dialog, row = null) => {
          setCurrentRow(row);
          setOpen(dialog);
        },
      }),
      [open, currentRow],
    );
    return <Context value={value}>{children}</Context>;
  }

  function useDialogs(): RecordDialogsState<Row> {
    const context = use(Context);
    if (!context) throw new Error(`${name} dialogs must be used within their provider`);
    return context;
  }

  return { Provider, useDialogs };
}
