import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useDeleteRecipient } from "../api/delete-recipient";
import { useRecipientDialogs } from "./recipient-dialogs-provider";
import { RecipientFormDialog } from "./recipient-form-dialog";

/** The 'Gerenciar destinatários' dialogs, mounted once and opened through RecipientDialogsProvider. */
export function RecipientDialogs() {
  const { open, setOpen, currentRow } = useRecipientDialogs();
  const remove = useDeleteRecipient();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <>
      <RecipientFormDialog
        recipient={open === "edit" ? currentRow : null}
        open={open === "create" || open === "edit"}
        onOpenChange={close}
      />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={close}
        title={currentRow ? `Excluir ${currentRow.username}?` : "Excluir destinatário?"}
        description="Tem certeza que deseja excluir este destinatário? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => currentRow && remove.mutateAsync(currentRow.id)}
      />
    </>
  );
}
