import type { ComponentType, Key, ReactNode } from "react";

import { Dialog, DialogContent } from "@/components/ui/dialog";

export interface ReturnDialogProps<R> {
  returnOrder: R | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The form inside a return's dialog; onDone closes the dialog. */
export interface ReturnFormProps<R> {
  returnOrder: R;
  onDone: () => void;
}

export interface ReturnFormDialogProps<R> extends ReturnDialogProps<R> {
  form: ComponentType<ReturnFormProps<R>>;
  className?: string;
}

/** The dialog of an action on one return: its form starts afresh for each return (keyed by its id). */
export function ReturnFormDialog<R extends { id: Key }>({ returnOrder, open, onOpenChange, form: Form, className }: ReturnFormDialogProps<R>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {returnOrder && <Form key={returnOrder.id} returnOrder={returnOrder} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

/** A return dialog's form: the submit goes to `onSubmit`, never to the browser. */
export function ReturnActionForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
