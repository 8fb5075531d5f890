import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useDeleteStoreRule } from "../api/delete-store-rule";
import { useStoreRuleDialogs } from "./store-rule-dialogs-provider";
import { StoreRuleFormDialog } from "./store-rule-form-dialog";

/** The 'Notificações' dialogs, mounted once and opened through StoreRuleDialogsProvider. */
export function StoreRuleDialogs() {
  const { open, setOpen, currentRow } = useStoreRuleDialogs();
  const remove = useDeleteStoreRule();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <>
      <StoreRuleFormDialog
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
