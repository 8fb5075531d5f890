import { createContext, use, useState, type ReactNode } from "react";

import type { ReturnRecord } from "../api/get-returns";

export type ReturnProcessDialog = "edit" | "delete" | "complete";

interface ReturnProcessContextValue {
  open: ReturnProcessDialog | null;
  setOpen: (dialog: ReturnProcessDialog | null) => void;
  currentRow: ReturnRecord | undefined;
  setCurrentRow: (row: ReturnRecord | undefined) => void;
}

const ReturnProcessContext = createContext<ReturnProcessContextValue | null>(null);

/** Which of the return-process dialogs is open, and for which return (shadcn-admin's pattern). */
export function ReturnProcessProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<ReturnProcessDialog | null>(null);
  const [currentRow, setCurrentRow] = useState<ReturnRecord | undefined>();
  return <ReturnProcessContext value={{ open, setOpen, currentRow, setCurrentRow }}>{children}</ReturnProcessContext>;
}

export function useReturnProcess() {
  const context = use(ReturnProcessContext);
  if (!context) throw new Error("useReturnProcess must be used within a ReturnProcessProvider");
  return context;
}
