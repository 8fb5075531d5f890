import { createContext, use, useCallback, useMemo, useState, type ReactNode } from "react";

/** The dialogs of a list of records: a new one, editing one, deleting one. */
export type RecordDialog = "create" | "edit" | "delete";

export interface DialogsState<Dialog extends string, Row> {
  open: Dialog | null;
  setOpen: (dialog: Dialog | null) => void;
  currentRow: Row | null;
  setCurrentRow: (row: Row | null) => void;
  /** Opens `dialog` for `row` (none for a dialog about no row, e.g. 'create'). */
  show: (dialog: Dialog, row?: Row | null) => void;
}

/**
 * Which of a screen's dialogs is open, and for which row (shadcn-admin's pattern): the dialogs are
 * mounted once, and the rows' buttons and the screen's own open them through this context.
 */
export function createDialogsProvider<Dialog extends string, Row>(name: string) {
  const Context = createContext<DialogsState<Dialog, Row> | null>(null);

  function Provider({ children }: { children: ReactNode }) {
    const [open, setOpen] = useState<Dialog | null>(null);
    const [currentRow, setCurrentRow] = useState<Row | null>(null);
    const show = useCallback((dialog: Dialog, row: Row | null = null) => {
      setCurrentRow(row);
      setOpen(dialog);
    }, []);
    const value = useMemo(() => ({ open, setOpen, currentRow, setCurrentRow, show }), [open, currentRow, show]);
    return <Context value={value}>{children}</Context>;
  }

  function useDialogs(): DialogsState<Dialog, Row> {
    const context = use(Context);
    if (!context) throw new Error(`use${name}Dialogs must be used within a ${name}DialogsProvider`);
    return context;
  }

  return { Provider, useDialogs };
}
