import type { Picklist } from "@passo/domain";
import { useEffect, useState } from "react";
import { SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import type { ScreenTexts } from "@/components/layout/page";
import { PageHeader } from "@/components/layout/page-header";
import { formatDateTime } from "@/lib/dates";
import { useOnline } from "@/lib/connection";
import { useSyncedAt } from "@/lib/offline-copies";
import { PENDING_CARDS_COPY, PENDING_CARDS_MOST, PENDING_CARDS_PAGE, usePendingCards } from "../api/get-picklists";
import { useUnavailablePicklist } from "../api/live-picklists";
import { PICKLIST_UNAVAILABLE, PicklistRedirectedError } from "../api/picklist-redirected";
import { useQueuedChanges } from "../offline/use-queued-changes";
import { NotSentChanges } from "./not-sent-changes";
import { PendingPicklistCard } from "./pending-picklist-card";

/** Up to this many pending lists, every card shows whole; beyond, only those being worked on. */
const ALL_OPEN_UP_TO = 3;

/** The lists being worked on (started) first, then the others in the server's order. */
function workedOnFirst(lists: readonly Picklist[]): Picklist[] {
  return [...lists.filter((list) => list.timeStarted !== null), ...lists.filter((list) => list.timeStarted === null)];
}

/** 'Iniciar separação': the store's lists Não iniciado and Em andamento, one card each. */
export function PendingPicklists({ store, title, description }: { store: string } & ScreenTexts) {
  const [shown, setShown] = useState(PENDING_CARDS_PAGE);
  const cards = usePendingCards(shown);
  const { refetch } = cards;
  // A bigger page under the same key: asked for once the new size is the query's.
  useEffect(() => {
    if (shown > PENDING_CARDS_PAGE) void refetch();
  }, [shown, refetch]);
  const online = useOnline();
  const syncedAt = useSyncedAt(PENDING_CARDS_COPY);
  const lists = workedOnFirst(cards.data?.picklists ?? []);
  const allOpen = lists.length <= ALL_OPEN_UP_TO;
  // With many lists and none started, the first is open: the one to start next.
  const firstOpen = !lists.some((list) => list.timeStarted !== null);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {!online && syncedAt && (
              <p role="status" className="self-center text-sm text-muted-foreground">
                Atualizado em {formatDateTime(syncedAt)}
              </p>
            )}
            <Button variant="outline" disabled={cards.isFetching} onClick={() => void cards.refetch()}>
              {cards.isFetching ? <Spinner aria-hidden="true" /> : <SearchIcon aria-hidden="true" />}
              Buscar
            </Button>
          </>
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
        <div className={allOpen ? "grid items-start gap-4 [grid-template-columns:repeat(auto-fill,minmax(min(100%,22rem),1fr))]" : "flex max-w-4xl flex-col gap-3"}>
          {lists.map((list, index) => (
            <LiveCard
              key={list.id}
              list={list}
              store={store}
              defaultOpen={allOpen || list.timeStarted !== null || (firstOpen && index === 0)}
            />
          ))}
        </div>
      )}
      <MoreLists
        shown={lists.length}
        total={cards.data?.total}
        canAskMore={online && shown < PENDING_CARDS_MOST}
        loading={cards.isFetching && shown > lists.length}
        onMore={() => setShown(lists.length + PENDING_CARDS_PAGE)}
      />
    </>
  );
}

/** 'Mostrando 20 de 86 listas.' and the button for the next page, when the store has more lists than it sees. */
function MoreLists({ shown, total, canAskMore, loading, onMore }: { shown: number; total: number | undefined; canAskMore: boolean; loading: boolean; onMore: () => void }) {
  if (total === undefined || total <= shown) return null;
  return (
    <div className="mt-4 flex max-w-4xl flex-col items-center gap-2">
      <p role="status" className="text-sm text-muted-foreground">
        Mostrando {shown} de {total} listas.
      </p>
      {canAskMore && (
        <Button variant="outline" disabled={loading} onClick={onMore}>
          {loading && <Spinner aria-hidden="true" />}
          Mostrar mais listas
        </Button>
      )}
    </div>
  );
}

/** A list the office took away while it was on screen stays, saying where it went, until 'Buscar'. */
function LiveCard({ list, store, defaultOpen }: { list: Picklist; store: string; defaultOpen: boolean }) {
  const unavailable = useUnavailablePicklist(list.id);
  if (!unavailable) return <PendingPicklistCard list={list} store={store} defaultOpen={defaultOpen} />;
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
        <UnsentOf listId={list.id} />
      </CardHeader>
    </Card>
  );
}

/** The changes made offline on a list that left the store: shown, not dropped. */
function UnsentOf({ listId }: { listId: string }) {
  const queue = useQueuedChanges(listId);
  return <NotSentChanges listId={listId} entries={queue.entries} refused={queue.refused} />;
}
