import { PencilIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export interface RowActionButtonProps {
  /** The accessible name, naming the row, e.g. 'Excluir usuário Loja Centro'. */
  label: string;
  /** The hint on hover. */
  title?: string;
  /** Red, for a delete. */
  destructive?: boolean;
  disabled?: boolean;
  onClick: () => void;
  /** The icon. */
  children: ReactNode;
}

/** One icon button of a table row's Ações. */
export function RowActionButton({ label, title, destructive = false, disabled, onClick, children }: RowActionButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn("size-8", destructive && "text-destructive hover:text-destructive")}
      aria-label={label}
      title={title}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

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
      <RowActionButton label={editLabel} title={editDisabledReason ?? "Editar"} disabled={!!editDisabledReason} onClick={onEdit}>
        <PencilIcon aria-hidden="true" />
      </RowActionButton>
      <RowActionButton
        label={deleteLabel}
        title={deleteDisabledReason ?? "Excluir"}
        destructive
        disabled={!!deleteDisabledReason}
        onClick={onDelete}
      >
        <Trash2Icon aria-hidden="true" />
      </RowActionButton>
      {children}
    </div>
  );
}
