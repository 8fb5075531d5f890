import { PencilIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export interface RowActionsProps {
  /** Names the row in the buttons' labels, e.g. 'Editar usuário Loja Centro'. */
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Why editing is not offered, as the button's hint. */
  editDisabledReason?: string;
  /** Why deleting is not offered, as the button's hint. */
  deleteDisabledReason?: string;
  /** The row's other actions, after these two. */
  children?: ReactNode;
}

/** The Ações cell: edit and delete, and whatever else the row offers. */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, editDisabledReason, deleteDisabledReason, children }: RowActionsProps) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={editLabel}
        title={editDisabledReason ?? "Editar"}
        disabled={!!editDisabledReason}
        onClick={onEdit}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label={deleteLabel}
        title={deleteDisabledReason ?? "Excluir"}
        disabled={!!deleteDisabledReason}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      {children}
    </div>
  );
}
