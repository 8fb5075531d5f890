import { isOverdue, RETURN_EXPIRED, RETURN_PENDING, RETURN_RECEIVED } from "@passo/domain";
import { PencilIcon, Trash2Icon } from "lucide-react";

import { type DataTableColumn } from "@/components/data-table/data-table";
import { PagedTableSection } from "@/components/data-table/paged-table-section";
import { RowActionButton } from "@/components/data-table/row-actions";
import { TruncatedText } from "@/components/data-table/truncated-text";
import { ItemCount } from "@/components/items/item-count";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { formatDateTime } from "@/lib/dates";

import { returnsQueryOptions, type ReturnRecord } from "../api/get-returns";
import { useUpdateReturn } from "../api/update-return";
import { CreationDateCell, ReturnCustomerCell, ReturnStatusCell } from "./return-cells";
import { useReturnDialogs } from "./return-dialogs-provider";

const orderNumber: DataTableColumn<ReturnRecord> = {
  id: "orderNumber",
  header: "Número do pedido",
  priority: 0,
  cell: (row) => <span className="font-mono text-xs sm:text-sm">{row.orderNumber}</span>,
};
const customer: DataTableColumn<ReturnRecord> = {
  id: "customer",
  header: "Cliente",
  cell: (row) => <ReturnCustomerCell row={row} />,
};
const items: DataTableColumn<ReturnRecord> = {
  id: "items",
  header: "Itens",
  cell: (row) => <ItemCount items={row.returnItems} />,
};
const creationDate: DataTableColumn<ReturnRecord> = {
  id: "dateOfCreation",
  header: "Data da ordem da devolução",
  cell: (row) => <CreationDateCell value={row.dateOfCreation} />,
  className: "min-w-24 whitespace-normal",
  priority: 2,
};
const status: DataTableColumn<ReturnRecord> = {
  id: "status",
  header: "Status",
  cell: (row) => <ReturnStatusCell row={row} />,
};

function PendingActions({ row }: { row: ReturnRecord }) {
  const { show } = useReturnDialogs();
  const update = useUpdateReturn();
  // The server decides with its own clock (409 before 30 days); the button follows the browser's.
  const overdue = isOverdue(new Date(row.dateOfCreation), new Date());
  const expiring = update.isPending;

  return (
    <div className="flex items-center justify-end gap-1">
      <RowActionButton label="Editar devolução" onClick={() => show("edit", row)}>
        <PencilIcon aria-hidden="true" />
      </RowActionButton>
      <RowActionButton label="Excluir devolução" destructive onClick={() => show("delete", row)}>
        <Trash2Icon aria-hidden="true" />
      </RowActionButton>
      <Button
        variant="outline"
        size="sm"
        disabled={!overdue || expiring}
        onClick={() => update.mutate({ id: row.id, returnStatus: RETURN_EXPIRED })}
      >
        {expiring && <Spinner aria-hidden="true" />}
        Confirmar Expiração
      </Button>
    </div>
  );
}

function ReceivedActions({ row }: { row: ReturnRecord }) {
  const { show } = useReturnDialogs();
  return (
    <div className="flex justify-end">
      <Button size="sm" onClick={() => show("complete", row)}>
        Concluir
      </Button>
    </div>
  );
}

const pendingColumns: DataTableColumn<ReturnRecord>[] = [
  orderNumber,
  customer,
  items,
  creationDate,
  status,
  { id: "actions", header: "Ações", className: "text-right", cell: (row) => <PendingActions row={row} /> },
];

const receivedColumns: DataTableColumn<ReturnRecord>[] = [
  orderNumber,
  customer,
  items,
  creationDate,
  {
    id: "dateOfReturn",
    header: "Data da devolução",
    cell: (row) => formatDateTime(row.dateOfReturn),
    className: "min-w-24 whitespace-normal",
    priority: 1,
  },
  { id: "returnStore", header: "Loja", cell: (row) => <TruncatedText value={row.returnStore ?? ""} lines={2} className="max-w-36" /> },
  status,
  { id: "actions", header: "Ações", className: "text-right", cell: (row) => <ReceivedActions row={row} /> },
];

function ProcessSection({
  title,
  statusFilter,
  columns,
  emptyText,
}: {
  title: string;
  statusFilter: typeof RETURN_PENDING | typeof RETURN_RECEIVED;
  columns: DataTableColumn<ReturnRecord>[];
  emptyText: string;
}) {
  const list = useServerPagedQuery((paging) => returnsQueryOptions({ status: statusFilter, ...paging }), statusFilter);
  return <PagedTableSection title={title} columns={columns} rows={list.query.data?.returns} list={list} emptyText={emptyText} rowKey={(row) => row.id} />;
}

/** 'Devolução pendente' and 'Devoluções' (received in a store, waiting to be completed). */
export function ReturnProcessTables() {
  return (
    <div className="flex flex-col gap-8">
      <ProcessSection
        title="Devolução pendente"
        statusFilter={RETURN_PENDING}
        columns={pendingColumns}
        emptyText="Nenhuma devolução pendente."
      />
      <ProcessSection
        title="Devoluções"
        statusFilter={RETURN_RECEIVED}
        columns={receivedColumns}
        emptyText="Nenhuma devolução."
      />
    </div>
  );
}
