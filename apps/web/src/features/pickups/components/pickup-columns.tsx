import type { DataTableColumn } from "@/components/data-table/data-table";
import { TruncatedText } from "@/components/data-table/truncated-text";
import { CopyButton } from "@/components/feedback/copy-button";
import { StatusBadge } from "@/components/feedback/status-badge";
import { ItemCount } from "@/components/items/item-count";
import { formatDate } from "@/lib/dates";
import type { PickupView } from "../api/get-pickups";
import { PickupCustomerCell } from "./pickup-customer-cell";
import { InvoiceLinks } from "./invoice-link";
import { OperationTimeline } from "./operation-timeline";
import { ThirdPartyCell } from "./third-party-cell";
import { TrackingCode } from "./tracking-code";
import { WaitingTime } from "./waiting-time";

/** 'Código de retirada': the 6 digits the customer got with the ready-for-pickup e-mail. */
function PickupCode({ code }: { code: string }) {
  return (
    <span className="text-muted-foreground basis-full text-xs">
      Código de retirada: <span className="text-foreground font-mono tracking-wider whitespace-nowrap">{code}</span>
    </span>
  );
}

/** The pickup tables' columns; each screen picks its own, in its order. */
export const pickupColumns = {
  orderNumber: {
    id: "orderNumber",
    header: "Número do pedido",
    // The last to give way: on a small laptop the number reads in the row's details, under the customer.
    priority: 0,
    cell: (pickup) => (
      <div className="flex flex-wrap items-center gap-1">
        <span className="font-mono text-sm whitespace-nowrap">{pickup.orderNumber}</span>
        <CopyButton value={pickup.orderNumber} label={`Copiar número do pedido ${pickup.orderNumber}`} />
        <InvoiceLinks pickup={pickup} />
        {/* Served to administrators only: a store never learns the code before the customer shows it. */}
        {"pickupCode" in pickup && <PickupCode code={pickup.pickupCode} />}
      </div>
    ),
  },
  store: { id: "store", header: "Loja", cell: (pickup) => <TruncatedText value={pickup.pickupStoreName} lines={2} className="max-w-32" />, priority: 2 },
  customer: { id: "customer", header: "Cliente", cell: (pickup) => <PickupCustomerCell pickup={pickup} /> },
  operation: { id: "operation", header: "Tipo de operação", cell: (pickup) => <OperationTimeline pickup={pickup} />, priority: 3 },
  items: { id: "items", header: "Itens", cell: (pickup) => <ItemCount items={pickup.orderItems} title="Itens do pedido" /> },
  tracking: {
    id: "tracking",
    header: "Código de rastreio / TR",
    cell: (pickup) => <TrackingCode code={pickup.trackingCode} type={pickup.pickupType} />,
    priority: 2,
  },
  pickupDate: { id: "pickupDate", header: "Data de retirada", cell: (pickup) => formatDate(pickup.scheduledPickupDate), priority: 1 },
  /** 'Retirada por terceiro' on the administrator's screens. */
  thirdParty: { id: "thirdParty", header: "Retirada por terceiro", cell: (pickup) => <ThirdPartyCell pickup={pickup} /> },
  /** 'Retirada de terceiro' on the store's: the product words the two headers differently. */
  thirdPartyStore: { id: "thirdParty", header: "Retirada de terceiro", cell: (pickup) => <ThirdPartyCell pickup={pickup} /> },
  status: {
    id: "status",
    header: "Status",
    className: "min-w-32 whitespace-normal",
    cell: (pickup) => (
      <div className="flex flex-col items-start">
        <StatusBadge status={pickup.pickupStatus} />
        <WaitingTime pickup={pickup} />
        {pickup.cpfCheckLocked && <span className="text-destructive text-xs">Conferência de CPF bloqueada</span>}
      </div>
    ),
  },
} satisfies Record<string, DataTableColumn<PickupView>>;

/** The administrator's tables (the processes and the history): the whole record. */
export const adminPickupColumns: readonly DataTableColumn<PickupView>[] = [
  pickupColumns.orderNumber,
  pickupColumns.store,
  pickupColumns.customer,
  pickupColumns.operation,
  pickupColumns.items,
  pickupColumns.pickupDate,
  pickupColumns.thirdParty,
  pickupColumns.status,
];

/** A store's tables (the pending pickups and the history): its own orders, with the tracking code. */
export const storePickupColumns: readonly DataTableColumn<PickupView>[] = [
  pickupColumns.customer,
  pickupColumns.operation,
  pickupColumns.items,
  pickupColumns.tracking,
  pickupColumns.thirdPartyStore,
  pickupColumns.pickupDate,
  pickupColumns.status,
];
