import { ExportCsvButton } from "@/components/export/export-csv-button";
import { RETURN_PENDING, RETURN_STATUSES, SUPERVISOR, type ReturnStatus } from "@passo/domain";
import { useMemo } from "react";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { HistoryFilters } from "@/components/filters/history-filters";
import { HISTORY_FILTER_KEYS, toListQuery, useHistoryFilters } from "@/hooks/use-history-filters";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { useStores, useUsers } from "@/api/get-users";
import { useSession } from "@/lib/session";

import { returnsQueryOptions, storeReturnsQueryOptions, type ReturnRecord } from "../api/get-returns";
import { adminHistoryColumns, storeHistoryColumns } from "./return-history-columns";

const SEARCH_PLACEHOLDER = "Pesquise por CPF ou Número do pedido...";

const NO_COLUMNS: readonly DataTableColumn<ReturnRecord>[] = [];

/** 'Historico de devolução': every return, filtered and paged by the server. */
export function AdminReturnHistory({
  extraColumns = NO_COLUMNS,
}: {
  /** Columns after the return's own, e.g. the administrator's row actions. */
  extraColumns?: readonly DataTableColumn<ReturnRecord>[];
}) {
  const filters = useHistoryFilters(HISTORY_FILTER_KEYS.return, { onApply: () => history.setPage(1) });
  const history = useServerPagedQuery(
    (paging) => returnsQueryOptions({ ...toListQuery(filters.applied), ...paging }),
    filters.applied,
  );
  // The spec's filter lists every user; a Supervisor, who may not list users, its own stores.
  const supervisor = useSession().user?.role === SUPERVISOR;
  const users = useUsers(undefined, { enabled: !supervisor });
  const supervised = useStores({ enabled: supervisor, supervisor });
  const columns = useMemo(() => [...adminHistoryColumns, ...extraColumns], [extraColumns]);

  return (
    <div className="flex flex-col gap-4">
      <HistoryFilters
        {...filters.formProps}
        submitting={history.query.isFetching}
        searchPlaceholder={SEARCH_PLACEHOLDER}
        stores={supervisor ? (supervised.data ?? []) : (users.data?.map((user) => user.username) ?? [])}
        statuses={RETURN_STATUSES}
      />
      <ExportCsvButton path="/return/export" query={toListQuery(filters.applied)} baseName="devolucoes" />
      <DataTable
        caption="Histórico de devolução"
        columns={columns}
        rows={history.query.data?.returns}
        {...history.tableProps}
        emptyText="Histórico vazio"
        rowKey={(row) => row.id}
      />
    </div>
  );
}

/**
 * What a store's returns can be once it has taken them in or turned them down. Asking for these
 * keeps the pending returns that a search also finds (docs/api.md) out of the store's history.
 */
export const STORE_HISTORY_STATUSES: readonly ReturnStatus[] = RETURN_STATUSES.filter((s) => s !== RETURN_PENDING);

/** The store's export: the statuses its history shows, never the pending returns a search finds. */
function storeExportQuery({ store: _store, status, ...query }: ReturnType<typeof toListQuery>) {
  const chosen = STORE_HISTORY_STATUSES.find((s) => s === status);
  return { ...query, status: chosen ?? STORE_HISTORY_STATUSES };
}

/** A store's 'Histórico de devoluções': the returns it received or refused. */
export function StoreReturnHistory() {
  const filters = useHistoryFilters(HISTORY_FILTER_KEYS.return, { onApply: () => history.setPage(1) });
  const history = useServerPagedQuery((paging) => {
    const { store: _store, status, ...query } = toListQuery(filters.applied);
    const chosen = STORE_HISTORY_STATUSES.find((s) => s === status);
    return storeReturnsQueryOptions({ ...query, status: chosen ?? STORE_HISTORY_STATUSES, ...paging });
  }, filters.applied);

  return (
    <div className="flex flex-col gap-4">
      <HistoryFilters
        {...filters.formProps}
        submitting={history.query.isFetching}
        searchPlaceholder={SEARCH_PLACEHOLDER}
        statuses={STORE_HISTORY_STATUSES}
      />
      <ExportCsvButton path="/return/export" query={storeExportQuery(toListQuery(filters.applied))} baseName="devolucoes" />
      <DataTable
        caption="Histórico de devoluções"
        columns={storeHistoryColumns}
        rows={history.query.data?.returns}
        {...history.tableProps}
        emptyText="Histórico vazio"
        rowKey={(row) => row.id}
      />
    </div>
  );
}
