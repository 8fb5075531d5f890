import type { Picklist } from "@passo/domain";
import { useIsFetching, useQueryClient } from "@tanstack/react-query";
import { RefreshCwIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { type DataTableColumn } from "@/components/data-table/data-table";
import { PagedTableSection } from "@/components/data-table/paged-table-section";
import { CopyButton } from "@/components/feedback/copy-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, todayKey } from "@/lib/dates";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import type { ScreenTexts } from "@/components/layout/page";
import { PageHeader } from "@/components/layout/page-header";
import { PENDING_STATUSES, PICKLISTS_KEY, notFoundQueryOptions, picklistsQueryOptions, type NotFoundRow } from "../api/get-picklists";
import { picklistColumns } from "./picklist-columns";
import { NotFoundByProductTable, NotFoundViewSwitch, type NotFoundView } from "./not-found-grouping";
import { PicklistDialogs } from "./picklist-dialogs";
import { PicklistDialogsProvider } from "./picklist-dialogs-provider";
import { PicklistRowActions } from "./picklist-row-actions";

const listColumns = picklistColumns({ itemsOnHover: false });

const todayColumns: DataTableColumn<Picklist>[] = [
  ...listColumns,
  { id: "actions", header: "Ações", cell: (list) => <PicklistRowActions list={list} /> },
];

const pendingColumns: DataTableColumn<Picklist>[] = [
  ...listColumns,
  { id: "actions", header: "Ações", cell: (list) => <PicklistRowActions list={list} sendAlert /> },
];

const notFoundColumns: DataTableColumn<NotFoundRow>[] = [
  { id: "destination", header: "Loja", cell: (row) => row.destination },
  { id: "sendDate", header: "Enviado", cell: (row) => formatDateTime(row.sendDate), className: "whitespace-nowrap" },
  {
    id: "item",
    header: "Item",
    cell: (row) => (
      <span className="flex items-center gap-2">
        <span className="min-w-0 break-words whitespace-normal">{row.item}</span>
        <CopyButton value={row.item} variant="code" label={`Copiar código de ${row.item}`} />
      </span>
    ),
  },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The product a dashboard's link asks for (`?item=&from=&to=&store=`), over its period (today when
 * it names none); undefined without `item`, the section then showing today's, as always.
 */
function productFromUrl(params: URLSearchParams, today: string) {
  const item = params.get("item")?.trim();
  if (!item) return undefined;
  const day = (key: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : today;
  };
  return { item, from: day("from"), to: day("to"), store: params.get("store") || undefined };
}

/**
 * 'Processos de separação': today's lists (`from=<today>`), the pending ones left from before
 * today (Não iniciado and Em andamento, `pending=<today>`), and the products not found (one row per
 * uncompleted item of today's finished or unavailable lists). Each section is paged by the server,
 * as a chain's day and its leftovers can run to thousands of lists.
 */
/** 'Processos de separação', under its title and description (the screen registry's). */
export function PicklistProcesses({ title, description }: ScreenTexts) {
  const today = todayKey();
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: PICKLISTS_KEY }) > 0;
  const todayLists = useServerPagedQuery((paging) => picklistsQueryOptions({ from: today, ...paging }), today);
  const pendingLists = useServerPagedQuery((paging) => picklistsQueryOptions({ status: PENDING_STATUSES, pending: today, ...paging }), today);
  const [params] = useSearchParams();
  const product = productFromUrl(params, today);
  const notFoundQuery = product ?? { from: today, to: today };
  const notFound = useServerPagedQuery((paging) => notFoundQueryOptions({ ...notFoundQuery, ...paging }), notFoundQuery);
  const notFoundRef = useRef<HTMLDivElement>(null);
  const [chosenView, setNotFoundView] = useState<NotFoundView>("item");
  // A dashboard's product is shown item by item, as it was clicked.
  const notFoundView: NotFoundView = product ? "item" : chosenView;
  // Opened from a dashboard's product: the section it asked for comes into view.
  const linkedItem = product?.item;
  useEffect(() => {
    if (linkedItem) notFoundRef.current?.scrollIntoView({ block: "start" });
  }, [linkedItem]);

  return (
    <PicklistDialogsProvider>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button variant="outline" disabled={refreshing} onClick={() => void queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY })}>
            {refreshing ? <Spinner aria-hidden="true" /> : <RefreshCwIcon aria-hidden="true" />}
            Atualizar
          </Button>
        }
      />
      <PagedTableSection
        title="Listas em andamento hoje"
        columns={todayColumns}
        rows={todayLists.query.data?.picklists}
        list={todayLists}
        rowKey={(list) => list.id}
        emptyText="Nenhuma lista de separação hoje."
      />
      <PagedTableSection
        title="Listas de separação pendentes"
        columns={pendingColumns}
        rows={pendingLists.query.data?.picklists}
        list={pendingLists}
        rowKey={(list) => list.id}
        emptyText="Nenhuma lista de separação pendente hoje"
      />
      <div ref={notFoundRef} className="scroll-mt-4">
        <PagedTableSection
          title="Produtos não encontrados"
          columns={notFoundColumns}
          rows={notFound.query.data?.items}
          list={notFound}
          rowKey={(row, index) => `${row.picklistId}-${index}`}
          emptyText="Nenhum produto pendente"
          instead={notFoundView === "item" ? undefined : <NotFoundByProductTable query={{ ...notFoundQuery, by: notFoundView }} />}
          actions={
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {product && (
                <p className="flex flex-wrap items-center gap-x-3 text-sm text-muted-foreground">
                  <span>
                    {product.item}
                    {product.store ? `, ${product.store}` : ""}, de {dayLabel(product.from)} a {dayLabel(product.to)}
                  </span>
                  <Link to="/picklist-process" className="font-medium text-foreground underline underline-offset-4">
                    Ver os de hoje
                  </Link>
                </p>
              )}
              {!product && <NotFoundViewSwitch view={notFoundView} onChange={setNotFoundView} />}
            </div>
          }
        />
      </div>
      <PicklistDialogs />
    </PicklistDialogsProvider>
  );
}
