/**
 * PostgreSQL restarted under a steady load of reads and writes: while it is down the API answers 503 with a
 * Portuguese error and Retry-After (never a 500, never a hang), and once it is back the same API process answers
 * 2xx again by itself. Every write answered 2xx is there afterwards.
 */
import { afterAll, describe, expect, it } from "vitest";
import { bySize, createStores, runId, sleep, uploadInvoice } from "./support/chain.js";
import { databaseProblems, withPostgres } from "./support/db-checks.js";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { ADMIN, api, login, startServer, type RunningServer } from "./support/servers.js";
import { snapshot, verify, WriteLoad, type LoadEvent } from "./support/write-load.js";

const UNAVAILABLE = "Serviço temporariamente indisponível. Tente novamente em instantes.";
const DOWN_MS = 2_000;
/** No request may take longer than this, outage or not. */
const REQUEST_BOUND_MS = 12_000;
/** Once PostgreSQL is back, the API must answer 2xx again within this. */
const RECOVERY_BOUND_MS = 10_000;
const WARM_UP_MS = bySize(3_000, 1_500);
const AFTER_RECOVERY_MS = bySize(4_000, 2_000);
const WORKERS = bySize(8, 6);

const ok = (e: LoadEvent) => e.status !== null && e.status >= 200 && e.status < 300;
const describeEvent = (e: LoadEvent) => `${e.method} ${e.path} → ${e.status ?? e.error} in ${e.end - e.start} ms ${JSON.stringify(e.body)?.slice(0, 200)}`;

describe("PostgreSQL restarted under load", () => {
  let cluster: PrivatePostgres | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it(
    "answers 503 with Retry-After while PostgreSQL is down, recovers by itself, and loses no acknowledged write",
    async () => {
      cluster = await startPrivatePostgres();
      const databaseUrl = await cluster.createDatabase("passo_restart");
      server = await startServer({ databaseUrl });
      const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
      const id = runId();
      const stores = await createStores(server.url, adminToken, 3, id);
      const { filename: invoice } = await uploadInvoice(api(server.url, adminToken));
      expect(invoice).toBeTruthy();

      const load = new WriteLoad({ url: server.url, adminToken, stores, invoice: invoice!, runId: id, workers: WORKERS, readShare: 0.4, timeoutMs: REQUEST_BOUND_MS });
      const running = load.run(180_000);
      const outages: { mode: string; down: number; up: number; recovered?: number; calmUntil?: number }[] = [];
      try {
        await sleep(WARM_UP_MS);
        for (const mode of ["fast", "immediate"] as const) {
          const down = Date.now();
          await cluster.restart(DOWN_MS, mode);
          const outage: (typeof outages)[number] = { mode, down, up: Date.now() };
          outages.push(outage);
          while (Date.now() - outage.up < RECOVERY_BOUND_MS + REQUEST_BOUND_MS) {
            const first = load.events.find((e) => e.start >= outage.up && ok(e));
            if (first) {
              outage.recovered = first.end;
              break;
            }
            await sleep(100);
          }
          await sleep(AFTER_RECOVERY_MS);
          outage.calmUntil = Date.now();
        }
      } finally {
        load.stop();
        await running;
      }

      // The same process all along.
      expect(await Promise.race([server.exited.then(() => "exited"), sleep(50).then(() => "alive")]), server.output()).toBe("alive");

      const events = load.events;
      const failed = events.filter((e) => !ok(e));
      const unavailable = events.filter((e) => e.status === 503);
      // Only 2xx and 503: no 500, no other error, no request left without an answer.
      const unexpectedLog = server
        .output()
        .split("\n")
        .filter((line) => line.includes('"level":50'))
        .slice(0, 3)
        .join("\n");
      expect(failed.filter((e) => e.status !== 503).map(describeEvent), unexpectedLog).toEqual([]);
      expect(events.filter((e) => e.end - e.start > REQUEST_BOUND_MS).map(describeEvent)).toEqual([]);
      // The outage was seen, and told in Portuguese with a Retry-After.
      expect(unavailable.length).toBeGreaterThan(0);
      for (const e of unavailable) {
        expect(e.body).toEqual({ error: UNAVAILABLE });
        expect(Number(e.retryAfter)).toBeGreaterThan(0);
      }
      for (const outage of outages) {
        expect(outage.recovered, `no 2xx within ${RECOVERY_BOUND_MS} ms after PostgreSQL came back (${outage.mode})`).toBeDefined();
        expect(outage.recovered! - outage.up).toBeLessThanOrEqual(RECOVERY_BOUND_MS);
        // Once recovered, it stays recovered: nothing started a second later (and over before the next restart) fails.
        const late = events.filter((e) => e.start > outage.recovered! + 1_000 && e.end < outage.calmUntil! && !ok(e));
        expect(late.map(describeEvent)).toEqual([]);
      }

      const verdict = verify(load, await snapshot(server.url, adminToken), { invoice: invoice! });
      const writes = events.filter((e) => e.write);
      const latencies = events.map((e) => e.end - e.start).sort((a, b) => a - b);
      console.log(
        `[pg-restart] ${events.length} requests (${writes.length} writes), ${unavailable.length} answered 503 ` +
          `(${unavailable.filter((e) => e.write).length} writes), max latency ${latencies.at(-1)} ms; ` +
          outages.map((o) => `${o.mode} restart: down ${o.up - o.down} ms, first 2xx ${o.recovered! - o.up} ms after PostgreSQL was back`).join("; ") +
          `; changes acknowledged ${verdict.acknowledged}, found ${verdict.found}; 503/unanswered changes ${verdict.unanswered}, of which applied ${verdict.unansweredApplied} ${JSON.stringify(verdict.appliedUnanswered)}`,
      );
      expect(verdict.problems).toEqual([]);
      expect(verdict.found).toBe(verdict.acknowledged);
      expect(await withPostgres(databaseUrl, databaseProblems)).toEqual([]);
    },
    bySize(150_000, 90_000),
  );
});
