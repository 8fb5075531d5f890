import { createContext, use, useState, type ReactNode } from "react";
import type { PickupView } from "../api/get-pickups";

/** The administrator's edit, delete and notify; the store's receipt confirmation and withdrawal check. */
export type PickupDialog = "edit" | "delete" | "notify" | "receipt" | "withdrawal";

interface PickupDialogsContext {
  open: PickupDialog | null;
  setOpen: (dialog: PickupDialog | null) => void;
  currentRow: PickupView | null;
  setCurrentRow: (row: PickupView | null) => void;
  /** Opens `dialog` for `row`. */
  openFor: (dialog: PickupDialog, row: PickupView) => void;
}

const Context = createContext<PickupDialogsContext | null>(null);

/** Which pickup dialog is open, and for which row (the rows' buttons open them; they are mounted once). */
export function PickupDialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<PickupDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<PickupView | null>(null);
  const openFor = (dialog: PickupDialog, row: PickupView) => {
    setCurrentRow(row);
    setOpen(dialog);
  };
  return <Context value={{ open, setOpen, currentRow, setCurrentRow, openFor }}>{children}</Context>;
}

export function usePickupDialogs() {
  const context = use(Context);
  if (!context) throw new Error("usePickupDialogs must be used within a PickupDialogsProvider");
  return context;
}
