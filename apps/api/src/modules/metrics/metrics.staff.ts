import { STAFF_METRICS_MESSAGES, STAFF_UNNAMED, STORE, type StaffMetricsResponse } from "@passo/domain";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { readsStore } from "../../lib/store-scope.js";
import { within, type Actor, type MetricsFilters } from "./metrics.service.js";

/** The store whose people are shown: a store itself; anyone else names one it may read. */
function storeOf(actor: Actor, store: string | undefined): string {
  if (actor.role === STORE) return actor.username;
  if (!store) throw badRequest(STAFF_METRICS_MESSAGES.storeRequired);
  // A store the asker may not read is answered as one that does not exist, as its records are.
  if (!readsStore(actor, store)) throw notFound("Loja não encontrada.");
  return store;
}

/**
 * 'Por atendente': per staff member of one store, the lists finished and their median picking time
 * (lists sent in the period) and the pickups handed over (handed over in the period). The names are
 * those written on the records when the PIN was typed, so a removed staff member keeps their rows;
 * work done with no PIN (the store's own name on a handover, or none) is one row, last.
 */
export async function staffMetrics(db: Db, actor: Actor, filters: MetricsFilters, timezone: string): Promise<StaffMetricsResponse> {
  // The period first: a bad date is the first thing to say, whoever asks.
  const sentWithin = within(sql`send_date`, filters, timezone);
  const handedWithin = within(sql`actual_pickup_date`, filters, timezone);
  const store = storeOf(actor, filters.store);
  const rows = rowsOf<{ name: string; finished: number; median_pick: number | null; handovers: number }>(
    await db.execute(sql`
      with lists as (
        select coalesce(finished_by, '') as name, count(*)::int as finished,
          percentile_cont(0.5) within group (order by extract(epoch from time_completed - time_started)) filter (where time_started is not null) as median_pick
        from picklists
        where destination = ${store} and time_completed is not null and ${sentWithin}
        group by 1
      ), handovers as (
        select case when handed_over_by is null or handed_over_by = ${store} then '' else handed_over_by end as name, count(*)::int as handovers
        from pickups
        where pickup_store_name = ${store} and actual_pickup_date is not null and ${handedWithin}
        group by 1
      )
      select coalesce(l.name, h.name) as name, coalesce(l.finished, 0) as finished, l.median_pick, coalesce(h.handovers, 0) as handovers
      from lists l full join handovers h on h.name = l.name
      order by coalesce(l.name, h.name) = '', coalesce(l.finished, 0) + coalesce(h.handovers, 0) desc, 1`),
  );
  return {
    store,
    staff: rows.map((row) => ({
      name: row.name === "" ? STAFF_UNNAMED : row.name,
      named: row.name !== "",
      picklistsFinished: Number(row.finished),
      medianPickSeconds: row.median_pick === null ? null : Math.round(Number(row.median_pick)),
      handovers: Number(row.handovers),
    })),
  };
}
