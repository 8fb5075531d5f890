import { AWAITING_PICKUP, IN_TRANSIT } from "@passo/domain";
import { PackageCheckIcon, UserCheckIcon } from "lucide-react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { pickupsQueryOptions, type PickupView } from "../api/get-pickups";
import { useUpdatePickup } from "../api/update-pickup";
import { OldestFirstSwitch } from "./oldest-first-switch";
import { storePickupColumns } from "./pickup-columns";
import { PickupDialogsProvider, usePickupDialogs } from "./pickup-dialogs-provider";
import { WithdrawalCheckDialog } from "./withdrawal-check-dialog";

/** A store's pending pickups are those on their way and those waiting for the customer. */
const PENDING = [IN_TRANSIT, AWAITING_PICKUP] as const;

function RowAction({ pickup }: { pickup: PickupView }) {
  const { show } = usePickupDialogs();
  if (pickup.pickupStatus === IN_TRANSIT) {
    return (
      <Button size="sm" variant="outline" onClick={() => show("receipt", pickup)} aria-label={`Confirmar recebimento do pedido ${pickup.orderNumber}`}>
        <PackageCheckIcon aria-hidden="true" />
        Confirmar recebimento
      </Button>
    );
  }
  return (
    <Button size="sm" onClick={() => show("withdrawal", pickup)} aria-label={`Iniciar retirada do pedido ${pickup.orderNumber}`}>
      <UserCheckIcon aria-hidden="true" />
      Iniciar retirada
    </Button>
  );
}

const COLUMNS: DataTableColumn<PickupView>[] = [
  ...storePickupColumns,
  { id: "actions", header: "Ações", cell: (pickup) => <RowAction pickup={pickup} /> },
];

function PendingDialogs() {
  const { open, setOpen, currentRow } = usePickupDialogs();
  const update = useUpdatePickup();
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
        onConfirm={() => update.mutateAsync({ id: currentRow.id, body: { pickupStatus: AWAITING_PICKUP } })}
      />
      <WithdrawalCheckDialog pickup={currentRow} open={open === "withdrawal"} onOpenChange={close} />
    </>
  );
}

/** 'Iniciar retirada': the store's orders in transit or waiting, paged by the server, the newest or the longest waiting first. */
export function PendingPickups() {
  const [oldestFirst, setOldestFirst] = useState(false);
  const order = oldestFirst ? "waiting" : "newest";
  const list = useServerPagedQuery((paging) => pickupsQueryOptions({ status: PENDING, order, ...paging }), order);
  return (
    <PickupDialogsProvider>
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
      <PendingDialogs />
    </PickupDialogsProvider>
  );
}
