import { openDB, type IDBPDatabase } from "idb";

/**
 * The device's own database (IndexedDB), for working without a connection: `copies`, the last
 * answers of the store's screens (lib/offline-copies.ts), and `queue`, the changes made offline, in
 * the order they were made (features/picklists/offline/change-queue.ts).
 */
export const OFFLINE_DB = "passo-offline";
export const COPIES = "copies";
export const QUEUE = "queue";

let opening: Promise<IDBPDatabase> | undefined;

export function offlineDatabase(): Promise<IDBPDatabase> {
  opening ??= openDB(OFFLINE_DB, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(COPIES, { keyPath: "key" });
      if (oldVersion < 2) {
        const queue = db.createObjectStore(QUEUE, { keyPath: "seq", autoIncrement: true });
        queue.createIndex("user", "user");
      }
    },
  }).catch((error: unknown) => {
    // No IndexedDB here (a private window): the next call tries again rather than keep the failure.
    opening = undefined;
    throw error;
  });
  return opening;
}
