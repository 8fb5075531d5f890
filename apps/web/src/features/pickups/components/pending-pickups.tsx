import { AWAITING_PICKUP, IN_TRANSIT } from "@passo/domain";
import { PackageCheckIcon, UserCheckIcon } from "lucide-react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { ConfirmDialog } from "@/components/feedback/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { pickupsQueryOptions, type PickupView } from "../api/get-pickups";
import { useUpdatePickup } from "../api/update-pickup";
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

/** 'Iniciar retirada': the store's orders in transit or waiting, paged by the server. */
export function PendingPickups() {
  const list = useServerPagedQuery((paging) => pickupsQueryOptions({ status: PENDING, ...paging }));
  return (
    <PickupDialogsProvider>
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
