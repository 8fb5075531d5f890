import { useEffect, useSyncExternalStore } from "react";
import { afterLoadIdle } from "./after-load";

export interface DeferredModule<T> {
  /** Starts loading the module now (a press or a focus on what it draws); once only. */
  load: () => void;
  /** The module once it has arrived, null before; a component using it starts the load once the page is idle. */
  useModule: () => T | null;
}

/**
 * A module kept out of a page's first JavaScript and loaded after it: once the page is idle, or at once
 * when the person reaches for what it draws. Until it arrives, the component draws a stand-in of the same
 * size (a menu's button without its menu), so nothing on the page moves when it comes. A failed load
 * (no connection) is tried again at the next reach.
 */
export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let loaded: T | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
      },
      () => {
        loading = null;
      },
    );
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    load,
    useModule() {
      useEffect(() => afterLoadIdle(load), []);
      return useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      );
    },
  };
}
