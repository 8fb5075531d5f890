import type { Picklist } from "@passo/domain";
import { createContext, use, useMemo, useState, type ReactNode } from "react";

export type PicklistDialog = "edit" | "delete" | "notify";

interface PicklistDialogsState {
  open: PicklistDialog | null;
  setOpen: (dialog: PicklistDialog | null) => void;
  currentRow: Picklist | null;
  setCurrentRow: (row: Picklist | null) => void;
}

const PicklistDialogsContext = createContext<PicklistDialogsState | null>(null);

/** Which of the processes screen's dialogs is open, and for which list (shadcn-admin pattern). */
export function PicklistDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<PicklistDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<Picklist | null>(null);
  const value = useMemo(() => ({ open, setOpen, currentRow, setCurrentRow }), [open, currentRow]);
  return <PicklistDialogsContext value={value}>{children}</PicklistDialogsContext>;
}

export function usePicklistDialogs(): PicklistDialogsState {
  const context = use(PicklistDialogsContext);
  if (!context) throw new Error("usePicklistDialogs must be used within a PicklistDialogsProvider");
  return context;
}
