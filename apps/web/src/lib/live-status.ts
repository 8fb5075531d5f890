import { useSyncExternalStore } from "react";

/** A stream that comes back within this is not worth telling anyone about. */
const GRACE_MS = 3_000;

let disconnected = false;
let grace: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setDisconnected(next: boolean) {
  if (next === disconnected) return;
  disconnected = next;
  for (const listener of listeners) listener();
}

/**
 * Where the session's live-update stream stands: `open`, `reconnecting` (it dropped and is coming back
 * by itself) or `off` (signed out). The header says so once it has been reconnecting a few seconds.
 */
export type LiveStatus = "open" | "reconnecting" | "off";

export function setLiveStatus(status: LiveStatus): void {
  if (status === "reconnecting") {
    grace ??= setTimeout(() => setDisconnected(true), GRACE_MS);
    return;
  }
  clearTimeout(grace);
  grace = undefined;
  setDisconnected(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** True while the live updates have been down for more than a few seconds. */
export const useLiveDisconnected = () => useSyncExternalStore(subscribe, () => disconnected);
