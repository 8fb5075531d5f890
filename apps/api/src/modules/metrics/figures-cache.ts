import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";

/**
 * The dashboards' figures, kept by each process until something they are computed from changes.
 *
 * A period's figures at a chain's scale cost tens of milliseconds of the database's CPU (exact
 * medians over tens of thousands of lists), and every supervisor's and every store's dashboard asks
 * for the chain's. Between two changes the answer is the same, so it is computed once and served
 * to everyone who asks the same question, until:
 * - a list, pickup or return changes: every committed change writes a row to `change_events`
 *   (triggers, migration 0010), so the newest id moves; a change that commits after a newer one
 *   (ids are taken at insert, commits may come in another order) still changes how many events
 *   the newest thousand ids hold;
 * - a user is created, changed or deleted (the stores listed, their names), or 'Prazos' changes
 *   (which pickups are overdue);
 * - MAX_AGE_MS passes: the waiting pickups' ages move with the clock, and "today" with the day.
 * Checking costs one small query per request. A figure is therefore never older than the last
 * change the database committed before the request, except for what the clock alone moves (at
 * most MAX_AGE_MS).
 */
export const FIGURES_MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 1_000;
/** How many of the newest change-event ids are counted to see a late commit among them. */
const RECENT_EVENTS = 1_000;

interface Entry {
  mark: string;
  at: number;
  value: Promise<unknown>;
}

/** What the figures depend on, as one string that changes whenever one of them does. */
async function currentMark(db: Db): Promise<string> {
  const result = await db.execute(sql`
    select concat_ws(':',
      (select coalesce(max(id), 0) from change_events),
      (select count(*) from change_events where id > (select coalesce(max(id), 0) from change_events) - ${RECENT_EVENTS}),
      (select count(*) || '/' || coalesce(max(updated_at)::text, '') from users),
      (select coalesce(max(updated_at)::text, '') from deadline_settings)
    ) as mark`);
  return rowsOf<{ mark: string }>(result)[0]?.mark ?? "";
}

export interface FiguresCache {
  /** The answer to `key`, computed now or since the last change; concurrent askers share one computation. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export function createFiguresCache(db: Db, { maxAgeMs = FIGURES_MAX_AGE_MS, now = () => performance.now() } = {}): FiguresCache {
  const entries = new Map<string, Entry>();
  return {
    async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
      // The mark is read before computing: a change committed while the figures are computed
      // moves it, and the next request computes again.
      const mark = await currentMark(db);
      const time = now();
      const hit = entries.get(key);
      if (hit && hit.mark === mark && time - hit.at < maxAgeMs) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      const entry: Entry = { mark, at: time, value: compute() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
  };
}
