import { useSyncExternalStore } from "react";

/** The choices of every 'Linhas:' select, the default, and the one key all screens share. */
export const ROWS_PER_PAGE_OPTIONS = [6, 8, 10, 12, 14, 16, 18, 20] as const;
export const DEFAULT_ROWS_PER_PAGE = 8;
export const ROWS_PER_PAGE_KEY = "rowsPerPage";

const listeners = new Set<() => void>();
// Set only when storage refused a write, so the choice still holds in this tab.
let unsaved: number | undefined;
let reportedReadFailure = false;

function isOption(value: unknown): value is number {
  return typeof value === "number" && (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(value);
}

function read(): number {
  if (unsaved !== undefined) return unsaved;
  try {
    const raw = localStorage.getItem(ROWS_PER_PAGE_KEY);
    if (raw === null) return DEFAULT_ROWS_PER_PAGE;
    // Also accepts "\"10\"", as a value written as a string.
    const value = Number(JSON.parse(raw));
    return isOption(value) ? value : DEFAULT_ROWS_PER_PAGE;
  } catch (error) {
    if (!reportedReadFailure) console.error("Não foi possível ler as linhas por página.", error);
    reportedReadFailure = true;
    return DEFAULT_ROWS_PER_PAGE;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  // key is null when another tab cleared the whole storage.
  if (event.key === ROWS_PER_PAGE_KEY || event.key === null) notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export function setRowsPerPage(size: number) {
  if (!isOption(size)) return;
  try {
    localStorage.setItem(ROWS_PER_PAGE_KEY, JSON.stringify(size));
    unsaved = undefined;
  } catch (error) {
    unsaved = size;
    console.error("Não foi possível salvar as linhas por página.", error);
  }
  notify();
}

const serverSnapshot = () => DEFAULT_ROWS_PER_PAGE;

/** The page size every table uses, and its setter; all mounted users (and other tabs) follow a change. */
export function useRowsPerPage(): [number, (size: number) => void] {
  const size = useSyncExternalStore(subscribe, read, serverSnapshot);
  return [size, setRowsPerPage];
}
