import type { NotFoundByProduct, NotFoundGrouping } from "@passo/domain";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.js";
import { FINISHED, andStoreIn, scopedStores, within, type Actor, type MetricsFilters } from "./metrics.service.js";

/**
 * The items left unfound in the finished lists of the period, by product: an item made from the
 * catalog ends with its SKU (docs/glossary.md: Produto), so its last word finds the product; any
 * other item stands for itself. Grouped by SKU, or by reference with a count per size; most frequent
 * first, at most `limit` (all when undefined: the CSV).
 */
export async function notFoundByProduct(
  db: Db,
  actor: Actor,
  filters: MetricsFilters,
  timezone: string,
  by: NotFoundGrouping,
  limit?: number,
): Promise<NotFoundByProduct[]> {
  const stores = scopedStores(actor, filters.store);
  const missing = sql`
    select u.item, count(*)::int as count
    from picklists cross join lateral unnest(uncompleted_items) as u(item)
    where ${FINISHED} and uncompleted_count > 0 and ${within(sql`send_date`, filters, timezone)} ${andStoreIn(sql`destination`, stores)}
    group by u.item`;
  // The item's last word, as the catalog keys a SKU (upper-case).
  const bySku = sql`
    select coalesce(p.sku, m.item) as key, p.sku, p.reference, min(coalesce(p.description, m.item)) as description, p.size, p.color,
      sum(m.count)::int as count
    from missing m left join products p on p.sku = upper(reverse(split_part(reverse(btrim(m.item)), ' ', 1)))
    group by coalesce(p.sku, m.item), p.sku, p.reference, p.size, p.color`;
  const query =
    by === "sku"
      ? sql`with missing as (${missing}) select * from (${bySku}) g order by count desc, key ${limit === undefined ? sql`` : sql`limit ${limit}`}`
      : sql`with missing as (${missing}), by_sku as (${bySku})
          select coalesce(reference, key) as key, null as sku, reference, min(description) as description, null as size,
            case when count(distinct color) = 1 then min(color) end as color, sum(count)::int as count,
            case when reference is null then null
              else json_agg(json_build_object('size', size, 'sku', sku, 'count', count) order by size, sku) end as sizes
          from by_sku group by coalesce(reference, key), reference
          order by count desc, key ${limit === undefined ? sql`` : sql`limit ${limit}`}`;
  const rows = rowsOf<NotFoundByProduct & { sizes: NotFoundByProduct["sizes"] | null }>(await db.execute(query));
  return rows.map(({ sizes, ...row }) => ({ ...row, count: Number(row.count), ...(by === "reference" && sizes ? { sizes } : {}) }));
}
