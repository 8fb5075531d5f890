import { STAFF_MESSAGES } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ReactNode } from "react";
import { staffPinSettingQueryOptions, useStaffPinRequired } from "@/api/staff-pin";
import { ApiError } from "@/lib/api-client";
import { StaffPinDialog } from "./staff-pin-dialog";

type Signed = (staffPin: string | undefined) => Promise<unknown>;

/**
 * A store's change at the counter ('Finalizar', 'Confirmar recebimento', 'Confirmar retirada',
 * 'Concluír'), signed by a staff member: when the store requires a PIN, `sign` opens the PIN pad
 * and runs the change with the PIN typed; otherwise it runs it at once (and opens the pad should the
 * server answer that a PIN is required after all, as after an administrator has just turned it on).
 * Render `dialog` once, beside the button.
 */
export function useStaffPin(description?: string): { sign: (change: Signed) => Promise<void>; dialog: ReactNode } {
  const required = useStaffPinRequired();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const change = useRef<Signed | null>(null);

  const ask = (next: Signed) => {
    change.current = next;
    setOpen(true);
  };

  const sign = async (next: Signed) => {
    if (required) return ask(next);
    try {
      await next(undefined);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.message === STAFF_MESSAGES.pinRequired) {
        void queryClient.invalidateQueries(staffPinSettingQueryOptions());
        return ask(next);
      }
      throw err;
    }
  };

  const dialog = (
    <StaffPinDialog open={open} onOpenChange={setOpen} description={description} onSubmit={(pin) => change.current!(pin)} />
  );
  return { sign, dialog };
}
