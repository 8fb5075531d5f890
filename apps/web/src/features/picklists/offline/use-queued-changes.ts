import type { Picklist } from "@passo/domain";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { ApiError } from "@/lib/api-client";
import { useOnline } from "@/lib/connection";
import { signedInUser } from "@/lib/offline-copies";
import { markPicklistUnavailable, syncPendingCard } from "../api/live-picklists";
import { PicklistRedirectedError } from "../api/picklist-redirected";
import { pendingCardCallbacks, updatePicklist } from "../api/update-picklist";
import { discardList, enqueue, queued, replay, type OfflineChange, type QueuedChange, type SendOutcome } from "./change-queue";
import { bodyFor } from "./offline-changes";

// Every screen that shows the queue draws again when it changes (a change queued, sent or discarded).
let revision = 0;
const listeners = new Set<() => void>();
function queueChanged() {
  revision++;
  for (const listener of listeners) listener();
}
const useQueueRevision = () =>
  useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => revision,
  );

/** A list's changes waiting on this device, in order: those not sent yet, and the refusal that stopped them, if any. */
export function useQueuedChanges(listId: string): { entries: QueuedChange[]; refused: string | undefined } {
  const current = useQueueRevision();
  const [entries, setEntries] = useState<QueuedChange[]>([]);
  useEffect(() => {
    const user = signedInUser();
    if (!user) return;
    let live = true;
    queued(user, listId).then(
      (found) => live && setEntries(found),
      () => live && setEntries([]),
    );
    return () => {
      live = false;
    };
  }, [listId, current]);
  return { entries, refused: entries.find((entry) => entry.refused !== undefined)?.refused };
}

/** Puts a clerk's change on a list in the queue, made on the list's version as last seen. */
export async function queueChange(list: Pick<Picklist, "id" | "version">, change: OfflineChange): Promise<void> {
  const user = signedInUser();
  if (!user) return;
  await enqueue({ user, listId: list.id, change, baseVersion: list.version ?? null });
  queueChanged();
}

/** The clerk has read why a list's changes were refused: they leave the device. */
export async function discardQueuedChanges(listId: string): Promise<void> {
  const user = signedInUser();
  if (!user) return;
  await discardList(user, listId);
  queueChanged();
}

/** One queued change sent: kept, refused with the server's words, or not sent (no connection, the server busy). */
async function send(entry: QueuedChange, queryClient: QueryClient): Promise<SendOutcome> {
  try {
    const answer = await updatePicklist(entry.listId, bodyFor(entry), entry.idempotencyKey);
    // The server's list takes the card's place, as after a change made online.
    void pendingCardCallbacks(queryClient).onSuccess(answer);
    return { sent: true };
  } catch (error) {
    if (error instanceof PicklistRedirectedError) {
      markPicklistUnavailable(queryClient, entry.listId, error.destination);
      return { refused: error.message };
    }
    if (error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500)) return { unreachable: true };
    // The card shows the list as the server has it now (a deleted list: gone), beside the changes not sent.
    void syncPendingCard(queryClient, { id: entry.listId, action: error instanceof ApiError && error.status === 404 ? "delete" : "update", store: null, status: null });
    return { refused: error instanceof Error ? error.message : "A alteração foi recusada." };
  }
}

/**
 * Sends the signed-in user's queue when the connection is there: at once, and whenever it returns.
 * One replay at a time on this device (Web Locks, where the browser has them: two tabs do not send
 * the same change twice; the idempotency keys cover the rest).
 */
export function useReplayQueuedChanges(): void {
  const online = useOnline();
  // A change queued while online (earlier ones still waiting) goes out too.
  const current = useQueueRevision();
  const queryClient = useQueryClient();
  const run = useCallback(async () => {
    const user = signedInUser();
    if (!user) return;
    const work = async () => {
      if (!(await queued(user)).some((entry) => entry.refused === undefined)) return;
      const result = await replay(user, (entry) => send(entry, queryClient));
      // Only what changed the queue draws again (and asks for another round): not a try that found no connection.
      if (result.sent > 0 || result.refused > 0) queueChanged();
    };
    if (typeof navigator !== "undefined" && navigator.locks) await navigator.locks.request("passo-offline-replay", work);
    else await work();
  }, [queryClient]);
  useEffect(() => {
    if (online) void run().catch(() => undefined);
  }, [online, run, current]);
}
