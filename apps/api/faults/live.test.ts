/**
 * Live updates across two API processes on one PostgreSQL: a change committed through one reaches a client of the
 * other within a second; the process a client streams from is killed (-9) in the middle of a write load, the client
 * reconnects to the other with Last-Event-ID and misses nothing; a process stopped with SIGTERM ends its streams.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStream, type OpenStream, type StreamedEvent } from "../src/testing/live-stream.js";
import { bySize, createStores, runId, sleep, type Store } from "./support/chain.js";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { ADMIN, api, login, startServer, type RunningServer } from "./support/servers.js";

const CHANGES = bySize(40, 15);
const LOAD = bySize(120, 40);

let cluster: PrivatePostgres | undefined;
let a: RunningServer;
let b: RunningServer;
let adminToken: string;
let databaseUrl: string;
let store1: Store;
let store2: Store;
const id = runId();
const streams: OpenStream[] = [];

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  databaseUrl = await cluster.createDatabase("passo_live");
  a = await startServer({ databaseUrl });
  b = await startServer({ databaseUrl });
  adminToken = await login(a.url, ADMIN.email, ADMIN.password);
  [store1, store2] = (await createStores(a.url, adminToken, 2, id)) as [Store, Store];
}, 120_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await cluster?.destroy();
}, 60_000);

async function stream(url: string, token: string, lastEventId?: number) {
  const s = await openStream(url, token, lastEventId === undefined ? {} : { lastEventId });
  expect(s.status).toBe(200);
  streams.push(s);
  return s;
}

async function createList(url: string, destination: string, n: number): Promise<string> {
  const res = await api(url, adminToken).post("/api/picklist/create", { destination, listItems: [`AO VIVO ${id} ${n}`] });
  expect(res.status).toBe(201);
  return res.body.picklist.id as string;
}

describe("live updates on two processes", () => {
  it(`a change committed through A reaches B's clients within a second, in its store only (${CHANGES} changes)`, async () => {
    const admin = await stream(b.url, adminToken);
    const one = await stream(b.url, store1.token);
    const two = await stream(b.url, store2.token);
    const latencies: number[] = [];
    for (let n = 0; n < CHANGES; n++) {
      const before = performance.now();
      const listId = await createList(a.url, store1.username, n);
      const event = await one.next((e) => e.data.id === listId, 1_000);
      latencies.push(performance.now() - before);
      expect(event.data).toMatchObject({ action: "create", store: store1.username });
      await admin.next((e) => e.data.id === listId, 1_000);
    }
    expect(two.events).toEqual([]);
    latencies.sort((x, y) => x - y);
    console.log(`[live] request-to-event through the other process: p50 ${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`);
  });

  it("commits that finish out of order reach the client in id order; a rolled-back one holds nothing up", async () => {
    const s = await stream(b.url, adminToken);
    const [first, second, third] = [await createList(a.url, store2.username, 1), await createList(a.url, store2.username, 2), await createList(a.url, store2.username, 3)];
    await s.next((e) => e.data.id === third);
    const touch = (client: pg.Client, id: string) => client.query("UPDATE picklists SET updated_at = now() WHERE id = $1", [id]);
    const slow = new pg.Client({ connectionString: databaseUrl });
    const other = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([slow.connect(), other.connect()]);
    try {
      // The slow transaction takes its event id first (its deferred trigger fired now), and commits last.
      await slow.query("BEGIN");
      await touch(slow, first);
      await slow.query("SET CONSTRAINTS ALL IMMEDIATE");
      await touch(other, second);
      await sleep(300);
      expect(s.events.some((e) => e.data.id === second && e.data.action === "update"), "held back behind the uncommitted id").toBe(false);
      await slow.query("COMMIT");
      const one = await s.next((e) => e.data.id === first && e.data.action === "update", 1_000);
      const two = await s.next((e) => e.data.id === second && e.data.action === "update", 1_000);
      expect(one.seq).toBeLessThan(two.seq);
      expect(s.events.indexOf(one)).toBeLessThan(s.events.indexOf(two));

      // A rolled-back transaction leaves a hole for good: what comes after it is delivered all the same.
      await slow.query("BEGIN");
      await touch(slow, first);
      await slow.query("SET CONSTRAINTS ALL IMMEDIATE");
      await touch(other, third);
      await slow.query("ROLLBACK");
      expect((await s.next((e) => e.data.id === third && e.data.action === "update", 1_000)).data.store).toBe(store2.username);
      expect(s.events.filter((e) => e.data.id === first && e.data.action === "update")).toHaveLength(1);
    } finally {
      await Promise.all([slow.end(), other.end()]);
    }
  });

  it(`a client of a process killed with -9 reconnects to the other with Last-Event-ID and misses nothing (${LOAD} writes)`, async () => {
    let current = await stream(a.url, store1.token);
    const received: StreamedEvent[] = [];
    const created: string[] = [];
    let killed = false;
    let writing = true;
    let reconnections = 0;
    let lastBeforeKill = 0;

    // The client: reads its stream; when the stream breaks, reconnects to B from the last id it got.
    const client = (async () => {
      let taken = 0;
      for (;;) {
        while (taken < current.events.length) received.push(current.events[taken++]!);
        if (!writing && created.every((listId) => received.some((e) => e.data.id === listId))) return;
        const ended = await Promise.race([current.ended.then(() => true), sleep(50).then(() => false)]);
        if (ended) {
          while (taken < current.events.length) received.push(current.events[taken++]!);
          current = await stream(b.url, store1.token, received.at(-1)?.seq);
          reconnections++;
          taken = 0;
        }
      }
    })();

    for (let n = 0; n < LOAD; n++) {
      created.push(await createList(b.url, store1.username, 1000 + n));
      if (n === Math.floor(LOAD / 3)) {
        lastBeforeKill = current.events.at(-1)?.seq ?? 0;
        a.kill("SIGKILL");
        killed = true;
      }
    }
    writing = false;
    await Promise.race([client, sleep(15_000).then(() => Promise.reject(new Error("the client never caught up")))]);
    expect(killed).toBe(true);
    expect(reconnections).toBe(1);
    expect(await a.exited).toBeNull();

    const seqs = received.map((e) => e.seq);
    expect(new Set(seqs).size, "no event twice").toBe(seqs.length);
    expect(seqs, "in order").toEqual([...seqs].sort((x, y) => x - y));
    for (const listId of created) expect(received.filter((e) => e.data.id === listId).map((e) => e.data.action)).toEqual(["create"]);
    console.log(`[live] kill -9 during ${LOAD} writes: ${received.length} events received across the reconnection (${received.filter((e) => e.seq <= lastBeforeKill).length} from A before the kill), none missed, none twice`);
  });

  it("a process stopped with SIGTERM ends its streams at once and exits cleanly", async () => {
    const s = await stream(b.url, adminToken);
    const before = performance.now();
    const stopping = b.stop();
    await s.ended;
    expect(performance.now() - before).toBeLessThan(5_000);
    await stopping;
    expect(await b.exited).toBe(0);
  });
});
