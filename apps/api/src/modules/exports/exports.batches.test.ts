import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
let store: { username: string; token: string };
let other: { username: string; token: string };

const get = (url: string, token = t.adminToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });
/** The data rows of a CSV answer, without the BOM and header. */
const rows = (body: string) => body.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1);
const item = (line: string) => line.split(";")[5];

/** The order the history screen lists a store's lists in (newest first, then id), as their one item. */
async function historyOrder(destination: string, status?: string): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select list_items[1] as item from picklists
    where destination = ${destination} ${status ? sql`and current_status = ${status}` : sql``}
    order by send_date desc nulls last, id`);
  return (result as unknown as { rows: { item: string }[] }).rows.map((r) => r.item);
}

beforeAll(async () => {
  store = await t.createStore("Loja Lotes");
  other = await t.createStore("Loja Vizinha");
  // 2,500 lists sent within one millisecond, three at each microsecond, and 1,200 of another store
  // interleaved with them: batches of 1,000 end amid rows that a millisecond clock cannot tell
  // apart, and amid rows of the very same instant.
  await t.database.db.execute(sql`
    insert into picklists (destination, send_date, list_items, current_status)
    select ${store.username}, '2026-05-10T12:00:00Z'::timestamptz + (i / 3) * interval '1 microsecond', array['LOTE ' || i],
      case when i % 2 = 0 then 'Concluído' else 'Não iniciado' end
    from generate_series(0, 2499) as i`);
  await t.database.db.execute(sql`
    insert into picklists (destination, send_date, list_items)
    select ${other.username}, '2026-05-10T12:00:00Z'::timestamptz + i * interval '1 microsecond', array['VIZINHA ' || i]
    from generate_series(0, 1199) as i`);
});

describe("CSV exports read in batches", () => {
  it("reads a long export in batches that neither skip nor repeat a row, newest first as the history", async () => {
    const res = await get(`/api/picklist/export?store=${encodeURIComponent(store.username)}`);
    expect(res.statusCode).toBe(200);
    const items = rows(res.body).map(item);
    expect(items).toHaveLength(2500);
    expect(new Set(items).size).toBe(2500);
    expect(items).toEqual(await historyOrder(store.username));
  });

  it("keeps the filters in every batch", async () => {
    const done = rows((await get(`/api/picklist/export?store=${encodeURIComponent(store.username)}&status=Concluído`)).body);
    expect(done).toHaveLength(1250);
    expect(done.every((line) => line.startsWith("Loja Lotes;") && line.endsWith(";Concluído;"))).toBe(true);
    expect(done.map(item)).toEqual(await historyOrder(store.username, "Concluído"));
  });

  it("gives a store every one of its own rows across batches and none of another store's", async () => {
    const own = rows((await get("/api/picklist/export", store.token)).body);
    expect(own).toHaveLength(2500);
    expect(own.every((line) => line.startsWith("Loja Lotes;"))).toBe(true);
    expect(rows((await get(`/api/picklist/export?store=${encodeURIComponent(store.username)}`, other.token)).body)).toEqual([]);
  });

  it("gives the administrator every store's rows, each once, however they interleave", async () => {
    const all = rows((await get("/api/picklist/export")).body).map(item);
    expect(all).toHaveLength(3700);
    expect(new Set(all).size).toBe(3700);
  });
});
