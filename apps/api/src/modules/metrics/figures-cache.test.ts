import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { changeEvents, picklists, users } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { FIGURES_MAX_AGE_MS, createFiguresCache } from "./figures-cache.js";

const t = useTestApp();

const sent = async (token: string, store?: string) => {
  const res = await t.app.inject({ method: "GET", url: `/api/metrics/stores${store ? `?store=${encodeURIComponent(store)}` : ""}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as { stores: { store: string; picklistsSent: number }[]; chain: { picklistsSent: number } };
};

const sendList = async (destination: string) => {
  const res = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: bearer(t.adminToken), payload: { destination, listItems: ["TENIS CASUAL 38 1234567A"] } });
  expect(res.statusCode).toBe(201);
};

/** A computation that counts how often it ran. */
function counter<T>(value: T) {
  const run = { count: 0, compute: async () => (run.count++, value) };
  return run;
}

describe("the dashboards' figures", () => {
  it("count a list sent through the API in the very next answer, for the office and for the store", async () => {
    const store = await t.createStore("Loja Cache Figuras");
    const before = await sent(t.adminToken);
    const ownBefore = await sent(store.token);
    expect(await sent(t.adminToken)).toEqual(before);

    await sendList(store.username);

    const after = await sent(t.adminToken);
    expect(after.chain.picklistsSent).toBe(before.chain.picklistsSent + 1);
    expect(after.stores.find((row) => row.store === store.username)?.picklistsSent).toBe(1);
    const own = await sent(store.token);
    expect(own.stores).toEqual([expect.objectContaining({ store: store.username, picklistsSent: ownBefore.stores[0]!.picklistsSent + 1 })]);
  });

  it("list a store created after the last answer, and keep one store's figures from another's", async () => {
    const first = await sent(t.adminToken);
    const created = await t.createStore("Loja Recém Criada");
    const next = await sent(t.adminToken);
    expect(first.stores.map((row) => row.store)).not.toContain(created.username);
    expect(next.stores.map((row) => row.store)).toContain(created.username);

    const other = await t.createStore("Loja Outra Cache");
    expect((await sent(created.token)).stores.map((row) => row.store)).toEqual([created.username]);
    expect((await sent(other.token)).stores.map((row) => row.store)).toEqual([other.username]);
  });
});

describe("the figures cache", () => {
  it("computes a question once until a list, a user or 'Prazos' changes, concurrent askers sharing one computation", async () => {
    const cache = createFiguresCache(t.database.db);
    const run = counter(42);
    const answers = await Promise.all([cache.get("q", run.compute), cache.get("q", run.compute), cache.get("q", run.compute)]);
    expect(answers).toEqual([42, 42, 42]);
    expect(await cache.get("q", run.compute)).toBe(42);
    expect(run.count).toBe(1);

    const store = await t.createStore("Loja Marca");
    expect(run.count).toBe(1);
    await cache.get("q", run.compute);
    expect(run.count).toBe(2); // a new user

    await t.database.db.insert(picklists).values({ destination: store.username, listItems: ["A"], currentStatus: "Não iniciado" });
    await cache.get("q", run.compute);
    expect(run.count).toBe(3); // a new list, even written straight into the table

    await t.database.db.update(users).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(users.id, store.id));
    await cache.get("q", run.compute);
    expect(run.count).toBe(4); // a user changed

    const deadlines = await t.app.inject({ method: "PUT", url: "/api/deadlines/update", headers: bearer(t.adminToken), payload: { reminderDays: [2, 5], escalationDays: 9, overdueDays: 14, picklistStartHours: 12 } });
    expect(deadlines.statusCode).toBe(200);
    await cache.get("q", run.compute);
    expect(run.count).toBe(5); // 'Prazos' changed

    const other = counter(7);
    expect(await cache.get("another question", other.compute)).toBe(7);
    expect(run.count).toBe(5);
  });

  it("computes again once the figures are older than their bound, and never keeps a failure", async () => {
    let clock = 0;
    const cache = createFiguresCache(t.database.db, { now: () => clock });
    const run = counter("figuras");
    await cache.get("q", run.compute);
    clock = FIGURES_MAX_AGE_MS - 1;
    await cache.get("q", run.compute);
    expect(run.count).toBe(1);
    clock = FIGURES_MAX_AGE_MS;
    await cache.get("q", run.compute);
    expect(run.count).toBe(2);

    let failures = 0;
    const failing = async () => {
      failures++;
      throw new Error("banco indisponível");
    };
    await expect(cache.get("f", failing)).rejects.toThrow("banco indisponível");
    await expect(cache.get("f", failing)).rejects.toThrow("banco indisponível");
    expect(failures).toBe(2);
  });

  it("sees a change whose event id is below the newest, as a late commit leaves it", async () => {
    const cache = createFiguresCache(t.database.db);
    const run = counter(1);
    const newest = async () => Number(((await t.database.db.execute(sql`select coalesce(max(id), 0) as id from change_events`)) as unknown as { rows: { id: string }[] }).rows[0]!.id);
    const event = (id: number) => t.database.db.insert(changeEvents).values({ id, kind: "picklist", recordId: crypto.randomUUID(), action: "update", store: null, status: null });
    const base = await newest();
    await event(base + 10); // committed first, with the newer id
    await cache.get("q", run.compute);
    await event(base + 5); // committed after it, with an id taken before
    await cache.get("q", run.compute);
    expect(await newest()).toBe(base + 10);
    expect(run.count).toBe(2);
  });

  it("sees, on PostgreSQL, a list whose transaction began before another's and commits after it", async () => {
    if (t.database.kind !== "postgres") return expect(t.database.kind).toBe("pglite");
    const late = new pg.Client({ connectionString: t.database.url! });
    const early = new pg.Client({ connectionString: t.database.url! });
    await late.connect();
    await early.connect();
    try {
      const store = await t.createStore("Loja Ordem Commit");
      const cache = createFiguresCache(t.database.db);
      const run = counter(1);
      const insert = `insert into picklists (destination, list_items, current_status) values ($1, array['A'], 'Não iniciado')`;
      await late.query("begin");
      await late.query(insert, [store.username]);
      await early.query(insert, [store.username]);
      await cache.get("q", run.compute);
      await late.query("commit");
      await cache.get("q", run.compute);
      expect(run.count).toBe(2);
    } finally {
      await late.end();
      await early.end();
    }
  });
});
