import { notFoundItems, type NotFoundItem, type Picklist } from "@passo/domain";
import { RefreshCwIcon } from "lucide-react";
import { useId, useMemo, type ReactNode } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { CopyButton } from "@/components/feedback/copy-button";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime, todayKey } from "@/lib/dates";
import { PENDING_STATUSES, usePicklists } from "../api/get-picklists";
import { PageHeader } from "./page-header";
import { picklistColumns } from "./picklist-columns";
import { PicklistDialogs } from "./picklist-dialogs";
import { PicklistDialogsProvider } from "./picklist-dialogs-provider";
import { PicklistRowActions } from "./picklist-row-actions";

interface ProcessSections {
  today: Picklist[];
  pending: Picklist[];
  notFound: NotFoundItem[];
}

/**
 * The three sections from the two calls of spec 7: today's lists (`from=<today>`), the pending ones
 * (Não iniciado and Em andamento sent before today, `pending=<today>`), and the products not found:
 * one row per uncompleted item of today's lists that are Concluído or Não concluído.
 */
function processSections(todayLists: readonly Picklist[], pendingLists: readonly Picklist[]): ProcessSections {
  return {
    today: [...todayLists],
    pending: [...pendingLists],
    notFound: todayLists.flatMap((list) => notFoundItems(list)),
  };
}

const listColumns = picklistColumns({ itemsOnHover: false });

const todayColumns: DataTableColumn<Picklist>[] = [
  ...listColumns,
  { id: "actions", header: "Ações", cell: (list) => <PicklistRowActions list={list} /> },
];

const pendingColumns: DataTableColumn<Picklist>[] = [
  ...listColumns,
  { id: "actions", header: "Ações", cell: (list) => <PicklistRowActions list={list} notify /> },
];

const notFoundColumns: DataTableColumn<NotFoundItem>[] = [
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** 'Processos de separação' (spec 2.4). */
export function PicklistProcesses() {
  const today = todayKey();
  const todayQuery = usePicklists({ from: today });
  const pendingQuery = usePicklists({ status: PENDING_STATUSES, pending: today });
  const sections = useMemo(
    () => processSections(todayQuery.data?.picklists ?? [], pendingQuery.data?.picklists ?? []),
    [todayQuery.data, pendingQuery.data],
  );
  const refreshing = todayQuery.isFetching || pendingQuery.isFetching;

  return (
    <PicklistDialogsProvider>
      <PageHeader
        title="Processos de separação"
        description="Acompanhe as listas de separação enviadas às lojas."
        actions={
          <Button
            variant="outline"
            disabled={refreshing}
            onClick={() => void Promise.all([todayQuery.refetch(), pendingQuery.refetch()])}
          >
            {refreshing ? <Spinner aria-hidden="true" /> : <RefreshCwIcon aria-hidden="true" />}
            Atualizar
          </Button>
        }
      />
      <Section title="Listas em andamento hoje">
        <DataTable
          caption="Listas em andamento hoje"
          columns={todayColumns}
          rows={sections.today}
          loading={todayQuery.isPending}
          rowKey={(list) => list.id}
          emptyText="Nenhuma lista de separação hoje."
        />
      </Section>
      <Section title="Listas de separação pendentes">
        <DataTable
          caption="Listas de separação pendentes"
          columns={pendingColumns}
          rows={sections.pending}
          loading={pendingQuery.isPending}
          rowKey={(list) => list.id}
          emptyText="Nenhuma lista de separação pendente hoje"
        />
      </Section>
      <Section title="Produtos não encontrados">
        <DataTable
          caption="Produtos não encontrados"
          columns={notFoundColumns}
          rows={sections.notFound}
          loading={todayQuery.isPending}
          rowKey={(row, index) => `${row.destination}-${index}`}
          emptyText="Nenhum produto pendente"
        />
      </Section>
      <PicklistDialogs />
    </PicklistDialogsProvider>
  );
}
