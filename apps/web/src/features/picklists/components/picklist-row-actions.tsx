import { canDeletePicklist, canEditPicklist, picklistAlertKind, type Picklist } from "@passo/domain";
import { BellRingIcon } from "lucide-react";
import { RowActionButton, RowActions } from "@/components/data-table/row-actions";
import { RecordNotificationsButton } from "@/components/feedback/record-notifications";
import { usePicklistDialogs } from "./picklist-dialogs-provider";
import { PrintPicklistRowAction } from "./picklist-print";

const LOCKED_HINT = "Disponível apenas para listas não iniciadas";

/**
 * The Ações cell: edit and delete only while the list is Não iniciado (the domain's rule, which the
 * server checks again), and on pending rows the alert or the reminder, by status.
 */
export function PicklistRowActions({ list, sendAlert = false }: { list: Picklist; sendAlert?: boolean }) {
  const { show } = usePicklistDialogs();
  const kind = picklistAlertKind(list.currentStatus) === "alert" ? "Enviar alerta" : "Enviar lembrete";
  return (
    <RowActions
      editLabel={`Editar a lista de ${list.destination}`}
      deleteLabel={`Excluir a lista de ${list.destination}`}
      onEdit={() => show("edit", list)}
      onDelete={() => show("delete", list)}
      editDisabledReason={canEditPicklist(list) ? undefined : LOCKED_HINT}
      deleteDisabledReason={canDeletePicklist(list) ? undefined : LOCKED_HINT}
    >
      <PrintPicklistRowAction list={list} />
      {sendAlert && (
        <RowActionButton label={`${kind} para ${list.destination}`} title={kind} onClick={() => show("alert", list)}>
          <BellRingIcon aria-hidden="true" />
        </RowActionButton>
      )}
      <RecordNotificationsButton
        recordId={list.id}
        label={`Notificações da lista de ${list.destination}`}
        description={`E-mails enviados sobre a lista de separação de ${list.destination}.`}
      />
    </RowActions>
  );
}
