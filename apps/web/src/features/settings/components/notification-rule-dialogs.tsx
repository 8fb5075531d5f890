import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useDeleteNotificationRule } from "../api/delete-notification-rule";
import { useNotificationRuleDialogs } from "./notification-rule-dialogs-provider";
import { NotificationRuleFormDialog } from "./notification-rule-form-dialog";

/** The 'Notificações' dialogs, mounted once and opened through NotificationRuleDialogsProvider. */
export function NotificationRuleDialogs() {
  const { open, setOpen, currentRow } = useNotificationRuleDialogs();
  const remove = useDeleteNotificationRule();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <>
      <NotificationRuleFormDialog
        rule={open === "edit" ? currentRow : null}
        open={open === "create" || open === "edit"}
        onOpenChange={close}
      />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={close}
        title={currentRow ? `Excluir a notificação da loja ${currentRow.store}?` : "Excluir notificação?"}
        description="Tem certeza que deseja excluir esta notificação? A loja deixará de ter quem avisar por e-mail. Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => currentRow && remove.mutateAsync(currentRow.id)}
      />
    </>
  );
}
