import {
  AWAITING_PICKUP,
  DAY_MS,
  PICKUP_AGE_BANDS,
  REFUSAL_REASONS,
  RETURN_REFUSED,
  STORE,
  type PickupsAgeResponse,
  type RefusalsResponse,
} from "@passo/domain";
import { sql, type SQL } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { andStoreIn, scopedStores, within, type Actor, type MetricsFilters } from "./metrics.service.js";
import type { StoreScope } from "../../lib/store-scope.js";

/** The same filters as every figure: a period and a store. */
export type BreakdownFilters = MetricsFilters;

/** Which per-store rows count: the chosen store's, or all. */
const scope = (stores: StoreScope): SQL => sql`true ${andStoreIn(sql`store`, stores)}`;

/**
 * The pickups waiting now, by how long they have waited, per store; and the median store's counts,
 * over every store (zeros included), so a store can compare itself without seeing another's figures.
 * Reads only the waiting pickups (the status leads the index), whatever the period.
 */
export async function pickupsByAge(db: Db, actor: Actor, filters: BreakdownFilters, now = new Date()): Promise<PickupsAgeResponse> {
  const store = scopedStores(actor, filters.store);
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const [, from3, from7, from15] = PICKUP_AGE_BANDS.map((band) => since(band.minDays));
  const rows = rowsOf<{ store: string | null; d0: string; d3: string; d7: string; d15: string }>(
    await db.execute(sql`
      with waiting as (
        select pickup_store_name as store, coalesce(waiting_since, order_dispatch_date) as since
        from pickups
        where pickup_status = ${AWAITING_PICKUP}
      ), counts as (
        select store,
          count(*) filter (where since > ${from3}::timestamptz) as d0,
          count(*) filter (where since <= ${from3}::timestamptz and since > ${from7}::timestamptz) as d3,
          count(*) filter (where since <= ${from7}::timestamptz and since > ${from15}::timestamptz) as d7,
          count(*) filter (where since <= ${from15}::timestamptz) as d15
        from waiting
        group by store
      ), per_store as (
        select u.username as store, coalesce(c.d0, 0) as d0, coalesce(c.d3, 0) as d3, coalesce(c.d7, 0) as d7, coalesce(c.d15, 0) as d15
        from users u left join counts c on c.store = u.username
        where u.role = ${STORE}
      )
      select store, d0, d3, d7, d15 from (select * from per_store where ${scope(store)} order by store) as shown
      union all
      select null,
        percentile_cont(0.5) within group (order by d0),
        percentile_cont(0.5) within group (order by d3),
        percentile_cont(0.5) within group (order by d7),
        percentile_cont(0.5) within group (order by d15)
      from per_store`),
  );
  const bands = (r: { d0: string; d3: string; d7: string; d15: string } | undefined) => ({
    days0to2: Number(r?.d0 ?? 0),
    days3to6: Number(r?.d3 ?? 0),
    days7to14: Number(r?.d7 ?? 0),
    days15plus: Number(r?.d15 ?? 0),
  });
  return {
    stores: rows.filter((r) => r.store !== null).map((r) => ({ store: r.store as string, ...bands(r) })),
    chainMedian: bands(rows.find((r) => r.store === null)),
  };
}

/**
 * The returns refused in the period (by their creation, as 'Devoluções recusadas'), by reason: every
 * offered reason, zero included, and any other reason found; with the median store's count of each.
 * Reads only the refused returns of the period (status and creation lead the index).
 */
export async function refusalsByReason(db: Db, actor: Actor, filters: BreakdownFilters, timezone: string): Promise<RefusalsResponse> {
  const store = scopedStores(actor, filters.store);
  const offered = REFUSAL_REASONS.map((r) => r.label);
  const offeredValues = sql.join(
    offered.map((reason) => sql`(${reason}::text)`),
    sql`, `,
  );
  const rows = rowsOf<{ reason: string; count: string; chain_median: string }>(
    await db.execute(sql`
      with counts as (
        select return_store as store, reason_for_refusal as reason, count(*) as n
        from returns
        where return_status = ${RETURN_REFUSED} and return_store is not null and ${within(sql`date_of_creation`, filters, timezone)}
        group by return_store, reason_for_refusal
      ), reasons as (
        select reason from counts union select reason from (values ${offeredValues}) as offered(reason)
      ), grid as (
        select u.username as store, r.reason, coalesce(c.n, 0) as n
        from users u cross join reasons r left join counts c on c.store = u.username and c.reason = r.reason
        where u.role = ${STORE}
      )
      select reason, coalesce(sum(n) filter (where ${scope(store)}), 0) as count, percentile_cont(0.5) within group (order by n) as chain_median
      from grid
      group by reason
      order by 2 desc, reason`),
  );
  return { reasons: rows.map((r) => ({ reason: r.reason, count: Number(r.count), chainMedian: Number(r.chain_median) })) };
}
