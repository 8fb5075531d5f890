import type { DataTableColumn } from "@/components/data-table/data-table";
import type { AuditEntity } from "../api/get-audit-history";
import { AuditHistoryButton } from "./audit-history-dialog";

/** The 'Ações' column of an administrator's history table: the record's 'Histórico de alterações'. */
export function auditHistoryColumn<R extends { id: string; orderNumber: string }>(entity: AuditEntity): DataTableColumn<R> {
  return {
    id: "actions",
    header: <span className="block text-right">Ações</span>,
    cell: (row) => (
      <div className="flex justify-end">
        <AuditHistoryButton entity={entity} id={row.id} orderNumber={row.orderNumber} />
      </div>
    ),
  };
}
