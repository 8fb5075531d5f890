import { formatDuration, PICKLIST_COMPLETED, PICKLIST_NOT_COMPLETED, picklistNumberLabel, type Picklist } from "@passo/domain";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { TruncatedText } from "@/components/data-table/truncated-text";
import { StatusBadge } from "@/components/feedback/status-badge";
import { ItemCount } from "@/components/items/item-count";
import { formatDateTime } from "@/lib/dates";

/** Concluído and Não concluído lists mark each item separated or not. */
export const isClosedStatus = (list: Pick<Picklist, "currentStatus">) =>
  list.currentStatus === PICKLIST_COMPLETED || list.currentStatus === PICKLIST_NOT_COMPLETED;

const nowrap = "whitespace-nowrap";
/** A date over its time when the column is narrow. */
const dateTime = "min-w-24 whitespace-normal";

/**
 * Loja, Enviado, Iniciado, Finalizado, Duração, Itens, Nº TR, Status: the columns every picklist table
 * shares (processes, shipment history, the store's history). 'Lista nº' sits under the store's name
 * rather than in a column of its own: the spec's columns keep their room. `itemsOnHover`: the Itens list also opens
 * while the mouse rests on the count (the history tables' hover card).
 */
export function picklistColumns({ itemsOnHover }: { itemsOnHover: boolean }): DataTableColumn<Picklist>[] {
  return [
    {
      id: "destination",
      header: "Loja",
      cell: (list) => (
        <>
          <TruncatedText value={list.destination} lines={2} className="max-w-40" />
          <span className="sr-only"> · </span>
          <span className="block text-xs text-muted-foreground tabular-nums">{picklistNumberLabel(list.number)}</span>
        </>
      ),
      className: "min-w-28",
    },
    { id: "sendDate", header: "Enviado", cell: (list) => formatDateTime(list.sendDate), className: dateTime, priority: 1 },
    { id: "timeStarted", header: "Iniciado", cell: (list) => formatDateTime(list.timeStarted), className: dateTime, priority: 3 },
    {
      id: "timeCompleted",
      header: "Finalizado",
      // 'Finalizado por <name>' under the time, when a staff member's PIN signed the finish.
      cell: (list) => (
        <>
          {formatDateTime(list.timeCompleted)}
          {list.finishedBy && <span className="block text-xs text-muted-foreground">Finalizado por {list.finishedBy}</span>}
        </>
      ),
      className: dateTime,
      priority: 2,
    },
    {
      id: "duration",
      header: "Duração",
      cell: (list) => formatDuration(list.timeStarted, list.timeCompleted) ?? "",
      className: "whitespace-nowrap tabular-nums",
    },
    {
      id: "items",
      header: "Itens",
      cell: (list) => (
        <ItemCount
          items={list.listItems}
          completedItems={list.completedItems}
          uncompletedItems={list.uncompletedItems}
          finished={isClosedStatus(list)}
          openOnHover={itemsOnHover}
          title={`Itens da lista de ${list.destination}`}
        />
      ),
    },
    { id: "numberTransfer", header: "Nº TR", cell: (list) => list.numberTransfer ?? "", className: "tabular-nums" },
    { id: "status", header: "Status", cell: (list) => <StatusBadge status={list.currentStatus} />, className: nowrap },
  ];
}
