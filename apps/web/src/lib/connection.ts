import { useSyncExternalStore } from "react";

/**
 * Whether the device has a network connection, as the browser tells it (`navigator.onLine` and its
 * `online`/`offline` events). "Online" only means a network is there: a request may still fail, and
 * the screens handle that too.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

function subscribe(changed: () => void): () => void {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}
