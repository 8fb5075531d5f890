import { notificationKind } from "@passo/domain";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { formatDateTime } from "@/lib/dates";
import { useDeletePicklist } from "../api/delete-picklist";
import { useSendPicklistNotification } from "../api/send-picklist-notification";
import { usePicklistDialogs } from "./picklist-dialogs-provider";
import { PicklistEditDialog } from "./picklist-edit-dialog";

/** The processes screen's dialogs, mounted once and opened through PicklistDialogsProvider. */
export function PicklistDialogs() {
  const { open, setOpen, currentRow } = usePicklistDialogs();
  const remove = useDeletePicklist();
  const notify = useSendPicklistNotification();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  const alert = currentRow ? notificationKind(currentRow.currentStatus) === "alert" : true;

  return (
    <>
      <PicklistEditDialog list={currentRow} open={open === "edit"} onOpenChange={close} />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={close}
        title="Tem certeza de que deseja excluir?"
        description="Esta ação é irreversível e os dados serão permanentemente excluídos."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => currentRow && remove.mutateAsync(currentRow.id)}
      />
      <ConfirmDialog
        open={open === "notify"}
        onOpenChange={close}
        title={alert ? "Enviar alerta?" : "Enviar lembrete?"}
        description={
          currentRow
            ? `A loja ${currentRow.destination} e os responsáveis por ela receberão por e-mail ${
                alert ? "um alerta" : "um lembrete"
              } sobre a lista de separação enviada em ${formatDateTime(currentRow.sendDate)}.`
            : ""
        }
        confirmLabel="Enviar"
        onConfirm={() => currentRow && notify.mutateAsync(currentRow)}
      />
    </>
  );
}
