import { AWAITING_PICKUP, canConfirmReceipt, IN_TRANSIT } from "@passo/domain";
import { CircleCheckIcon, PackageCheckIcon, UserCheckIcon } from "lucide-react";
import { useState } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { ScanField, type ScanFeedback } from "@/components/scan/scan-field";
import { SearchShown } from "@/components/scan/search-shown";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { getPickups, pickupsQueryOptions, type PickupView } from "../api/get-pickups";
import { useStaffPin } from "@/components/staff-pin/use-staff-pin";
import { useUpdatePickup } from "../api/update-pickup";
import { OldestFirstSwitch } from "./oldest-first-switch";
import { storePickupColumns } from "./pickup-columns";
import { PickupDialogsProvider, usePickupDialogs } from "./pickup-dialogs-provider";
import { collectorText, PrintPickupReceiptButton } from "./pickup-receipt";
import { ResendReadyButton } from "./resend-ready-button";
import { WithdrawalCheckDialog } from "./withdrawal-check-dialog";

/** A store's pending pickups are those on their way and those waiting for the customer. */
const PENDING = [IN_TRANSIT, AWAITING_PICKUP] as const;

function RowAction({ pickup }: { pickup: PickupView }) {
  const { show } = usePickupDialogs();
  if (canConfirmReceipt(pickup)) {
    return (
      <Button size="sm" variant="outline" onClick={() => show("receipt", pickup)} aria-label={`Confirmar recebimento do pedido ${pickup.orderNumber}`}>
        <PackageCheckIcon aria-hidden="true" />
        Confirmar recebimento
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => show("withdrawal", pickup)} aria-label={`Iniciar retirada do pedido ${pickup.orderNumber}`}>
        <UserCheckIcon aria-hidden="true" />
        Iniciar retirada
      </Button>
      <ResendReadyButton pickup={pickup} variant="text" />
    </div>
  );
}

const COLUMNS: DataTableColumn<PickupView>[] = [
  ...storePickupColumns,
  { id: "actions", header: "Ações", cell: (pickup) => <RowAction pickup={pickup} /> },
];

function PendingDialogs({ onCollected }: { onCollected: (pickup: PickupView) => void }) {
  const { open, setOpen, currentRow } = usePickupDialogs();
  const update = useUpdatePickup();
  const staffPin = useStaffPin(currentRow ? `Confirmar recebimento do pedido ${currentRow.orderNumber}.` : undefined);
  if (!currentRow) return null;
  const close = (next: boolean) => {
    if (!next) setOpen(null);
  };
  return (
    <>
      <ConfirmDialog
        open={open === "receipt"}
        onOpenChange={close}
        title="Confirmar recebimento"
        description="Tem certeza de que deseja confirmar o recebimento? Essa ação não poderá ser desfeita."
        confirmLabel="Confirmar"
        onConfirm={() => staffPin.sign((pin) => update.mutateAsync({ id: currentRow.id, body: { pickupStatus: AWAITING_PICKUP, ...(pin ? { staffPin: pin } : {}) } }))}
      />
      {staffPin.dialog}
      <WithdrawalCheckDialog pickup={currentRow} open={open === "withdrawal"} onOpenChange={close} onCollected={onCollected} />
    </>
  );
}

/**
 * The one box of 'Iniciar retirada': a scanned order number (or a typed CPF) lists the pending pickups
 * it matches exactly and opens the one it finds: the withdrawal check when it waits for the customer,
 * the receipt confirmation while it is on its way.
 */
function FindPickup({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { show } = usePickupDialogs();
  const find = async (code: string): Promise<ScanFeedback | undefined> => {
    onSearch(code);
    try {
      const { pickups } = await getPickups({ status: PENDING, search: code });
      if (pickups.length === 0) return { tone: "error", message: "Nenhuma retirada pendente com este pedido ou CPF." };
      if (pickups.length > 1) return { tone: "error", message: `${pickups.length} retiradas pendentes com este CPF. Escaneie o número do pedido.` };
      const [pickup] = pickups as [PickupView];
      show(canConfirmReceipt(pickup) ? "receipt" : "withdrawal", pickup);
      return { tone: "ok", message: `Pedido ${pickup.orderNumber} aberto.` };
    } catch {
      return { tone: "error", message: "Não foi possível buscar o pedido. Tente novamente." };
    }
  };
  return (
    <div role="search" aria-label="Buscar retirada" className="flex flex-col gap-2">
      <ScanField label="Escanear pedido ou CPF" placeholder="Pesquise por CPF ou Número do pedido..." className="max-w-md" onScan={find} />
      {search && <SearchShown search={search} onClear={() => onSearch("")} />}
    </div>
  );
}

/** After 'Confirmar retirada': who collected the order, and its receipt to print for a signature. */
function HandedOver({ pickup, onClose }: { pickup: PickupView; onClose: () => void }) {
  return (
    <Alert role="status" className="border-success/50 [&>svg]:text-success">
      <CircleCheckIcon aria-hidden="true" />
      <AlertTitle>Pedido {pickup.orderNumber} retirado</AlertTitle>
      <AlertDescription>
        <p>Retirado por {collectorText(pickup) ?? pickup.customerFullName}.</p>
        <div className="mt-2 flex flex-wrap gap-2">
          <PrintPickupReceiptButton pickup={pickup} className="h-11" />
          <Button variant="ghost" className="h-11" onClick={onClose}>
            Fechar
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/** 'Iniciar retirada': the store's orders in transit or waiting, paged by the server, the newest or the longest waiting first. */
export function PendingPickups() {
  const [oldestFirst, setOldestFirst] = useState(false);
  const order = oldestFirst ? "waiting" : "newest";
  const [search, setSearch] = useState("");
  const list = useServerPagedQuery(
    (paging) => pickupsQueryOptions({ status: PENDING, order, ...(search ? { search } : {}), ...paging }),
    [order, search],
  );
  // The order just handed over, for its receipt: it has left the pending list.
  const [collected, setCollected] = useState<PickupView | null>(null);
  return (
    <PickupDialogsProvider>
      <FindPickup search={search} onSearch={setSearch} />
      {collected && <HandedOver pickup={collected} onClose={() => setCollected(null)} />}
      <div className="flex justify-end">
        <OldestFirstSwitch checked={oldestFirst} onCheckedChange={setOldestFirst} />
      </div>
      <DataTable
        columns={COLUMNS}
        rows={list.query.data?.pickups}
        caption="Retiradas em loja pendentes"
        {...list.tableProps}
        emptyText="Nenhum retirada em loja pendente."
        rowKey={(pickup) => pickup.id}
      />
      <PendingDialogs onCollected={setCollected} />
    </PickupDialogsProvider>
  );
}
