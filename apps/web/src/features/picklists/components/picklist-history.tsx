import { ExportCsvButton } from "@/components/export/export-csv-button";
import { PICKLIST_STATUSES, SUPERVISOR } from "@passo/domain";
import { DataTable } from "@/components/data-table/data-table";
import { HistoryFilters } from "@/components/filters/history-filters";
import { Card, CardContent } from "@/components/ui/card";
import { HISTORY_FILTER_KEYS, toListQuery, useHistoryFilters } from "@/hooks/use-history-filters";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { useStores } from "@/api/get-users";
import { useSession } from "@/lib/session";
import { PageHeader } from "@/components/layout/page-header";
import { picklistsQueryOptions, type PicklistsQuery } from "../api/get-picklists";
import { picklistColumns } from "./picklist-columns";

const columns = picklistColumns({ itemsOnHover: true });

export interface PicklistHistoryProps {
  title: string;
  description: string;
  /** The results table's name. */
  caption: string;
  /** The administrator filters by store; a store sees only its own lists (the API scopes them). */
  storeFilter: boolean;
}

/**
 * 'Historico de envios' (administrator) and 'Histórico de separações' (store): filters kept under
 * picklistFormData, one page at a time from the server, 'Linhas:' shared by every table.
 */
export function PicklistHistory({ title, description, caption, storeFilter }: PicklistHistoryProps) {
  const filters = useHistoryFilters(HISTORY_FILTER_KEYS.picklist, { onApply: () => history.setPage(1) });
  const { search, ...query }: PicklistsQuery & { search?: string } = toListQuery(filters.applied);
  // The same browser may hold an administrator's store filter under the same key: a store never sends it.
  if (!storeFilter) delete query.store;
  // The search box takes 'Lista nº', typed or scanned from a printed list: its digits.
  const listNumber = search?.replace(/\D/g, "");
  if (listNumber) query.number = Number(listNumber);
  const history = useServerPagedQuery((paging) => picklistsQueryOptions({ ...query, ...paging }), query);
  const stores = useStores({ enabled: storeFilter, supervisor: useSession().user?.role === SUPERVISOR });

  return (
    <>
      <PageHeader title={title} description={description} />
      <Card>
        <CardContent className="flex flex-col gap-3">
          <HistoryFilters
            {...filters.formProps}
            submitting={history.query.isFetching}
            stores={storeFilter ? (stores.data ?? []) : undefined}
            statuses={PICKLIST_STATUSES}
            searchPlaceholder="Lista nº"
          />
          <ExportCsvButton path="/picklist/export" query={query} baseName="listas-de-separacao" />
        </CardContent>
      </Card>
      <DataTable
        caption={caption}
        columns={columns}
        rows={history.query.data?.picklists}
        {...history.tableProps}
        rowKey={(list) => list.id}
        emptyText="Histórico vazio"
      />
    </>
  );
}
