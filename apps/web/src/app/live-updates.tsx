import { STORE, type LiveEventData, type LiveEventKind, type User } from "@passo/domain";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { useEffect } from "react";
import { picklistEventKeys, picklistResyncKeys, syncPendingCard } from "@/features/picklists/api/live-picklists";
import { pickupEventKeys } from "@/features/pickups/api/live-pickups";
import { returnEventKeys } from "@/features/returns/api/live-returns";
import { openSharedLiveConnection } from "@/lib/live-shared";

/** Changes arriving this close together reload each touched query once. */
const BATCH_MS = 150;

/** The queries one change touches: only those of its flow, and only the mounted ones reload. */
export function keysTouchedBy(kind: LiveEventKind, event: LiveEventData): QueryKey[] {
  if (kind === "picklist") return picklistEventKeys(event);
  if (kind === "pickup") return pickupEventKeys();
  return returnEventKeys();
}

/** Invalidates the touched queries in batches: a burst of changes is one reload per screen. */
function batchedInvalidation(queryClient: QueryClient) {
  const touched = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...touched.values()];
    touched.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    touch(keys: QueryKey[]) {
      for (const key of keys) touched.set(JSON.stringify(key), key);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * The session's live updates: one stream for the signed-in user, shared by the browser's tabs, whose
 * events reload the screens that show the changed records. Renders nothing.
 */
export function LiveUpdates({ token, user }: { token: string; user: User }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const batch = batchedInvalidation(queryClient);
    const close = openSharedLiveConnection(token, user.id, {
      onEvent(kind, event) {
        batch.touch(keysTouchedBy(kind, event));
        if (kind === "picklist" && user.role === STORE) void syncPendingCard(queryClient, event);
      },
      onResync() {
        batch.touch([...picklistResyncKeys(), ...pickupEventKeys(), ...returnEventKeys()]);
      },
    });
    return () => {
      batch.cancel();
      close();
    };
  }, [queryClient, token, user.id, user.role]);
  return null;
}
