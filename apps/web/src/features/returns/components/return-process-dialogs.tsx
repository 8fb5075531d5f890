import { DeleteConfirmDialog } from "@/components/feedback/confirm-dialog";

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
      <DeleteConfirmDialog open={open === "delete"} onOpenChange={onOpenChange("delete")} onConfirm={() => (currentRow ? remove.mutateAsync(currentRow.id) : undefined)} />
    </>
  );
}
