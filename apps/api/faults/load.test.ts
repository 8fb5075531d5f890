/**
 * The load test: 300 simulated stores work their flows concurrently for a minute against PostgreSQL, with two
 * administrators creating work and reading their screens; every answer must be the expected 2xx, and the latencies
 * are reported per operation (console; and apps/api/faults/results/load-<date>.md at full size).
 * FAULTS_SIZE=small (CI): 50 stores for 10 s. LOAD_STORES, LOAD_SECONDS and LOAD_SOCKETS override the size (and then
 * nothing is written to results/); LOAD_SERVER_NODE_OPTIONS is passed to the server as NODE_OPTIONS (e.g.
 * `--import <a profiler preload>`; Node 20 refuses --cpu-prof there).
 *
 * The server is the compiled API (apps/api/dist/server.js) on a loopback port, over a database of its own created on
 * the shared PostgreSQL (LOAD_POSTGRES_URL) and dropped afterwards.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkConsistency, type ConsistencyReport } from "./support/load-checks.js";
import { newLedger, runAdmin, runStore, type LoadContext, type StoreUser } from "./support/load-flows.js";
import { LoadClient } from "./support/load-http.js";
import { consoleTable, LoadMetrics, markdownTable, type LoadSummary } from "./support/load-metrics.js";
import {
  STORE_PASSWORD,
  createLoadDatabase,
  mapLimit,
  returnCpf,
  seed,
  storeEmail,
  storeName,
  type LoadDatabase,
  type SeedPlan,
  type SeedResult,
} from "./support/load-seed.js";
import { ADMIN, REPO_ROOT, startServer, type RunningServer } from "./support/servers.js";

const small = process.env.FAULTS_SIZE === "small";
const STORES = Number(process.env.LOAD_STORES) || (small ? 50 : 300);
const SECONDS = Number(process.env.LOAD_SECONDS) || (small ? 10 : 60);
const ADMINS = 2;
/** One keep-alive connection per virtual user, as each store's browser has its own: bounded, and no client-side queue. */
const SOCKETS = Number(process.env.LOAD_SOCKETS) || STORES + ADMINS;
const THINK_MAX_MS = 200;
const PLAN: SeedPlan = { stores: STORES, openPicklists: 12, pickupsPerType: 6, pendingReturns: 10, history: 10 };
const RESULTS_DIR = fileURLToPath(new URL("./results/", import.meta.url));

let database: LoadDatabase | undefined;
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe(`carga: ${STORES} lojas por ${SECONDS} s sobre PostgreSQL`, () => {
  const metrics = new LoadMetrics();
  const setupMetrics = new LoadMetrics();
  const ledger = newLedger();
  const stores: StoreUser[] = [];
  const adminTokens: string[] = [];
  let client: LoadClient;
  let seeded: SeedResult;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    let t = performance.now();
    database = await createLoadDatabase();
    const nodeOptions = process.env.LOAD_SERVER_NODE_OPTIONS;
    server = await startServer({ databaseUrl: database.url, ...(nodeOptions ? { env: { NODE_OPTIONS: nodeOptions } } : {}) });
    timings["servidor no ar (migrações)"] = performance.now() - t;

    t = performance.now();
    seeded = await seed(database.url, PLAN);
    timings["dados semeados"] = performance.now() - t;

    client = new LoadClient({ baseUrl: server.url, maxSockets: SOCKETS, metrics });
    const setup = new LoadClient({ baseUrl: server.url, maxSockets: 8, metrics: setupMetrics });
    t = performance.now();
    // Each sign-in verifies an argon2 hash: a few at a time, as stores opening at different moments.
    const indexes = Array.from({ length: STORES }, (_, k) => k + 1);
    const tokens = await mapLimit(indexes, 4, async (i) => {
      const body = await setup.call("entrar (preparação)", "POST", "/api/auth/login", "", { body: { email: storeEmail(i), password: STORE_PASSWORD } });
      return body.token as string;
    });
    for (let a = 0; a < ADMINS; a++) {
      const body = await setup.call("entrar (preparação)", "POST", "/api/auth/login", "", { body: { email: ADMIN.email, password: ADMIN.password } });
      adminTokens.push(body.token);
    }
    setup.close();
    timings[`${STORES + ADMINS} logins`] = performance.now() - t;
    tokens.forEach((token, k) => {
      const index = k + 1;
      stores.push({
        index,
        name: storeName(index),
        token,
        returnQueue: Array.from({ length: PLAN.pendingReturns }, (_, r) => returnCpf(index, r)),
        withdrawals: [],
      });
    });
  });

  afterAll(() => client?.close());

  it("atende todas as lojas sem nenhum erro e o banco fica como as respostas disseram", async () => {
    const startedAt = new Date();
    const ctx: LoadContext = { client, metrics, ledger, stores, endAt: Date.now() + SECONDS * 1000, thinkMaxMs: THINK_MAX_MS };
    const loadBefore = os.loadavg()[0]!;
    const cpuBefore = cpuSeconds(server!.pid);
    const clientBefore = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const began = performance.now();
    await Promise.all([...stores.map((s) => runStore(ctx, s)), ...adminTokens.map((token) => runAdmin(ctx, token))]);
    const seconds = (performance.now() - began) / 1000;
    const summary = metrics.summary(seconds);
    const cpuAfter = cpuSeconds(server!.pid);
    lag.disable();
    const clientCpu = process.cpuUsage(clientBefore);
    const machine = {
      clientCpu: (clientCpu.user + clientCpu.system) / 1e6,
      clientLagP99: lag.percentile(99) / 1e6,
      loadBefore,
      loadAfter: os.loadavg()[0]!,
      serverCpu: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined,
    };

    const alive = await Promise.race([server!.exited.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), 50))]);
    const serverErrors = server!
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    const consistency = await checkConsistency(database!.url, ledger, startedAt);

    const report = renderReport(summary, consistency, serverErrors, timings, seeded, metrics, machine);
    process.stdout.write(`\n${report.console}\n`);
    if (!small && !process.env.LOAD_STORES && !process.env.LOAD_SECONDS && !process.env.LOAD_SOCKETS) {
      mkdirSync(RESULTS_DIR, { recursive: true });
      const file = path.join(RESULTS_DIR, `load-${new Date().toISOString().slice(0, 10)}.md`);
      writeFileSync(file, report.markdown);
      process.stdout.write(`Resultado gravado em ${path.relative(REPO_ROOT, file)}\n`);
    }

    expect(alive, "o servidor caiu durante a carga").toBe(true);
    expect(metrics.errorSamples.slice(0, 5), "nenhuma resposta fora do esperado").toEqual([]);
    expect(summary.errors).toBe(0);
    expect(serverErrors.slice(0, 5), "o servidor não registrou erros").toEqual([]);
    expect(consistency.problems).toEqual([]);
    // The flows really ran (every kind of write happened), without tying the test to this machine's speed.
    expect(ledger.finishedPicklists.size).toBeGreaterThan(0);
    expect(ledger.receivedPickups.size).toBeGreaterThan(0);
    expect(ledger.collectedPickups.size).toBeGreaterThan(0);
    expect(ledger.handledReturns.size).toBeGreaterThan(0);
    expect(ledger.createdPicklists.length + ledger.createdPickups.length + ledger.createdReturns.length).toBeGreaterThan(0);
    expect(ledger.finishedPicklists.size + ledger.collectedPickups.size + ledger.handledReturns.size).toBeGreaterThanOrEqual(STORES);
  });
});

/** CPU seconds (user + system) a process has used so far, from /proc; undefined elsewhere. */
function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ", in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

function environment(): string[] {
  const cpu = os.cpus()[0]?.model ?? "?";
  let commit = "?";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT, encoding: "utf8" }).trim();
  } catch {
    // Not a git checkout.
  }
  return [`${os.cpus().length} núcleos (${cpu}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`, `Node ${process.version}`, `commit ${commit}`];
}

function renderReport(
  summary: LoadSummary,
  consistency: ConsistencyReport,
  serverErrors: string[],
  timings: Record<string, number>,
  seeded: SeedResult,
  metrics: LoadMetrics,
  machine: { loadBefore: number; loadAfter: number; serverCpu: number | undefined; clientCpu: number; clientLagP99: number },
) {
  const setup = Object.entries(timings)
    .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
    .join("; ");
  const checked = Object.entries(consistency.checked)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
  const errorKinds = [...metrics.errorKinds.entries()].map(([k, n]) => `${k}: ${n}`);
  const samples = metrics.errorSamples.slice(0, 10).map((e) => `${e.operation} → ${e.status}: ${e.detail.slice(0, 300)}`);
  const totals = `${summary.requests} requisições em ${summary.seconds.toFixed(1)} s (${summary.perSecond.toFixed(0)} req/s), ${summary.errors} erros`;
  const conditions = [
    `${STORES} lojas virtuais (cada uma com o seu token) e ${ADMINS} administradores, ${SECONDS} s, pausa de 0–${THINK_MAX_MS} ms entre passos`,
    `cliente: node:http com keep-alive, no máximo ${SOCKETS} conexões${SOCKETS >= STORES + ADMINS ? " (uma por usuário virtual)" : ""}, respostas comprimidas (br) como num navegador`,
    `servidor: apps/api/dist/server.js (um processo, pool de 10 conexões) sobre PostgreSQL ${process.env.LOAD_POSTGRES_URL ? "(LOAD_POSTGRES_URL)" : "local 127.0.0.1:5432"}, banco próprio`,
    `dados: ${seeded.rows.users} lojas, ${seeded.rows.picklists} listas, ${seeded.rows.pickups} retiradas, ${seeded.rows.returns} devoluções (com histórico de 30 dias)`,
    `preparação: ${setup}`,
    `processo do servidor: ${
      machine.serverCpu === undefined
        ? "uso de CPU não medido"
        : `${machine.serverCpu.toFixed(1)} s de CPU em ${summary.seconds.toFixed(1)} s (${((100 * machine.serverCpu) / summary.seconds).toFixed(0)}% de um núcleo), ${((1000 * machine.serverCpu) / Math.max(1, summary.requests)).toFixed(2)} ms de CPU por requisição`
    }`,
    `gerador de carga (este processo): ${machine.clientCpu.toFixed(1)} s de CPU (${((100 * machine.clientCpu) / summary.seconds).toFixed(0)}% de um núcleo), atraso do event loop p99 ${machine.clientLagP99.toFixed(0)} ms`,
    `carga média da máquina (1 min, compartilhada com outros trabalhos e com o próprio gerador de carga): ${machine.loadBefore.toFixed(2)} antes, ${machine.loadAfter.toFixed(2)} ao fim`,
    ...environment(),
  ];
  const consistencyLine = consistency.problems.length === 0 ? `coerente (${checked})` : `${consistency.problems.length} problemas`;
  const console = [
    consoleTable(summary),
    `Consistência: ${consistencyLine}`,
    ...consistency.problems.map((p) => `  ${p}`),
    `Erros no log do servidor: ${serverErrors.length}`,
    ...serverErrors.slice(0, 5).map((l) => `  ${l.slice(0, 400)}`),
    ...(errorKinds.length ? ["Erros por operação:", ...errorKinds.map((k) => `  ${k}`), "Exemplos:", ...samples.map((s) => `  ${s}`)] : []),
    "Condições:",
    ...conditions.map((c) => `  ${c}`),
  ].join("\n");
  const markdown = [
    `# Teste de carga — ${new Date().toISOString().slice(0, 10)}`,
    "",
    "Gerado por `apps/api/faults/load.test.ts` (`npm run test:faults`, tamanho completo). Latência medida no cliente, do envio ao fim da resposta",
    "(com menos conexões que usuários virtuais, inclui a espera por uma conexão livre).",
    "",
    `**Total: ${totals}.**`,
    "",
    markdownTable(summary),
    "",
    `Consistência depois da carga: ${consistencyLine}.`,
    ...consistency.problems.map((p) => `- ${p}`),
    "",
    `Erros no log do servidor: ${serverErrors.length}.`,
    ...(errorKinds.length ? ["", "Erros por operação:", "", ...errorKinds.map((k) => `- ${k}`), "", "Exemplos:", "", ...samples.map((s) => `- ${s}`)] : []),
    "",
    "## Condições",
    "",
    ...conditions.map((c) => `- ${c}`),
    "",
  ].join("\n");
  return { console, markdown };
}
