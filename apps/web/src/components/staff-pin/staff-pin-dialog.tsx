import { STAFF_MESSAGES, STAFF_PIN_MAX, STAFF_PIN_MIN } from "@passo/domain";
import { DeleteIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";

export interface StaffPinDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the PIN is for, under the title (e.g. 'Finalizar a lista nº 12'). */
  description?: string;
  /**
   * Runs with the PIN typed. A refusal the server answers (a wrong PIN, too many tries) is shown
   * in the dialog, which stays open for another try; it closes when this settles without one.
   */
  onSubmit: (pin: string) => Promise<unknown>;
  /** The confirm button's text. */
  confirmLabel?: string;
}

const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;

/**
 * 'Quem está atendendo?': a PIN pad with big digits for a finger on a tablet, and the keyboard too
 * (digits, Backspace, Enter). The PIN shows as dots; nothing typed is kept once it closes.
 */
export function StaffPinDialog({ open, onOpenChange, description, onSubmit, confirmLabel = "Confirmar" }: StaffPinDialogProps) {
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorId = useId();
  const dotsId = useId();

  useEffect(() => {
    if (!open) {
      setPin("");
      setError(null);
      setPending(false);
    }
  }, [open]);

  const type = (digit: string) => {
    if (pending) return;
    setError(null);
    setPin((current) => (current.length < STAFF_PIN_MAX ? current + digit : current));
  };
  const erase = () => {
    if (pending) return;
    setError(null);
    setPin((current) => current.slice(0, -1));
  };
  const ready = pin.length >= STAFF_PIN_MIN && !pending;

  const confirm = async () => {
    if (!ready) return;
    setPending(true);
    try {
      await onSubmit(pin);
      onOpenChange(false);
    } catch (err) {
      // The server's refusal, in the dialog: 'PIN inválido.', or the wait after too many tries.
      setError(err instanceof ApiError ? err.message : "Não foi possível confirmar. Tente novamente.");
      setPin("");
    } finally {
      setPending(false);
    }
  };

  // The keyboard works wherever the focus is while the pad is open (a disabled button drops it to the page).
  const keys = useRef<(event: KeyboardEvent) => void>(() => undefined);
  keys.current = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (/^[0-9]$/.test(event.key)) type(event.key);
    else if (event.key === "Backspace") erase();
    else if (event.key === "Enter") void confirm();
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    if (!open) return;
    const listener = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent className="max-h-[100dvh] overflow-y-auto sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>{STAFF_MESSAGES.padTitle}</DialogTitle>
          <DialogDescription>{description ?? "Digite o seu PIN de atendente."}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center gap-4">
          <div
            id={dotsId}
            role="status"
            aria-label={`PIN: ${pin.length} de até ${STAFF_PIN_MAX} dígitos digitados`}
            className="flex h-8 items-center justify-center gap-3"
          >
            {Array.from({ length: Math.max(STAFF_PIN_MIN, pin.length) }, (_, index) => (
              <span
                key={index}
                aria-hidden="true"
                className={cn("size-4 rounded-full border-2 border-foreground", index < pin.length ? "bg-foreground" : "bg-transparent")}
              />
            ))}
          </div>
          <p id={errorId} role="alert" className="min-h-5 text-sm font-medium text-destructive">
            {error}
          </p>
          <div role="group" aria-label="Teclado do PIN" aria-describedby={error ? errorId : undefined} className="grid w-full grid-cols-3 gap-3">
            {DIGITS.map((digit) => (
              <PadButton key={digit} onClick={() => type(digit)} disabled={pending}>
                {digit}
              </PadButton>
            ))}
            <PadButton onClick={erase} disabled={pending || pin === ""} variant="outline" className="text-base">
              <DeleteIcon aria-hidden="true" />
              Apagar
            </PadButton>
            <PadButton onClick={() => type("0")} disabled={pending}>
              0
            </PadButton>
            <PadButton onClick={() => void confirm()} disabled={!ready} variant="default" className="text-base">
              {pending && <Spinner aria-hidden="true" />}
              {confirmLabel}
            </PadButton>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function PadButton({ className, variant = "secondary", ...props }: React.ComponentProps<typeof Button>) {
  return <Button type="button" variant={variant} className={cn("h-16 text-2xl font-semibold tabular-nums", className)} {...props} />;
}
