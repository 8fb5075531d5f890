import { AWAITING_PICKUP, IN_TRANSIT, type PickupStatus } from "@passo/domain";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { BellRingIcon, LockOpenIcon, PencilIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { type DataTableColumn } from "@/components/data-table/data-table";
import { PagedTableSection } from "@/components/data-table/paged-table-section";
import { RowActionButton } from "@/components/data-table/row-actions";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { PICKUPS_KEY, pickupsQueryOptions, type PickupRecord } from "../api/get-pickups";
import { OldestFirstSwitch } from "./oldest-first-switch";
import { adminPickupColumns } from "./pickup-columns";
import { PickupProcessDialogs } from "./pickup-process-dialogs";
import { PickupDialogsProvider, usePickupDialogs } from "./pickup-dialogs-provider";
import { ResendReadyButton } from "./resend-ready-button";

function PickupRowActions({ pickup }: { pickup: PickupRecord }) {
  const { show } = usePickupDialogs();
  return (
    <div className="grid grid-cols-2 justify-items-end gap-1">
      <RowActionButton label={`Editar retirada do pedido ${pickup.orderNumber}`} onClick={() => show("edit", pickup)}>
        <PencilIcon aria-hidden="true" />
      </RowActionButton>
      <RowActionButton label={`Enviar notificação do pedido ${pickup.orderNumber}`} onClick={() => show("alert", pickup)}>
        <BellRingIcon aria-hidden="true" />
      </RowActionButton>
      <ResendReadyButton pickup={pickup} variant="icon" />
      {pickup.cpfCheckLocked && (
        <RowActionButton label={`Liberar conferência de CPF do pedido ${pickup.orderNumber}`} onClick={() => show("unlock", pickup)}>
          <LockOpenIcon aria-hidden="true" />
        </RowActionButton>
      )}
      <RowActionButton label={`Excluir retirada do pedido ${pickup.orderNumber}`} destructive onClick={() => show("delete", pickup)}>
        <Trash2Icon aria-hidden="true" />
      </RowActionButton>
    </div>
  );
}

const COLUMNS: DataTableColumn<PickupRecord>[] = [
  ...adminPickupColumns,
  { id: "actions", header: <span className="block text-right">Ações</span>, cell: (pickup) => <PickupRowActions pickup={pickup} /> },
];

function ProcessSection({ status, title, emptyText, orderable = false }: { status: PickupStatus; title: string; emptyText: string; orderable?: boolean }) {
  const [oldestFirst, setOldestFirst] = useState(false);
  const order = oldestFirst ? "waiting" : "newest";
  const list = useServerPagedQuery((paging) => pickupsQueryOptions<PickupRecord>({ status: [status], order, ...paging }), [status, order]);
  return (
    <PagedTableSection
      title={title}
      columns={COLUMNS}
      rows={list.query.data?.pickups}
      list={list}
      emptyText={emptyText}
      rowKey={(pickup) => pickup.id}
      actions={orderable && <OldestFirstSwitch checked={oldestFirst} onCheckedChange={setOldestFirst} />}
    />
  );
}

/** 'Processos de retirada': the orders on their way and those waiting in the stores, each paged by the server. */
export function PickupProcess() {
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: PICKUPS_KEY }) > 0;
  return (
    <PickupDialogsProvider>
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => void queryClient.invalidateQueries({ queryKey: PICKUPS_KEY })} disabled={refreshing}>
          {refreshing ? <Spinner aria-hidden="true" /> : <RefreshCwIcon aria-hidden="true" />}
          Atualizar
        </Button>
      </div>
      <ProcessSection status={IN_TRANSIT} title="Em trânsito" emptyText="Nenhuma envio realizado via Correios." />
      <ProcessSection status={AWAITING_PICKUP} title="Aguardando retirada" emptyText="Nenhum pedido aguardando retirada." orderable />
      <PickupProcessDialogs />
    </PickupDialogsProvider>
  );
}
