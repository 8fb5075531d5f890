import { useSyncExternalStore } from "react";
import { ApiError } from "./api-client";
import { readCookie } from "./cookies";
import { COPIES, offlineDatabase } from "./offline-db";

/**
 * The last answer of a few store screens' queries, kept on the device (IndexedDB) per signed-in user,
 * so that 'Iniciar separação' opens without a connection with the lists it last saw, and their
 * catalog products (docs/architecture.md, "Offline"). Only what a store's picking needs is kept: its
 * pending lists and their products, never customers' data. Signing out forgets every copy.
 */
interface Copy {
  key: string;
  user: string;
  savedAt: Date;
  data: unknown;
}

/** The signed-in user's id, from the session cookie: a copy belongs to the user who saw it. */
export function signedInUser(): string | undefined {
  try {
    const user = JSON.parse(readCookie("user") ?? "null") as { id?: unknown } | null;
    return typeof user?.id === "string" ? user.id : undefined;
  } catch {
    return undefined;
  }
}

/** When each copy was last brought up to date: from the server now, or the copy's own time offline. */
const syncedAt = new Map<string, Date>();
const listeners = new Set<() => void>();
function setSyncedAt(name: string, at: Date) {
  syncedAt.set(name, at);
  for (const listener of listeners) listener();
}

/** The time the screen's data under `name` last came from the server (undefined: not yet). */
export function useSyncedAt(name: string): Date | undefined {
  return useSyncExternalStore(
    (changed) => {
      listeners.add(changed);
      return () => listeners.delete(changed);
    },
    () => syncedAt.get(name),
  );
}

/** A failure that says nothing about the data: no connection, or no answer in time. */
export const isNoConnection = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * Loads from the server and keeps a copy; when the server cannot be reached, answers the copy this
 * user's device kept, if any (otherwise the failure, as before).
 */
export async function withOfflineCopy<T>(name: string, load: () => Promise<T>): Promise<T> {
  const user = signedInUser();
  try {
    const data = await load();
    const now = new Date();
    setSyncedAt(name, now);
    if (user) void keep({ key: `${user}:${name}`, user, savedAt: now, data });
    return data;
  } catch (error) {
    if (!user || !isNoConnection(error)) throw error;
    const copy = await read(`${user}:${name}`);
    if (!copy) throw error;
    setSyncedAt(name, copy.savedAt);
    return copy.data as T;
  }
}

/** Keeps what the server just answered by another way (a change's answer, a live update) as the copy. */
export function keepOfflineCopy(name: string, data: unknown): void {
  const user = signedInUser();
  if (!user || data === undefined) return;
  const now = new Date();
  setSyncedAt(name, now);
  void keep({ key: `${user}:${name}`, user, savedAt: now, data });
}

async function keep(copy: Copy): Promise<void> {
  try {
    await (await offlineDatabase()).put(COPIES, copy);
  } catch {
    // No IndexedDB (a private window, a full disk): the screens need the connection, as before.
  }
}

async function read(key: string): Promise<Copy | undefined> {
  try {
    return (await (await offlineDatabase()).get(COPIES, key)) as Copy | undefined;
  } catch {
    return undefined;
  }
}

/** Signing out: the next person at the tablet finds nothing of the last one's. */
export async function forgetOfflineCopies(): Promise<void> {
  syncedAt.clear();
  for (const listener of listeners) listener();
  try {
    await (await offlineDatabase()).clear(COPIES);
  } catch {
    // Nothing kept.
  }
}

/** A short, stable name for a long key (the texts of a list): FNV-1a, 32 bits, in hex. */
export function shortName(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
