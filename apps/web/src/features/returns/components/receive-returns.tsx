import { useState } from "react";
import { canReceiveReturn } from "@passo/domain";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ItemCount } from "@/components/items/item-count";
import { ScanField, type ScanFeedback } from "@/components/scan/scan-field";
import { Button } from "@/components/ui/button";
import { SearchShown } from "@/components/scan/search-shown";
import { useServerPagedQuery } from "@/hooks/use-paged-query";

import { getReturns, storeReturnsQueryOptions, type StoreReturnRecord } from "../api/get-returns";
import { CreationDateCell, ReturnStatusCell, StoreReturnCustomerCell } from "./return-cells";
import { ReceiveReturnDialog } from "./receive-return-dialog";
import { PrintReturnReceiptButton } from "./return-receipt";

/**
 * 'Receber devolução': a store finds a pending return only by the customer's exact CPF or the order
 * number (the server answers nothing else), then takes it in or turns it down. One box does both: what
 * is scanned or typed, with Enter, lists what it finds and opens the one pending return.
 */
export function ReceiveReturns() {
  const [search, setSearch] = useState("");
  const [current, setCurrent] = useState<StoreReturnRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  const results = useServerPagedQuery(
    (paging) => storeReturnsQueryOptions({ search, ...paging }, search !== ""),
    search,
  );

  const find = async (code: string): Promise<ScanFeedback> => {
    setSearch(code);
    // The same search again looks again: the counter may be waiting on a return just registered.
    if (code === search) void results.query.refetch();
    try {
      const pending = (await getReturns<StoreReturnRecord>({ search: code })).returns.filter(canReceiveReturn);
      if (pending.length === 0) return { tone: "error", message: "Nenhuma devolução pendente com este pedido ou CPF." };
      if (pending.length > 1) return { tone: "error", message: `${pending.length} devoluções pendentes com este CPF. Escolha na tabela.` };
      const [row] = pending as [StoreReturnRecord];
      setCurrent(row);
      setDialogOpen(true);
      return { tone: "ok", message: `Pedido ${row.orderNumber} aberto.` };
    } catch {
      return { tone: "error", message: "Não foi possível buscar a devolução. Tente novamente." };
    }
  };

  const columns: DataTableColumn<StoreReturnRecord>[] = [
    {
      id: "orderNumber",
      header: "Número do pedido",
      cell: (row) => <span className="font-mono text-xs sm:text-sm">{row.orderNumber}</span>,
    },
    { id: "customer", header: "Cliente", cell: (row) => <StoreReturnCustomerCell row={row} /> },
    { id: "items", header: "Itens", cell: (row) => <ItemCount items={row.returnItems} /> },
    {
      id: "dateOfCreation",
      header: "Data da ordem da devolução",
      cell: (row) => <CreationDateCell value={row.dateOfCreation} />,
    },
    { id: "status", header: "Status", cell: (row) => <ReturnStatusCell row={row} /> },
    {
      id: "actions",
      header: "Ações",
      className: "text-right",
      cell: (row) => (
        <div className="flex flex-wrap justify-end gap-2">
          <PrintReturnReceiptButton returnOrder={row} />
          <Button
            size="sm"
            disabled={!canReceiveReturn(row)}
            onClick={() => {
              setCurrent(row);
              setDialogOpen(true);
            }}
          >
            Iniciar devolução
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div role="search" aria-label="Buscar devolução" className="flex flex-col gap-2">
        <ScanField label="Escanear pedido ou CPF" placeholder="Pesquise por CPF ou Número do pedido..." className="max-w-md" onScan={find} />
        {search && <SearchShown search={search} onClear={() => setSearch("")} />}
      </div>
      <DataTable
        caption="Devoluções encontradas"
        columns={columns}
        rows={search ? results.query.data?.returns : []}
        loading={search !== "" && results.query.isPending}
        refreshing={results.query.isPlaceholderData}
        emptyText="Aqui ira aparecer as devoluções"
        rowKey={(row) => row.id}
        pagination={results.pagination}
        failure={search ? results.tableProps.failure : undefined}
      />
      <ReceiveReturnDialog returnOrder={current} open={dialogOpen} onOpenChange={setDialogOpen} />
    </div>
  );
}
