/**
 * kill -9 of the API in the middle of a write load, then a restart on the same data: every change answered 2xx is
 * there in exactly the acknowledged state (or in the state asked for by a request that never got its answer), and
 * nothing is half-written. Once on the embedded database (PGlite in DATA_DIR), once on PostgreSQL.
 */
import { readFileSync } from "node:fs";
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bySize, createStores, runId, uploadInvoice } from "./support/chain.js";
import { databaseProblems, rowCounts, withPglite, withPostgres, type Query } from "./support/db-checks.js";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { ADMIN, api, login, startServer, tempDir, type RunningServer } from "./support/servers.js";
import { snapshot, verify, WriteLoad } from "./support/write-load.js";

const ROUNDS = bySize(2, 1);
const ACKS_PER_ROUND = bySize(300, 80);
const WORKERS = bySize(8, 6);
const STORES = 4;
const TEST_TIMEOUT = bySize(300_000, 100_000);
/** A round that has not reached its acknowledged writes by then is a failure, not a hang. */
const ROUND_BOUND_MS = bySize(120_000, 45_000);

interface Engine {
  name: string;
  serverOptions: { dataDir?: string; databaseUrl?: string };
  /** Runs the table checks once no server holds the data. */
  withDatabase<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  lockFile?: string;
}

const running = new Set<RunningServer>();
async function start(options: Engine["serverOptions"]): Promise<RunningServer> {
  const server = await startServer(options);
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

afterAll(async () => {
  await Promise.all([...running].map((s) => s.stop()));
});

async function crashAndRecover(engine: Engine) {
  let server = await start(engine.serverOptions);
  const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  const id = runId();
  const stores = await createStores(server.url, adminToken, STORES, id);
  const { filename: invoice } = await uploadInvoice(api(server.url, adminToken));
  expect(invoice).toBeTruthy();

  let target = 0;
  let killedPid: number | undefined;
  let inFlightAtKill = 0;
  const load = new WriteLoad({
    url: server.url,
    adminToken,
    stores,
    invoice: invoice!,
    runId: id,
    workers: WORKERS,
    timeoutMs: 20_000,
    onAck: (l) => {
      if (l.acked < target || killedPid !== undefined) return;
      l.stop();
      inFlightAtKill = l.inFlight;
      killedPid = server.pid;
      server.kill("SIGKILL");
    },
  });

  for (let round = 1; round <= ROUNDS; round++) {
    target = load.acked + ACKS_PER_ROUND;
    killedPid = undefined;
    const started = Date.now();
    await load.run(ROUND_BOUND_MS);
    expect(killedPid, `round ${round}: ${load.acked} writes acknowledged in ${ROUND_BOUND_MS} ms, ${target} wanted`).toBeDefined();
    expect(await server.exited).toBeNull(); // ended by the signal
    const unexpected = load.unexpectedWrites();
    expect(unexpected.map((e) => `${e.method} ${e.path} → ${e.status} ${JSON.stringify(e.body)}`)).toEqual([]);

    if (engine.lockFile) expect(readFileSync(engine.lockFile, "utf8").trim()).toBe(String(killedPid));
    server = await start(engine.serverOptions);
    if (engine.lockFile) expect(readFileSync(engine.lockFile, "utf8").trim()).toBe(String(server.pid));

    // The creations cut off by the kill are sent again with their Idempotency-Key: whether the first
    // attempt was committed or not, each ends up created exactly once (verify() counts duplicates).
    load.resume(server.url);
    const retry = await load.retryUnansweredCreations();
    expect(retry.left, "creations still unanswered after the restart").toBe(0);
    const verdict = verify(load, await snapshot(server.url, adminToken), { invoice: invoice! });
    console.log(
      `[kill9 ${engine.name}] crash ${round}/${ROUNDS} after ${Date.now() - started} ms: ` +
        `changes acknowledged ${verdict.acknowledged}, found after restart ${verdict.found}; ` +
        `requests in flight at the kill ${inFlightAtKill}, unanswered changes ${verdict.unanswered} (of which applied ${verdict.unansweredApplied}); ` +
        `creations retried with their key ${retry.retried}, of which replayed ${retry.replayed}`,
    );
    expect(verdict.problems).toEqual([]);
    expect(verdict.found).toBe(verdict.acknowledged);
    expect(verdict.acknowledged).toBeGreaterThanOrEqual(target);
  }

  await server.stop();
  const { problems, counts } = await engine.withDatabase(async (query) => ({ problems: await databaseProblems(query), counts: await rowCounts(query) }));
  console.log(`[kill9 ${engine.name}] tables after the crashes: ${JSON.stringify(counts)}`);
  expect(problems).toEqual([]);
}

describe("kill -9 under a write load, then restart", () => {
  it(
    "PGlite (DATA_DIR): every acknowledged change survives, nothing half-written, the stale lock is taken over",
    async () => {
      const dataDir = tempDir("passo-faults-kill9-");
      try {
        await crashAndRecover({
          name: "PGlite",
          serverOptions: { dataDir },
          withDatabase: (fn) => withPglite(dataDir, fn),
          lockFile: path.join(dataDir, "passo.lock"),
        });
      } finally {
        await Promise.all([...running].map((s) => s.stop()));
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT,
  );

  describe("PostgreSQL", () => {
    let cluster: PrivatePostgres | undefined;
    afterAll(async () => {
      await Promise.all([...running].map((s) => s.stop()));
      await cluster?.destroy();
    });

    it(
      "every acknowledged change survives, nothing half-written",
      async () => {
        cluster = await startPrivatePostgres();
        const databaseUrl = await cluster.createDatabase("passo_kill9");
        await crashAndRecover({
          name: "PostgreSQL",
          serverOptions: { databaseUrl },
          withDatabase: (fn) => withPostgres(databaseUrl, fn),
        });
      },
      TEST_TIMEOUT,
    );
  });
});
