import { useId, useState } from "react";
import { isValidReturnTransferNumber, RETURN_COMPLETED, TRANSFER_NUMBER_MESSAGE } from "@passo/domain";

import { DialogFormButtons } from "@/components/feedback/dialog-form-buttons";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

import type { ReturnRecord } from "../api/get-returns";
import { useUpdateReturn } from "../api/update-return";
import { ReturnActionForm, ReturnFormDialog, type ReturnDialogProps, type ReturnFormProps } from "./return-dialog";

export type ReturnCompleteDialogProps = ReturnDialogProps<ReturnRecord>;

/**
 * 'Concluir devolução em loja físisca' (the product's spelling, typo included): the transfer number
 * of the goods sent back; 'Concluir' stays disabled until it contains a run of six digits.
 */
export function ReturnCompleteDialog(props: ReturnCompleteDialogProps) {
  return <ReturnFormDialog {...props} form={CompleteForm} />;
}

function CompleteForm({ returnOrder, onDone }: ReturnFormProps<ReturnRecord>) {
  const inputId = useId();
  const hintId = useId();
  const [transferNumber, setTransferNumber] = useState("");
  const mutation = useUpdateReturn();
  const valid = isValidReturnTransferNumber(transferNumber);

  const submit = () => {
    if (!valid || mutation.isPending) return;
    mutation.mutate(
      { id: returnOrder.id, returnStatus: RETURN_COMPLETED, transferNumber: transferNumber.trim() },
      { onSuccess: onDone },
    );
  };

  return (
    <ReturnActionForm onSubmit={submit}>
      <DialogHeader>
        <DialogTitle>Concluir devolução em loja físisca</DialogTitle>
        <DialogDescription>
          Pedido {returnOrder.orderNumber}
          {returnOrder.returnStore ? `, recebido na loja ${returnOrder.returnStore}` : ""}. Informe o número da
          transferência.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Número da transferência</Label>
        <Input
          id={inputId}
          value={transferNumber}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={transferNumber !== "" && !valid ? true : undefined}
          onChange={(event) => setTransferNumber(event.target.value)}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {TRANSFER_NUMBER_MESSAGE}
        </p>
      </div>
      <DialogFormButtons submitLabel="Concluir" pending={mutation.isPending} disabled={!valid} onCancel={onDone} />
    </ReturnActionForm>
  );
}
