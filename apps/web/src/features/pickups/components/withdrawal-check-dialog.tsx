import { useEffect, useId, useState } from "react";
import { PICKED_UP, PICKUP_MESSAGES, cpfDigits } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheckIcon, CircleXIcon } from "lucide-react";
import { PasswordInput } from "@/components/password-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldDescription, FieldLabel } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { SignaturePad } from "@/components/signature-pad";
import { useCheckWithdrawal, type WithdrawalCheckResult } from "../api/check-withdrawal";
import { PICKUPS_KEY, type PickupView } from "../api/get-pickups";
import { useStaffPin } from "@/components/staff-pin/use-staff-pin";
import { useUpdatePickup } from "../api/update-pickup";
import { ApiError } from "@/lib/api-client";
import { maskCpfInput } from "@/lib/input-masks";
import { InvoiceLinks } from "./invoice-link";

export interface WithdrawalCheckDialogProps {
  pickup: PickupView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pickup as the server recorded its handover. */
  onCollected?: (pickup: PickupView) => void;
}

/**
 * 'Iniciar retirada' at the counter: the CPF of whoever collects, hidden as typed,
 * is checked by the server against the customer's and the authorised third party's; only a match
 * enables 'Confirmar retirada', which sends the same CPF for the server to check again, with the
 * customer's signature drawn on the pad (required when the store says so).
 */
export function WithdrawalCheckDialog({ pickup, open, onOpenChange, onCollected }: WithdrawalCheckDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Iniciar retirada</DialogTitle>
          <DialogDescription>
            Pedido {pickup.orderNumber} de {pickup.customerFullName}. Digite o CPF de quem está retirando o pedido.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <WithdrawalCheck
            key={pickup.id}
            pickup={pickup}
            onBusyChange={setBusy}
            onDone={() => onOpenChange(false)}
            onCollected={onCollected}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WithdrawalCheck({
  pickup,
  onDone,
  onBusyChange,
  onCollected,
}: {
  pickup: PickupView;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
  onCollected?: (pickup: PickupView) => void;
}) {
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [result, setResult] = useState<(WithdrawalCheckResult & { cpf: string }) | null>(null);
  const check = useCheckWithdrawal();
  const confirm = useUpdatePickup();
  const staffPin = useStaffPin(`Confirmar retirada do pedido ${pickup.orderNumber}.`);
  const queryClient = useQueryClient();
  // Ten wrong CPFs blocked this pickup's check: an administrator must unlock it (the server refuses meanwhile).
  const [blocked, setBlocked] = useState(pickup.cpfCheckLocked);
  const digits = cpfDigits(typed);
  // A verdict holds only for the CPF it was given.
  const verdict = result && result.cpf === digits ? result : null;
  const authorized = verdict?.authorized === true;
  // After the CPF matches, the customer signs; a store that requires it waits for a drawing.
  const [signature, setSignature] = useState<string | null>(null);
  const signatureMissing = authorized && verdict?.signatureRequired === true && !signature;

  useEffect(() => onBusyChange(confirm.isPending), [confirm.isPending, onBusyChange]);

  const runCheck = (cpf: string) => {
    if (!cpf || blocked) return;
    check.mutate(
      { id: pickup.id, withdrawalCPF: cpf },
      {
        onSuccess: (answer) => setResult({ ...answer, cpf }),
        onError: (error) => {
          if (!(error instanceof ApiError && error.status === 403)) return;
          setBlocked(true);
          void queryClient.invalidateQueries({ queryKey: PICKUPS_KEY });
        },
      },
    );
  };

  const onType = (value: string) => {
    const masked = maskCpfInput(value);
    setTyped(masked);
    const next = cpfDigits(masked);
    // The eleventh digit completes a CPF: check it straight away.
    if (next.length === 11 && next !== digits) runCheck(next);
  };

  // 'Confirmar retirada' is signed by the staff member's PIN when the store requires one.
  const confirmWith = (staffPin: string | undefined) =>
    confirm
      .mutateAsync({ id: pickup.id, body: { pickupStatus: PICKED_UP, withdrawalCPF: digits, ...(signature ? { signature } : {}), ...(staffPin ? { staffPin } : {}) } })
      .then((answer) => {
        onCollected?.(answer.pickup);
        onDone();
      });

  const confirmPickup = () => {
    if (!authorized || signatureMissing) return;
    // A refusal is shown by the toast (or, for a PIN, in the PIN pad).
    staffPin.sign(confirmWith).catch(() => undefined);
  };

  return (
    <div className="flex flex-col gap-4">
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          runCheck(digits);
        }}
      >
        <Field className="flex-1">
          <FieldLabel htmlFor={inputId}>CPF de quem está retirando</FieldLabel>
          <PasswordInput
            id={inputId}
            value={typed}
            onChange={(event) => onType(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
            autoFocus
          />
          <FieldDescription className="sr-only">O CPF é conferido assim que os 11 dígitos são digitados.</FieldDescription>
        </Field>
        <Button type="submit" variant="outline" disabled={!digits || check.isPending || blocked}>
          {check.isPending && <Spinner aria-hidden="true" />}
          Verificar CPF
        </Button>
      </form>

      <div aria-live="polite">
        {blocked && (
          <Alert variant="destructive" role="status">
            <CircleXIcon aria-hidden="true" />
            <AlertTitle>Conferência de CPF bloqueada</AlertTitle>
            <AlertDescription>
              <p>{PICKUP_MESSAGES.cpfCheckLocked}</p>
            </AlertDescription>
          </Alert>
        )}
        {!blocked &&
          verdict &&
          (verdict.authorized ? (
            <Alert role="status" className="border-success/50 [&>svg]:text-success">
              <CircleCheckIcon aria-hidden="true" />
              <AlertTitle>{verdict.title}</AlertTitle>
              <AlertDescription>
                {verdict.name && <p className="font-medium text-foreground">{verdict.name}</p>}
                <p>{verdict.text}</p>
              </AlertDescription>
            </Alert>
          ) : (
            <Alert variant="destructive" role="status">
              <CircleXIcon aria-hidden="true" />
              <AlertTitle>{verdict.title}</AlertTitle>
              <AlertDescription>
                <p>{verdict.text}</p>
              </AlertDescription>
            </Alert>
          ))}
      </div>

      {authorized && !blocked && (
        <div className="flex flex-col gap-1">
          <SignaturePad onChange={setSignature} disabled={confirm.isPending} />
          {signatureMissing && <p className="text-sm text-muted-foreground">Esta loja exige a assinatura do cliente para confirmar.</p>}
        </div>
      )}

      <DialogFooter className="items-center sm:justify-between">
        {authorized ? (
          <div className="flex flex-wrap items-center gap-1">
            <InvoiceLinks pickup={pickup} compact={false} />
          </div>
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onDone} disabled={confirm.isPending}>
            Cancelar
          </Button>
          <Button onClick={confirmPickup} disabled={!authorized || signatureMissing || confirm.isPending}>
            {confirm.isPending && <Spinner aria-hidden="true" />}
            Confirmar retirada
          </Button>
        </div>
      </DialogFooter>
      {staffPin.dialog}
    </div>
  );
}
