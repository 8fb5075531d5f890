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
      const outages: { mode: string; down: number; up: number; recovered?: number; calmUntil?: number; readyDown: number[]; readyAgainMs?: number }[] = [];
      const readiness = api(server.url);
      try {
        await sleep(WARM_UP_MS);
        for (const mode of ["fast", "immediate"] as const) {
          const down = Date.now();
          // A load balancer's view: /readyz asked every 200 ms while PostgreSQL is stopped and started.
          const readyDown: number[] = [];
          let restarting = true;
          const probing = (async () => {
            while (restarting) {
              const res = await readiness.get("/readyz", { timeoutMs: 5_000 }).catch(() => undefined);
              if (res && restarting) {
                readyDown.push(res.status);
                if (res.status === 503) expect(res.body).toEqual({ error: "O banco de dados não responde." });
              }
              await sleep(200);
            }
          })();
          await cluster.restart(DOWN_MS, mode);
          restarting = false;
          await probing;
          const outage: (typeof outages)[number] = { mode, down, up: Date.now(), readyDown };
          outages.push(outage);
          const readyDeadline = Date.now() + RECOVERY_BOUND_MS;
          while (Date.now() < readyDeadline) {
            if ((await readiness.get("/readyz", { timeoutMs: 5_000 }).catch(() => undefined))?.status === 200) {
              outage.readyAgainMs = Date.now() - outage.up;
              break;
            }
            await sleep(100);
          }
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

      // Creations answered 503 (or not at all) are sent again with their Idempotency-Key: none may be
      // created twice, even the ones whose commit went through just before the connection was lost.
      const retry = await load.retryUnansweredCreations();
      expect(retry.left, "creations still unanswered once PostgreSQL is back").toBe(0);
      for (const outage of outages) {
        expect(outage.readyDown, `/readyz while PostgreSQL was down (${outage.mode})`).toContain(503);
        expect(outage.readyAgainMs, `/readyz ready again after the ${outage.mode} restart`).toBeDefined();
      }
      const verdict = verify(load, await snapshot(server.url, adminToken), { invoice: invoice! });
      const writes = events.filter((e) => e.write);
      const latencies = events.map((e) => e.end - e.start).sort((a, b) => a - b);
      console.log(
        `[pg-restart] ${events.length} requests (${writes.length} writes), ${unavailable.length} answered 503 ` +
          `(${unavailable.filter((e) => e.write).length} writes), max latency ${latencies.at(-1)} ms; ` +
          outages.map((o) => `${o.mode} restart: down ${o.up - o.down} ms, first 2xx ${o.recovered! - o.up} ms after PostgreSQL was back`).join("; ") +
          `; changes acknowledged ${verdict.acknowledged}, found ${verdict.found}; 503/unanswered changes ${verdict.unanswered}, of which applied ${verdict.unansweredApplied} ${JSON.stringify(verdict.appliedUnanswered)}` +
          `; creations retried with their key ${retry.retried}, of which replayed ${retry.replayed}; /readyz ready again ${outages.map((o) => `${o.readyAgainMs} ms`).join(", ")} after PostgreSQL was back`,
      );
      expect(verdict.problems).toEqual([]);
      expect(verdict.found).toBe(verdict.acknowledged);
      expect(await withPostgres(databaseUrl, databaseProblems)).toEqual([]);
    },
    bySize(150_000, 90_000),
  );
});
