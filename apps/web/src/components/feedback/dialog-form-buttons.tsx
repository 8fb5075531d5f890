import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export interface DialogFormButtonsProps {
  /** The submit button's text: 'Salvar', 'Concluir', 'Criar destinatário'… */
  submitLabel: string;
  /** The request is on its way: both buttons wait, the submit button spins. */
  pending: boolean;
  /** The form is not complete yet (the submit button stays disabled). */
  disabled?: boolean;
  onCancel: () => void;
  className?: string;
}

/** 'Cancelar' and the submit button at the foot of a dialog's form. */
export function DialogFormButtons({ submitLabel, pending, disabled = false, onCancel, className }: DialogFormButtonsProps) {
  return (
    <DialogFooter className={cn(className)}>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancelar
      </Button>
      <Button type="submit" disabled={disabled || pending}>
        {pending && <Spinner aria-hidden="true" />}
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
