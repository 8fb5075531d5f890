import { ExportCsvButton } from "@/components/export/export-csv-button";
import { useMemo } from "react";
import { PICKUP_STATUSES, SUPERVISOR } from "@passo/domain";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { HistoryFilters } from "@/components/filters/history-filters";
import { HISTORY_FILTER_KEYS, toListQuery, useHistoryFilters } from "@/hooks/use-history-filters";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { useStores } from "@/api/get-users";
import { useSession } from "@/lib/session";
import { pickupsQueryOptions, type PickupView } from "../api/get-pickups";
import { adminPickupColumns, storePickupColumns } from "./pickup-columns";

const NO_COLUMNS: readonly DataTableColumn<PickupView>[] = [];

const SEARCH_PLACEHOLDER = "Pesquise por CPF ou Número do pedido...";

export interface PickupHistoryProps {
  variant: "admin" | "store";
  /** Columns after the pickup's own, e.g. the administrator's row actions. */
  extraColumns?: readonly DataTableColumn<PickupView>[];
}

/**
 * Pickup history, the administrator's and a store's: filters kept under
 * 'pickupFormData', results paged by the server. A store is served its own pickups only.
 */
export function PickupHistory({ variant, extraColumns = NO_COLUMNS }: PickupHistoryProps) {
  const admin = variant === "admin";
  const columns = useMemo(() => [...(admin ? adminPickupColumns : storePickupColumns), ...extraColumns], [admin, extraColumns]);
  const stores = useStores({ enabled: admin, supervisor: useSession().user?.role === SUPERVISOR });
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
      <ExportCsvButton path="/pickup/export" query={query} baseName="retiradas" />
      <DataTable
        columns={columns}
        rows={history.query.data?.pickups}
        caption="Histórico de retiradas"
        {...history.tableProps}
        emptyText="Histórico vazio"
        rowKey={(pickup) => pickup.id}
      />
    </div>
  );
}
