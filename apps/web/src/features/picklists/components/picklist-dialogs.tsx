import { picklistAlertKind } from "@passo/domain";
import { ConfirmDialog, DeleteConfirmDialog } from "@/components/feedback/confirm-dialog";
import { LastNotificationText } from "@/components/feedback/record-notifications";
import { formatDateTime } from "@/lib/dates";
import { useDeletePicklist } from "../api/delete-picklist";
import { useSendPicklistAlert } from "../api/send-picklist-alert";
import { usePicklistDialogs } from "./picklist-dialogs-provider";
import { PicklistEditDialog } from "./picklist-edit-dialog";

/** The processes screen's dialogs, mounted once and opened through PicklistDialogsProvider. */
export function PicklistDialogs() {
  const { open, setOpen, currentRow } = usePicklistDialogs();
  const remove = useDeletePicklist();
  const sendAlert = useSendPicklistAlert();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const isAlert = currentRow ? picklistAlertKind(currentRow.currentStatus) === "alert" : true;

  return (
    <>
      <PicklistEditDialog list={currentRow} open={open === "edit"} onOpenChange={close} />
      <DeleteConfirmDialog open={open === "delete"} onOpenChange={close} onConfirm={() => currentRow && remove.mutateAsync(currentRow.id)} />
      <ConfirmDialog
        open={open === "alert"}
        onOpenChange={close}
        title={isAlert ? "Enviar alerta?" : "Enviar lembrete?"}
        description={
          currentRow ? (
            <>
              {`A loja ${currentRow.destination} e os responsáveis por ela receberão por e-mail ${
                isAlert ? "um alerta" : "um lembrete"
              } sobre a lista de separação enviada em ${formatDateTime(currentRow.sendDate)}.`}
              {open === "alert" && <LastNotificationText recordId={currentRow.id} />}
            </>
          ) : (
            ""
          )
        }
        confirmLabel="Enviar"
        onConfirm={() => currentRow && sendAlert.mutateAsync(currentRow)}
      />
    </>
  );
}
