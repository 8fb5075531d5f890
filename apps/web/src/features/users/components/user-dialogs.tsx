import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useDeleteUser } from "../api/delete-user";
import { useUserDialogs } from "./user-dialogs-provider";
import { UserFormDialog } from "./user-form-dialog";

/** The 'Gerenciar usuários' dialogs, mounted once and opened through UserDialogsProvider. */
export function UserDialogs({ currentUserId }: { currentUserId?: string }) {
  const { open, setOpen, currentRow } = useUserDialogs();
  const remove = useDeleteUser();
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };

  return (
    <>
      <UserFormDialog
        user={open === "edit" ? currentRow : null}
        open={open === "create" || open === "edit"}
        onOpenChange={close}
        currentUserId={currentUserId}
      />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={close}
        title={currentRow ? `Excluir ${currentRow.username}?` : "Excluir usuário?"}
        description="Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => currentRow && remove.mutateAsync(currentRow.id)}
      />
    </>
  );
}
