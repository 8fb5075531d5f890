import type { DataTableColumn } from "@/components/data-table/data-table";
import { TruncatedText } from "@/components/data-table/truncated-text";
import { ItemCount } from "@/components/items/item-count";
import { formatDateTime } from "@/lib/dates";

import type { ReturnRecord, StoreReturnRecord } from "../api/get-returns";
import { ReturnCustomerCell, ReturnStatusCell, StoreReturnCustomerCell, TransferNumberCell } from "./return-cells";

type Row = ReturnRecord | StoreReturnRecord;

/** The history columns after the customer: the same for the administrator and a store. */
function historyColumns<R extends Row>(customer: DataTableColumn<R>): DataTableColumn<R>[] {
  return [
    {
      id: "orderNumber",
      header: "Número do pedido",
      cell: (row) => <span className="font-mono text-xs sm:text-sm">{row.orderNumber}</span>,
    },
    customer,
    { id: "items", header: "Itens", cell: (row) => <ItemCount items={row.returnItems} /> },
    {
      id: "dateOfCreation",
      header: "Data da ordem da devolução",
      cell: (row) => formatDateTime(row.dateOfCreation),
      className: "min-w-24 whitespace-normal",
      priority: 2,
    },
    {
      id: "dateOfReturn",
      header: "Data da devolução",
      cell: (row) => (
        <>
          {formatDateTime(row.dateOfReturn)}
          {row.receivedBy && <span className="block text-xs text-muted-foreground">Recebido por {row.receivedBy}</span>}
        </>
      ),
      className: "min-w-24 whitespace-normal",
      priority: 1,
    },
    { id: "returnStore", header: "Loja da devolução", cell: (row) => <TruncatedText value={row.returnStore ?? ""} lines={2} className="max-w-36" />, priority: 0 },
    { id: "transferNumber", header: "Nº TR", cell: (row) => <TransferNumberCell row={row} /> },
    { id: "status", header: "Status", cell: (row) => <ReturnStatusCell row={row} /> },
  ];
}

export const adminHistoryColumns = historyColumns<ReturnRecord>({
  id: "customer",
  header: "Cliente",
  cell: (row) => <ReturnCustomerCell row={row} />,
});

export const storeHistoryColumns = historyColumns<StoreReturnRecord>({
  id: "customer",
  header: "Cliente",
  cell: (row) => <StoreReturnCustomerCell row={row} />,
});
