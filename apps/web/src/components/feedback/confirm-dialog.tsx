import { useState, type ReactNode } from "react";

import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

export interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  /** Runs on confirm. A returned promise keeps the dialog open, busy, until it settles; it closes on success. */
  onConfirm: () => unknown;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: "default" | "destructive";
  /** Busy from outside, e.g. a mutation's isPending. */
  pending?: boolean;
  /** The element that opens the dialog (rendered as is, e.g. a Button). */
  trigger?: ReactNode;
  /** Controlled use; without them the dialog keeps its own state. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** An "are you sure?" dialog: focus starts on 'Cancelar'; Escape and 'Cancelar' close it unless it is busy. */
export function ConfirmDialog({
  title,
  description,
  onConfirm,
  confirmLabel = "Confirmar",
  cancelLabel = "Cancelar",
  variant = "default",
  pending: pendingProp = false,
  trigger,
  open: openProp,
  onOpenChange,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const open = openProp ?? ownOpen;
  const pending = pendingProp || running;

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const confirm = async () => {
    const result = onConfirm();
    if (!isThenable(result)) {
      setOpen(false);
      return;
    }
    setRunning(true);
    try {
      await result;
      setOpen(false);
    } catch {
      // The failure is reported where it happened (the mutation cache's toast); the dialog stays for a retry.
    } finally {
      setRunning(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent aria-busy={pending || undefined}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button variant={variant} disabled={pending} onClick={() => void confirm()}>
            {pending && <Spinner aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The lists' 'Excluir' confirmation, in the words every flow uses for a record that goes for good. */
export function DeleteConfirmDialog(props: Pick<ConfirmDialogProps, "open" | "onOpenChange" | "onConfirm">) {
  return (
    <ConfirmDialog
      {...props}
      title="Tem certeza de que deseja excluir?"
      description="Esta ação é irreversível e os dados serão permanentemente excluídos."
      confirmLabel="Excluir"
      variant="destructive"
    />
  );
}
