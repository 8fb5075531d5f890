// `npm run bench:memory` (issue 33): the memory the server holds with the demo chain (DEMO_DATA=1).
// - the embedded server (PGlite, no DATABASE_URL): its RSS once started (settled), and after `--minutes` of load;
// - the same server against PostgreSQL (DATABASE_URL, a database of its own, BENCH_DATABASE_NAME): the Node
//   process's RSS, plus the PostgreSQL processes' Pss (Pss, from /proc/<pid>/smaps_rollup, divides each shared
//   page among the processes that map it: a sum of RSS would count PostgreSQL's shared buffers once per process).
// The load: a mix of the store's and the office's reads and a list created now and then, at modest concurrency.
// Options: --minutes N (default 10; the load per server), --pg-minutes N (default: --minutes), --no-pg,
// --no-embedded, --root DIR (run another checkout's built server, e.g. main's, for a before/after),
// --label TEXT, --clients N (default 4), --out FILE (the markdown report), --reads SECONDS (each read of the mix
// alone, 1 client then --clients, for that long, once the embedded server has started: what a memory setting costs
// in speed; default 0, none). --minutes 0: no load.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const minutes = Number(option("minutes", "10"));
const pgMinutes = Number(option("pg-minutes", String(minutes)));
const clients = Number(option("clients", "4"));
const root = path.resolve(option("root", fileURLToPath(new URL("..", import.meta.url))));
const label = option("label", path.basename(root));
const out = option("out");
const port = Number(option("port", "4620"));
const readSeconds = Number(option("reads", "0"));
const SETTLE_MS = 20_000;
const DOMAIN = "passo.test";
const ADMIN = { email: `admin@${DOMAIN}`, password: "bench-admin-1234" };
const STORE = { name: "Loja Curitiba Centro", email: `loja.curitiba.centro@${DOMAIN}`, password: "loja12345" };
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const databaseName = process.env.BENCH_DATABASE_NAME ?? "passo_bench_memory";

const mb = (kb) => kb / 1024;
function statusKb(pid, key) {
  const match = readFileSync(`/proc/${pid}/status`, "utf8").match(new RegExp(`${key}:\\s+(\\d+)`));
  return match ? Number(match[1]) : 0;
}
function pssKb(pid) {
  try {
    const match = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+)/m);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // the process ended meanwhile
  }
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The server (`npm start`'s scripts/start.mjs, as bench/lib/server.mjs starts it) from `root`, once /readyz answers. */
async function startServer(dataDir, env) {
  const started = Date.now();
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", DEMO_DATA: "1", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, COMPANY_EMAIL_DOMAIN: DOMAIN, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() - started > 300_000) throw new Error("the server did not become ready");
    await sleep(250);
  }
  return { child, exited, bootMs: Date.now() - started, stop: async () => (child.kill("SIGTERM"), await exited) };
}

async function login(who) {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: who.email, password: who.password }) });
  if (!res.ok) throw new Error(`login ${who.email}: ${res.status}`);
  return (await res.json()).token;
}

/** The reads and the write of the load, with their names. */
async function mix() {
  const admin = await login(ADMIN);
  const store = await login(STORE);
  const q = encodeURIComponent;
  const today = new Date().toISOString().slice(0, 10);
  const get = (token, p) => ({ method: "GET", path: p, headers: { authorization: `Bearer ${token}` } });
  return [
    get(store, `/api/picklist/get?status=${q("Não iniciado")}&status=${q("Em andamento")}&pending=${today}`),
    get(store, `/api/pickup/get?status=${q("Em trânsito")}&status=${q("Aguardando retirada")}`),
    get(admin, "/api/picklist/get?open=true"),
    get(store, `/api/return/get?status=${q("Devolução pendente")}`),
    get(admin, `/api/metrics/stores?from=${new Date(Date.now() - 30 * 864e5).toISOString().slice(0, 10)}&to=${today}`),
    get(admin, `/api/pickup/get?search=${q("Silva")}`),
    get(store, `/api/products/get?search=${q("tenis")}`),
    {
      method: "POST",
      path: "/api/picklist/create",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ destination: STORE.name, listItems: ["CHINELO 39 11223344"] }),
    },
  ];
}

/** `ms` of the mix; the count of requests and of answers other than 2xx. */
async function load(ms) {
  if (ms <= 0) return undefined;
  const requests = await mix();
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections: clients, duration: ms / 1000, requests });
  return { requests: result.requests.total, errors: result.non2xx + result.errors, rps: result.requests.average, p95: result.latency.p97_5 };
}

/** Each read of the mix alone: p50 with 1 client, requests per second with `clients`. */
const reads = [];
async function measureReads() {
  for (const request of (await mix()).filter((r) => r.method === "GET")) {
    const one = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 1, duration: readSeconds, requests: [request] });
    const many = await autocannon({ url: `http://127.0.0.1:${port}`, connections: clients, duration: readSeconds, requests: [request] });
    reads.push({ path: decodeURIComponent(request.path), p50: one.latency.p50, rps: many.requests.average, p97: many.latency.p97_5, errors: one.non2xx + many.non2xx });
    console.log(JSON.stringify(reads.at(-1)));
  }
}

/** The PostgreSQL server's processes: the postmaster (its data directory's postmaster.pid) and its children. */
async function postgresProcesses(client) {
  const dataDirectory = (await client.query("show data_directory")).rows[0].data_directory;
  const postmaster = Number(readFileSync(path.join(dataDirectory, "postmaster.pid"), "utf8").split("\n")[0]);
  const mine = new Set((await client.query("select pid from pg_stat_activity where datname = $1", [databaseName])).rows.map((r) => r.pid));
  const all = readdirSync("/proc").filter((p) => /^\d+$/.test(p)).map(Number);
  const children = all.filter((pid) => {
    try {
      return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]) === postmaster;
    } catch {
      return false;
    }
  });
  const backends = children.filter((pid) => mine.has(pid));
  const shared = [postmaster, ...children.filter((pid) => !mine.has(pid) && !isClientBackend(pid))];
  return { backends, shared };
}
function isClientBackend(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres: postgres ");
  } catch {
    return false;
  }
}

const rows = [];
function row(server, moment, figures) {
  rows.push({ server, moment, ...figures });
  console.log(server, moment, JSON.stringify(figures));
}

async function embedded() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "passo-memory-"));
  try {
    const server = await startServer(dataDir, {});
    const hwmAtReady = mb(statusKb(server.child.pid, "VmHWM"));
    await sleep(SETTLE_MS);
    row("Embutido (PGlite)", "iniciado, com a rede de demonstração", { rss: mb(statusKb(server.child.pid, "VmRSS")), peak: Math.max(hwmAtReady, mb(statusKb(server.child.pid, "VmHWM"))), bootMs: server.bootMs });
    if (readSeconds > 0) await measureReads();
    const l = await load(minutes * 60_000);
    await sleep(SETTLE_MS);
    row("Embutido (PGlite)", `após ${minutes} min de carga`, { rss: mb(statusKb(server.child.pid, "VmRSS")), peak: mb(statusKb(server.child.pid, "VmHWM")), load: l });
    await server.stop();
    // A second start on the same data: what an everyday restart holds.
    const again = await startServer(dataDir, {});
    await sleep(SETTLE_MS);
    row("Embutido (PGlite)", "reiniciado (mesmos dados)", { rss: mb(statusKb(again.child.pid, "VmRSS")), peak: mb(statusKb(again.child.pid, "VmHWM")), bootMs: again.bootMs });
    await again.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgres() {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.query(`create database ${databaseName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "passo-memory-pg-"));
  try {
    const server = await startServer(dataDir, { DATABASE_URL: url.toString() });
    const measure = async (moment, extra) => {
      const { backends, shared } = await postgresProcesses(admin);
      const node = mb(statusKb(server.child.pid, "VmRSS"));
      const backendPss = mb(backends.reduce((s, pid) => s + pssKb(pid), 0));
      const sharedPss = mb(shared.reduce((s, pid) => s + pssKb(pid), 0));
      row("PostgreSQL", moment, { rss: node, backendPss, backends: backends.length, sharedPss, total: node + backendPss + sharedPss, ...extra });
    };
    await sleep(SETTLE_MS);
    await measure("iniciado, com a rede de demonstração", { bootMs: server.bootMs });
    const l = await load(pgMinutes * 60_000);
    await sleep(SETTLE_MS);
    await measure(`após ${pgMinutes} min de carga`, { load: l });
    await server.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${databaseName} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (!args.includes("--no-embedded")) await embedded();
if (!args.includes("--no-pg")) await postgres();

const f = (n) => (n === undefined ? "" : n.toFixed(0));
const lines = [
  `### Memória: ${label} (${new Date().toISOString()}, ${os.cpus().length} núcleos, carga: ${clients} clientes)`,
  "",
  "| Servidor | Momento | RSS do Node (MB) | Pico (VmHWM, MB) | PostgreSQL: Pss das conexões (MB) | PostgreSQL: Pss do resto do servidor (MB) | Total (MB) | Início (s) | Carga: pedidos (não 2xx), por s, p97.5 ms |",
  "| --- | --- | --: | --: | --: | --: | --: | --: | --- |",
  ...rows.map((r) =>
    [
      r.server,
      r.moment,
      f(r.rss),
      f(r.peak),
      r.backendPss === undefined ? "" : `${f(r.backendPss)} (${r.backends})`,
      f(r.sharedPss),
      f(r.total ?? r.rss),
      r.bootMs === undefined ? "" : (r.bootMs / 1000).toFixed(1),
      r.load ? `${r.load.requests} (${r.load.errors}), ${r.load.rps.toFixed(0)}/s, ${r.load.p95} ms` : "",
    ].join(" | ").replace(/^/, "| ").replace(/$/, " |"),
  ),
  "",
  ...(reads.length
    ? [
        `Each read alone on the embedded server (${readSeconds} s with 1 client, then ${readSeconds} s with ${clients}):`,
        "",
        `| Leitura | p50, 1 cliente (ms) | por s, ${clients} clientes | p97.5, ${clients} clientes (ms) | não 2xx |`,
        "| --- | --: | --: | --: | --: |",
        ...reads.map((r) => `| \`${r.path}\` | ${r.p50} | ${r.rps.toFixed(0)} | ${r.p97} | ${r.errors} |`),
        "",
      ]
    : []),
  "RSS counts every page the process has resident; for PostgreSQL, Pss (smaps_rollup) shares each shared page among the processes that map it, so the sum is fair. \"O resto do servidor\" is the postmaster and its background processes (and any other database's connections are left out): it serves every database of that server.",
  "",
];
console.log(lines.join("\n"));
if (out) writeFileSync(out, lines.join("\n"));
