import { notificationKind, type Picklist } from "@passo/domain";
import { BellRingIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { usePicklistDialogs, type PicklistDialog } from "./picklist-dialogs-provider";

const LOCKED_HINT = "Disponível apenas para listas não iniciadas";

/**
 * The Ações cell: edit and delete only while the list is Não iniciado (spec 4; the server checks
 * again), and on pending rows the notification, an alert or a reminder by status.
 */
export function PicklistRowActions({ list, notify = false }: { list: Picklist; notify?: boolean }) {
  const { setOpen, setCurrentRow } = usePicklistDialogs();
  const open = (dialog: PicklistDialog) => {
    setCurrentRow(list);
    setOpen(dialog);
  };
  const locked = list.currentStatus !== "Não iniciado";
  const kind = notificationKind(list.currentStatus) === "alert" ? "Enviar alerta" : "Enviar lembrete";
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Editar a lista de ${list.destination}`}
        title={locked ? LOCKED_HINT : "Editar"}
        disabled={locked}
        onClick={() => open("edit")}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label={`Excluir a lista de ${list.destination}`}
        title={locked ? LOCKED_HINT : "Excluir"}
        disabled={locked}
        onClick={() => open("delete")}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      {notify && (
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`${kind} para ${list.destination}`}
          title={kind}
          onClick={() => open("notify")}
        >
          <BellRingIcon aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
