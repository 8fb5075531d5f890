import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { QueuedChange } from "../offline/change-queue";
import { describeChange } from "../offline/offline-changes";
import { discardQueuedChanges } from "../offline/use-queued-changes";

/**
 * A list whose changes made offline the server refused: its reason, and every change that was not
 * sent, in order, so that nothing the clerk did disappears without a word. 'Descartar alterações'
 * takes them off the device once read.
 */
export function NotSentChanges({ listId, entries, refused }: { listId: string; entries: readonly QueuedChange[]; refused: string | undefined }) {
  const [discarding, setDiscarding] = useState(false);
  if (entries.length === 0) return null;
  return (
    <section role="alert" aria-label="Alterações não enviadas" className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
      <p className="flex items-start gap-2 font-medium text-destructive">
        <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {entries.length === 1 ? "1 alteração feita sem conexão não foi enviada." : `${entries.length} alterações feitas sem conexão não foram enviadas.`}
      </p>
      {refused && <p>{refused}</p>}
      <ol className="list-decimal pl-5 text-muted-foreground">
        {entries.map((entry) => (
          <li key={entry.seq}>{describeChange(entry.change)}</li>
        ))}
      </ol>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={discarding}
        onClick={() => {
          setDiscarding(true);
          void discardQueuedChanges(listId).finally(() => setDiscarding(false));
        }}
      >
        {discarding && <Spinner aria-hidden="true" />}
        Descartar alterações
      </Button>
    </section>
  );
}
