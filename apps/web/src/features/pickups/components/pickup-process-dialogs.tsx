import { CPF_CHECK_MAX_FAILURES, pickupAlertKind } from "@passo/domain";
import { ConfirmDialog, DeleteConfirmDialog } from "@/components/feedback/confirm-dialog";
import { LastNotificationText } from "@/components/feedback/record-notifications";
import { useDeletePickup } from "../api/delete-pickup";
import { hasContact } from "../api/get-pickups";
import { useSendPickupAlert } from "../api/send-pickup-alert";
import { useUnlockCpfCheck } from "../api/unlock-cpf-check";
import { PickupEditDialog } from "./pickup-edit-dialog";
import { usePickupDialogs } from "./pickup-dialogs-provider";

/** The dialogs of 'Processos de retirada', mounted once and opened through PickupDialogsProvider. */
export function PickupProcessDialogs() {
  const { open, setOpen, currentRow } = usePickupDialogs();
  const remove = useDeletePickup();
  const sendAlert = useSendPickupAlert();
  const unlock = useUnlockCpfCheck();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  // The administrator's screens are served whole records.
  if (!currentRow || !hasContact(currentRow)) return null;
  const isAlert = pickupAlertKind(currentRow) === "alert";

  return (
    <>
      <PickupEditDialog pickup={currentRow} open={open === "edit"} onOpenChange={close} />
      <DeleteConfirmDialog open={open === "delete"} onOpenChange={close} onConfirm={() => remove.mutateAsync(currentRow.id)} />
      <ConfirmDialog
        open={open === "alert"}
        onOpenChange={close}
        title={isAlert ? "Enviar alerta à loja?" : "Enviar lembrete à loja?"}
        description={
          <>
            {isAlert
              ? `A loja ${currentRow.pickupStoreName} e seus responsáveis receberão um alerta do pedido ${currentRow.orderNumber}, em trânsito.`
              : `A loja ${currentRow.pickupStoreName} e seus responsáveis receberão um lembrete do pedido ${currentRow.orderNumber}, que aguarda retirada.`}
            {open === "alert" && <LastNotificationText recordId={currentRow.id} />}
          </>
        }
        confirmLabel="Enviar notificação"
        onConfirm={() => sendAlert.mutateAsync(currentRow)}
      />
      <ConfirmDialog
        open={open === "unlock"}
        onOpenChange={close}
        title="Liberar a conferência de CPF?"
        description={`A loja ${currentRow.pickupStoreName} digitou ${CPF_CHECK_MAX_FAILURES} CPFs errados para o pedido ${currentRow.orderNumber}, e a conferência foi bloqueada. Libere só se a loja confirmou que o cliente está no balcão. A liberação fica no relatório de alterações.`}
        confirmLabel="Liberar conferência"
        onConfirm={() => unlock.mutateAsync(currentRow.id)}
      />
    </>
  );
}
