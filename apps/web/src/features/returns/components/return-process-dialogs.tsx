import { ConfirmDialog } from "@/components/feedback/confirm-dialog";

import { useDeleteReturn } from "../api/delete-return";
import { ReturnCompleteDialog } from "./return-complete-dialog";
import { ReturnEditDialog } from "./return-edit-dialog";
import { useReturnDialogs, type ReturnDialog } from "./return-dialogs-provider";

/** The dialogs of 'Processos de devoluçoes', mounted once and opened from the rows. */
export function ReturnProcessDialogs() {
  const { open, setOpen, currentRow } = useReturnDialogs();
  const remove = useDeleteReturn();
  const onOpenChange = (dialog: ReturnDialog) => (next: boolean) => setOpen(next ? dialog : null);

  return (
    <>
      <ReturnEditDialog returnOrder={currentRow} open={open === "edit"} onOpenChange={onOpenChange("edit")} />
      <ReturnCompleteDialog
        returnOrder={currentRow}
        open={open === "complete"}
        onOpenChange={onOpenChange("complete")}
      />
      <ConfirmDialog
        open={open === "delete"}
        onOpenChange={onOpenChange("delete")}
        title="Tem certeza de que deseja excluir?"
        description="Esta ação é irreversível e os dados serão permanentemente excluídos."
        confirmLabel="Excluir"
        variant="destructive"
        onConfirm={() => (currentRow ? remove.mutateAsync(currentRow.id) : undefined)}
      />
    </>
  );
}
