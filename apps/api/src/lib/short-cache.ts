import type { Db } from "../db/client.js";

/**
 * How long a process may go on using what it read of a row another process has since changed: a
 * signed-in user (a password changed or an account deleted elsewhere), a setting ('Prazos', the
 * customer e-mails' switches, a template). Changes made through this process are seen at once.
 *
 * Why a bound and not a notification: a LISTEN connection can be lost without anyone noticing for a
 * while, and a cache that trusts it would then keep a deleted user signed in for as long; a bound holds
 * whatever happens to the connections. At one read per key and process per second, the database's
 * share stays negligible, while the busy paths (every request's user, every pickup's deadline) stop
 * paying a round trip each.
 */
export const SHARED_READ_TTL_MS = 1_000;

interface Entry<V> {
  value: Promise<V>;
  /** performance.now() past which the value is read again. */
  until: number;
}

export interface ShortCache<K, V> {
  /** The value, read now or less than the TTL ago (the promise is shared by concurrent callers). */
  get(db: Db, key: K): Promise<V>;
  /** Drops what this process keeps of `db`: the next get reads again (call it after the change's commit). */
  forget(db: Db): void;
}

/**
 * Values read from the database, kept per database (an app's `db`, never a transaction's) for at most
 * `ttlMs`. A read still under way when `forget` is called reaches the callers that asked for it but is
 * not kept. `keep(value)` false: the value is handed out but not kept (a token that turned out invalid).
 * At most `maxEntries` per database, the oldest dropped first.
 */
export function shortCache<K, V>(
  load: (db: Db, key: K) => Promise<V>,
  { ttlMs = SHARED_READ_TTL_MS, maxEntries = 10_000, keep = () => true }: { ttlMs?: number; maxEntries?: number; keep?: (value: V) => boolean } = {},
): ShortCache<K, V> {
  const perDatabase = new WeakMap<Db, Map<K, Entry<V>>>();
  return {
    get(db, key) {
      let entries = perDatabase.get(db);
      if (!entries) perDatabase.set(db, (entries = new Map()));
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (hit) entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as K);
      const entry: Entry<V> = { value: load(db, key), until: now + ttlMs };
      entries.set(key, entry);
      const drop = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => {
        if (!keep(value)) drop();
      }, drop);
      return entry.value;
    },
    forget(db) {
      perDatabase.get(db)?.clear();
    },
  };
}
