import { useId, useState } from "react";
import { REFUSAL_REASONS, RETURN_MESSAGES, RETURN_RECEIVED, RETURN_REFUSED } from "@passo/domain";

import { useStaffPin } from "@/components/staff-pin/use-staff-pin";
import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";

import type { StoreReturnRecord } from "../api/get-returns";
import { useUpdateReturn } from "../api/update-return";
import { ReturnActionForm, ReturnFormDialog, type ReturnDialogProps, type ReturnFormProps } from "./return-dialog";
import { ReturnScanCheck } from "./return-scan-check";

type Decision = "accept" | "refuse";
type ReasonValue = (typeof REFUSAL_REASONS)[number]["value"];

export type ReceiveReturnDialogProps = ReturnDialogProps<StoreReturnRecord>;

/**
 * 'Iniciar devolução' at the counter: the clerk may scan the pairs handed back to check them against
 * the return's items; the store takes the goods in, or turns them down for one of the three
 * reasons; 'Concluír' waits for a decision, and for a refusal, a reason.
 */
export function ReceiveReturnDialog(props: ReceiveReturnDialogProps) {
  return <ReturnFormDialog {...props} form={ReceiveForm} />;
}

function ReceiveForm({ returnOrder, onDone }: ReturnFormProps<StoreReturnRecord>) {
  const decisionId = useId();
  const reasonId = useId();
  const reasonHintId = useId();
  const [decision, setDecision] = useState<Decision | "">("");
  const [reason, setReason] = useState<ReasonValue | "">("");
  const mutation = useUpdateReturn();
  const staffPin = useStaffPin(`Concluír a devolução do pedido ${returnOrder.orderNumber}.`);

  const ready = decision === "accept" || (decision === "refuse" && reason !== "");

  const submit = () => {
    if (!ready || mutation.isPending) return;
    const body =
      decision === "accept"
        ? { returnStatus: RETURN_RECEIVED }
        : { returnStatus: RETURN_REFUSED, reasonForRefusal: reason };
    // 'Concluír' is signed by the staff member's PIN when the store requires one.
    staffPin
      .sign((pin) => mutation.mutateAsync({ id: returnOrder.id, ...body, ...(pin ? { staffPin: pin } : {}) }).then(onDone))
      .catch(() => undefined);
  };

  return (
    <ReturnActionForm onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Iniciar devolução</DialogTitle>
        <DialogDescription>
          Pedido {returnOrder.orderNumber} · {returnOrder.customerFullName} ({returnOrder.customerCPF})
        </DialogDescription>
      </DialogHeader>

      <ReturnScanCheck returnItems={returnOrder.returnItems} />

      <div className="grid gap-3">
        <p id={decisionId} className="text-sm font-medium">
          Resultado da conferência
        </p>
        <RadioGroup
          aria-labelledby={decisionId}
          value={decision}
          onValueChange={(value) => setDecision(value as Decision)}
          className="gap-2"
        >
          <ChoiceItem value="accept" label="Aceitar devolução" />
          <ChoiceItem value="refuse" label="Recusar devolução" />
        </RadioGroup>
      </div>

      {decision === "refuse" && (
        <div className="grid gap-3 rounded-md border p-3">
          <p id={reasonId} className="text-sm font-medium">
            Motivo da recusa
          </p>
          <RadioGroup
            aria-labelledby={reasonId}
            aria-describedby={reason ? undefined : reasonHintId}
            aria-required="true"
            value={reason}
            onValueChange={(value) => setReason(value as ReasonValue)}
            className="gap-2"
          >
            {REFUSAL_REASONS.map((option) => (
              <ChoiceItem key={option.value} value={option.value} label={option.label} />
            ))}
          </RadioGroup>
          {!reason && (
            <p id={reasonHintId} className="text-sm text-muted-foreground">
              {RETURN_MESSAGES.refusalReasonRequired}
            </p>
          )}
        </div>
      )}

      <DialogFormButtons submitLabel="Concluír" pending={mutation.isPending} disabled={!ready} onCancel={onDone} />
      {staffPin.dialog}
    </ReturnActionForm>
  );
}

function ChoiceItem({ value, label }: { value: string; label: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <RadioGroupItem id={id} value={value} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
