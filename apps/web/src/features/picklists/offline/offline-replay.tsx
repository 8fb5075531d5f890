import { useReplayQueuedChanges } from "./use-queued-changes";

/**
 * Sends the store's changes made offline whenever the connection is there, on whichever screen the
 * clerk is (app/signed-in.tsx mounts it for stores, in a chunk of its own).
 */
export function OfflineReplay() {
  useReplayQueuedChanges();
  return null;
}
