import {
  medianStore,
  type MedianStoreMetrics,
  AWAITING_PICKUP,
  DAY_MS,
  PICKLIST_COMPLETED,
  PICKLIST_NOT_COMPLETED,
  RETURN_COMPLETED,
  RETURN_RECEIVED,
  RETURN_REFUSED,
  STORE,
  dateRange,
  type ChainMetrics,
  type DailyMetrics,
  type NotFoundProduct,
  type StoreMetrics,
} from "@passo/domain";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { storesSelected, type Reader, type StoreScope } from "../../lib/store-scope.js";
/** Who asks: a store sees only its own figures, a Supervisor its stores'. */
export type Actor = Reader;
import { currentDeadlines } from "../deadlines/deadlines.service.js";

export interface MetricsFilters {
  from?: string | undefined;
  to?: string | undefined;
  store?: string | undefined;
}

/**
 * A status as a literal in the SQL text, not a parameter: the partial indexes of the metrics
 * (migration 0013) name their statuses, and only a literal lets the planner match a prepared
 * statement's plan to them. The statuses are the domain's constants, never user input.
 */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

export const FINISHED = sql`current_status in (${literal(PICKLIST_COMPLETED)}, ${literal(PICKLIST_NOT_COMPLETED)})`;

/** The half-open range of a filter as SQL on a column; from/to are whole days in the time zone. */
export function within(column: SQL, filters: MetricsFilters, timezone: string): SQL {
  const range = dateRange(filters.from, filters.to, timezone);
  const parts: SQL[] = [sql`true`];
  if (range.gte) parts.push(sql`${column} >= ${range.gte.toISOString()}::timestamptz`);
  if (range.lt) parts.push(sql`${column} < ${range.lt.toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** The stores whose figures are shown (a store always itself, a Supervisor its stores), or null for every store. */
export const scopedStores = (actor: Actor, store: string | undefined): StoreScope => storesSelected(actor, store);

/** `and <column> in (the stores)` for a scope; nothing for every store. */
export function andStoreIn(column: SQL, stores: StoreScope): SQL {
  if (stores === null) return sql``;
  if (stores.length === 0) return sql`and false`;
  return sql`and ${column} in (${sql.join(
    stores.map((name) => sql`${name}`),
    sql`, `,
  )})`;
}

/** Every store's username, in order. */
async function everyStore(db: Db): Promise<string[]> {
  const rows = await db.select({ username: users.username }).from(users).where(eq(users.role, STORE)).orderBy(asc(users.username));
  return rows.map((r) => r.username);
}

/** The stores an actor may see figures of: a store only itself, whatever it asks; a Supervisor its stores (one or all); an administrator one or all. */
function visibleStores(all: readonly string[], actor: Actor, store: string | undefined): string[] {
  const shown = scopedStores(actor, store);
  return shown === null ? [...all] : all.filter((name) => shown.includes(name));
}

/** A figure whose SQL answer may be a string (bigint) or null. */
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

interface PicklistFigures {
  store: string | null;
  sent: number;
  finished: number;
  median_start: number | null;
  median_pick: number | null;
  fill_rate: number | null;
  not_found: number;
}

/**
 * A flow's figures per store and for the whole chain (the row whose store is null), in one query.
 * For every store: grouped by store, with the chain as the empty grouping set. For a few (a store
 * itself, or the one the office asks for): the chain's row over everything, then those stores'
 * own rows read by their store's index, so that no other store's rows are sorted nor grouped.
 * Stores are grouped by their bytes (`collate "C"`): the same groups, without sorting tens of
 * thousands of names by the language's rules.
 */
function byStoreAndChain(storeColumn: SQL, figures: SQL, from: SQL, where: SQL, stores: string[] | "all"): SQL {
  if (stores === "all") return sql`select ${storeColumn} collate "C" as store, ${figures} from ${from} where ${where} group by grouping sets ((1), ())`;
  const chain = sql`select null::text as store, ${figures} from ${from} where ${where}`;
  if (stores.length === 0) return chain;
  const names = sql.join(
    stores.map((name) => sql`${name}`),
    sql`, `,
  );
  return sql`${chain} union all select ${storeColumn} as store, ${figures} from ${from} where ${where} and ${storeColumn} in (${names}) group by 1`;
}

/**
 * Every figure of every store over a period, and the chain's together: one query per flow (see
 * byStoreAndChain), each read from a covering index alone (migration 0013).
 */
export async function storeMetrics(
  db: Db,
  actor: Actor,
  filters: MetricsFilters,
  timezone: string,
  now = new Date(),
): Promise<{ stores: StoreMetrics[]; chain: ChainMetrics; medianStore: MedianStoreMetrics }> {
  const all = await everyStore(db);
  const stores = visibleStores(all, actor, filters.store);
  // Every store's figures are read, whoever asks: the median store is over all of them.
  const scope = "all";
  const lists = rowsOf<PicklistFigures>(
    await db.execute(
      byStoreAndChain(
        sql`destination`,
        sql`count(*)::int as sent,
          (count(*) filter (where ${FINISHED}))::int as finished,
          percentile_cont(0.5) within group (order by extract(epoch from time_started - send_date)) filter (where time_started is not null) as median_start,
          percentile_cont(0.5) within group (order by extract(epoch from time_completed - time_started))
            filter (where ${FINISHED} and time_started is not null and time_completed is not null) as median_pick,
          (sum(completed_count) filter (where ${FINISHED}))::float8 / nullif(sum(item_count) filter (where ${FINISHED}), 0) as fill_rate,
          coalesce(sum(uncompleted_count) filter (where ${FINISHED}), 0)::int as not_found`,
        sql`picklists`,
        within(sql`send_date`, filters, timezone),
        scope,
      ),
    ),
  );

  const { overdueDays } = await currentDeadlines(db);
  const overdueBefore = new Date(now.getTime() - overdueDays * DAY_MS).toISOString();
  const waiting = rowsOf<{ store: string | null; waiting: number; overdue: number }>(
    await db.execute(
      byStoreAndChain(
        sql`pickup_store_name`,
        sql`count(*)::int as waiting, (count(*) filter (where waiting_since < ${overdueBefore}::timestamptz))::int as overdue`,
        sql`pickups`,
        sql`pickup_status = ${literal(AWAITING_PICKUP)}`,
        scope,
      ),
    ),
  );

  const returned = rowsOf<{ store: string | null; received: number; refused: number }>(
    await db.execute(
      byStoreAndChain(
        sql`return_store`,
        sql`(count(*) filter (where return_status in (${RETURN_RECEIVED}, ${RETURN_COMPLETED})))::int as received,
          (count(*) filter (where return_status = ${RETURN_REFUSED}))::int as refused`,
        sql`returns`,
        sql`return_store is not null and ${within(sql`date_of_creation`, filters, timezone)}`,
        scope,
      ),
    ),
  );

  const figures = (store: string | null): ChainMetrics => {
    // The chain's row has a null store, as no real store's has.
    const l = lists.find((r) => r.store === store);
    const w = waiting.find((r) => r.store === store);
    const r = returned.find((row) => row.store === store);
    return {
      picklistsSent: num(l?.sent) ?? 0,
      picklistsFinished: num(l?.finished) ?? 0,
      medianStartSeconds: num(l?.median_start),
      medianPickSeconds: num(l?.median_pick),
      fillRate: num(l?.fill_rate),
      notFoundItems: num(l?.not_found) ?? 0,
      pickupsWaiting: num(w?.waiting) ?? 0,
      pickupsOverdue: num(w?.overdue) ?? 0,
      returnsReceived: num(r?.received) ?? 0,
      returnsRefused: num(r?.refused) ?? 0,
    };
  };

  return { stores: stores.map((store) => ({ store, ...figures(store) })), chain: figures(null), medianStore: medianStore(all.map(figures)) };
}

/** The lists sent per day (by their status now) and the day's median separation time, for the charts. */
export async function dailyMetrics(db: Db, actor: Actor, filters: MetricsFilters, timezone: string): Promise<DailyMetrics[]> {
  const stores = scopedStores(actor, filters.store);
  const rows = rowsOf<{ day: string; status: string | null; sent: number; median_pick: number | null }>(
    await db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as day, status, sent, median_pick from (
        select (send_date at time zone ${timezone})::date as day, current_status collate "C" as status, count(*)::int as sent,
          percentile_cont(0.5) within group (order by extract(epoch from time_completed - time_started))
            filter (where ${FINISHED} and time_started is not null and time_completed is not null) as median_pick
        from picklists
        where ${within(sql`send_date`, filters, timezone)} ${andStoreIn(sql`destination`, stores)}
        group by grouping sets ((1, 2), (1))
      ) as days
      order by days.day`),
  );
  const days = new Map<string, DailyMetrics>();
  for (const row of rows) {
    const day = days.get(row.day) ?? { day: row.day, byStatus: {}, picklistsSent: 0, medianPickSeconds: null };
    if (row.status === null) {
      day.picklistsSent = Number(row.sent);
      day.medianPickSeconds = num(row.median_pick);
    } else day.byStatus[row.status] = Number(row.sent);
    days.set(row.day, day);
  }
  return [...days.values()];
}

/** The products most often left unfound in the finished lists of the period, most frequent first. */
export async function frequentNotFound(db: Db, actor: Actor, filters: MetricsFilters, timezone: string, limit = 10): Promise<NotFoundProduct[]> {
  const stores = scopedStores(actor, filters.store);
  const rows = rowsOf<{ item: string; count: number }>(
    await db.execute(sql`
      select u.item, count(*)::int as count
      from picklists cross join lateral unnest(uncompleted_items) as u(item)
      where ${FINISHED} and uncompleted_count > 0 and ${within(sql`send_date`, filters, timezone)} ${andStoreIn(sql`destination`, stores)}
      group by u.item
      order by count(*) desc, u.item
      limit ${limit}`),
  );
  return rows.map((r) => ({ item: r.item, count: Number(r.count) }));
}
