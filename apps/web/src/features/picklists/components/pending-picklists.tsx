import type { Picklist } from "@passo/domain";
import { SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { PageHeader } from "@/components/layout/page-header";
import { formatDateTime } from "@/lib/dates";
import { usePendingCards } from "../api/get-picklists";
import { useUnavailablePicklist } from "../api/live-picklists";
import { PICKLIST_UNAVAILABLE, PicklistRedirectedError } from "../api/picklist-redirected";
import { PendingPicklistCard } from "./pending-picklist-card";

/** 'Iniciar separação': the store's lists Não iniciado and Em andamento, one card each. */
export function PendingPicklists({ store }: { store: string }) {
  const cards = usePendingCards();
  const lists = cards.data?.picklists ?? [];

  return (
    <>
      <PageHeader
        title="Iniciar separação"
        description="Inicie as listas de separação da loja, marque os produtos separados e finalize com o número da transferência."
        actions={
          <Button variant="outline" disabled={cards.isFetching} onClick={() => void cards.refetch()}>
            {cards.isFetching ? <Spinner aria-hidden="true" /> : <SearchIcon aria-hidden="true" />}
            Buscar
          </Button>
        }
      />
      {cards.isPending ? (
        <div role="status" className="grid gap-4 [grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr))]">
          <span className="sr-only">Carregando...</span>
          {[0, 1].map((n) => (
            <Skeleton key={n} className="h-96 w-full rounded-xl" />
          ))}
        </div>
      ) : lists.length === 0 ? (
        <p className="rounded-xl border border-dashed p-10 text-center text-muted-foreground">
          Nenhuma lista de separação pendente
        </p>
      ) : (
        <div className="grid items-start gap-4 [grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr))]">
          {lists.map((list) => (
            <LiveCard key={list.id} list={list} store={store} />
          ))}
        </div>
      )}
    </>
  );
}

/** A list the office took away while it was on screen stays, saying where it went, until 'Buscar'. */
function LiveCard({ list, store }: { list: Picklist; store: string }) {
  const unavailable = useUnavailablePicklist(list.id);
  if (!unavailable) return <PendingPicklistCard list={list} store={store} />;
  return (
    <Card role="article" aria-label={PICKLIST_UNAVAILABLE} className="gap-2 border-dashed bg-muted/40">
      <CardHeader>
        <h2 className="leading-none font-semibold">{PICKLIST_UNAVAILABLE}</h2>
        <CardDescription>
          {unavailable.destination ? new PicklistRedirectedError(unavailable.destination).message : "A lista foi retirada desta loja."}
        </CardDescription>
        <p className="text-sm text-muted-foreground">
          Enviada em {formatDateTime(list.sendDate)} · {list.listItems.length === 1 ? "1 item" : `${list.listItems.length} itens`}
        </p>
      </CardHeader>
    </Card>
  );
}
