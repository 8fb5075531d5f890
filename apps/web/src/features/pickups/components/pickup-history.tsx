import { PICKUP_STATUSES } from "@passo/domain";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { HistoryFilters } from "@/components/filters/history-filters";
import { HISTORY_FILTER_KEYS, toListQuery, useHistoryFilters } from "@/hooks/use-history-filters";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { useStores } from "@/api/get-users";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { pickupsQueryOptions, type PickupView } from "../api/get-pickups";
import { pickupColumns } from "./pickup-columns";

const SEARCH_PLACEHOLDER = "Pesquise por CPF ou Número do pedido...";

const ADMIN_COLUMNS: DataTableColumn<PickupView>[] = [
  pickupColumns.orderNumber,
  pickupColumns.store,
  pickupColumns.customer,
  pickupColumns.operation,
  pickupColumns.items,
  pickupColumns.pickupDate,
  pickupColumns.thirdParty,
  pickupColumns.status,
  auditHistoryColumn("pickup"),
];

const STORE_COLUMNS: DataTableColumn<PickupView>[] = [
  pickupColumns.customer,
  pickupColumns.operation,
  pickupColumns.items,
  pickupColumns.tracking,
  pickupColumns.thirdPartyStore,
  pickupColumns.pickupDate,
  pickupColumns.status,
];

/**
 * Pickup history (spec 2.6 for the administrator, 2.7 for a store): filters kept under
 * 'pickupFormData', results paged by the server. A store is served its own pickups only.
 */
export function PickupHistory({ variant }: { variant: "admin" | "store" }) {
  const admin = variant === "admin";
  const stores = useStores({ enabled: admin });
  const filters = useHistoryFilters(HISTORY_FILTER_KEYS.pickup, { onApply: () => history.setPage(1) });
  const query = toListQuery(filters.applied);
  // A store's server ignores the store filter; leaving it out keeps the request honest.
  if (!admin) delete query.store;
  const history = useServerPagedQuery((paging) => pickupsQueryOptions({ ...query, ...paging }), query);

  return (
    <div className="flex flex-col gap-4">
      <HistoryFilters
        {...filters.formProps}
        submitting={history.query.isFetching}
        searchPlaceholder={SEARCH_PLACEHOLDER}
        stores={admin ? (stores.data ?? []) : undefined}
        statuses={PICKUP_STATUSES}
      />
      <DataTable
        columns={admin ? ADMIN_COLUMNS : STORE_COLUMNS}
        rows={history.query.data?.pickups}
        caption="Histórico de retiradas"
        loading={history.query.isPending}
        refreshing={history.query.isPlaceholderData}
        emptyText="Histórico vazio"
        rowKey={(pickup) => pickup.id}
        pagination={history.pagination}
      />
    </div>
  );
}
