// Passo's chain-scale benchmark: generates the data set into a fresh database, measures
// each screen's query directly on the database (the floor), then drives the real server, started as
// a child process on a loopback port, with concurrent clients (autocannon). Run by `npm run bench`,
// which compiles the API first: this file imports the compiled code in apps/api/dist.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { fromPglite, fromPostgres, openPglite } from "../apps/api/dist/db/client.js";
import { hashPassword } from "../apps/api/dist/lib/password.js";
import { routeJsTable } from "../apps/web/scripts/route-js.mjs";
import { CATALOG_PRODUCTS, catalogFloors, catalogHttp, catalogReport, generateCatalog } from "./catalog.mjs";
import { generate } from "./generate.mjs";
import { floorPickups, httpWrites, writeFloors } from "./writes.mjs";
import { freePort } from "./lib/net.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TIMEZONE = "America/Sao_Paulo";
const PASSWORD = "bench-password";
const COMPANY = "exemplo.com.br";
/** The most PGlite is asked to hold: it is one WebAssembly process with everything in its memory budget. */
const PGLITE_MAX_SCALE = 0.01;

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    db: { type: "string", default: "both" },
    seed: { type: "string", default: "8" },
    duration: { type: "string" },
    connections: { type: "string", default: "50" },
    out: { type: "string" },
    only: { type: "string" },
    "clerk-seconds": { type: "string" },
    /** A checkout of the code before a change, its API compiled (`tsc -b`): measured beside this one, in the same run. */
    before: { type: "string" },
  },
});
/** The row groups a run measures (`--only metrics,exports`): all of them unless told. */
const SECTIONS = ["reads", "writes", "metrics", "exports", "catalog"];
const only = new Set((args.only ?? SECTIONS.join(",")).split(",").map((s) => s.trim()).filter(Boolean));
const scale = Number(args.scale);
const seed = Number(args.seed);
const connections = Number(args.connections);
if (
  !(scale > 0 && scale <= 1) ||
  !Number.isInteger(seed) ||
  !(connections > 0) ||
  (args["clerk-seconds"] !== undefined && !(Number(args["clerk-seconds"]) > 0)) ||
  !["both", "postgres", "pglite"].includes(args.db) ||
  only.size === 0 ||
  [...only].some((s) => !SECTIONS.includes(s))
) {
  console.error(
    "usage: npm run bench -- [--scale 1|0.1|0.01] [--db both|postgres|pglite] [--seed N] [--duration s] [--connections N] [--clerk-seconds s] [--out file] [--only reads,writes,metrics,exports,catalog] [--before checkout]",
  );
  process.exit(2);
}
const duration = Number(args.duration ?? (scale >= 0.5 ? 5 : scale >= 0.05 ? 2 : 1));
/** How long each run of the catalog's clerks' model lasts (a request every 1–2 s per client: enough answers for a p99). */
const clerkSeconds = Number(args["clerk-seconds"] ?? (scale >= 0.5 ? 20 : 4));
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

const log = (text) => process.stdout.write(text);
const ms = (n) => (n === undefined ? "–" : n < 10 ? n.toFixed(2) : n.toFixed(1));

function percentile(sorted, p) {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function dayIn(date) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIMEZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
const dayStart = (day) => `('${day}'::timestamp AT TIME ZONE '${TIMEZONE}')`;
const nextDayStart = (day) => `(('${day}'::date + 1)::timestamp AT TIME ZONE '${TIMEZONE}')`;

/**
 * The screens' queries: the API request and the SQL the service runs for it (written out here,
 * the same WHERE and ORDER BY), with `paged` marking the ones the screens ask a page of (floor: the page
 * and its count) and `wholePath` the spec's client's request for the same screen, for contrast.
 */
function readQueries({ store, cpf, today, monthAgo }) {
  const q = (s) => encodeURIComponent(s);
  const e = (s) => `'${s.replaceAll("'", "''")}'`;
  const range = (column) => `${column} >= ${dayStart(monthAgo)} AND ${column} < ${nextDayStart(today)}`;
  // The spec's client sent store, status, from and to for picking lists, so its whole list was
  // the filtered one; it sent nothing for pickups and returns and filtered whole lists in the browser.
  const history = (name, path, table, storeColumn, status, dateColumn, statusColumn, role, originalFiltered) => ({
    name,
    paged: true,
    role,
    path: `${path}?${role === "admin" ? `store=${q(store)}&` : ""}status=${q(status)}&from=${monthAgo}&to=${today}`,
    wholePath: originalFiltered ? `${path}?${role === "admin" ? `store=${q(store)}&` : ""}status=${q(status)}&from=${monthAgo}&to=${today}` : path,
    wholeWhere: originalFiltered ? undefined : `${storeColumn} = ${e(store)}`,
    where: `${storeColumn} = ${e(store)} AND ${statusColumn} IN (${e(status)}) AND ${range(dateColumn)}`,
    table,
    order: `${dateColumn} DESC NULLS LAST, id ASC`,
  });
  const todayRange = `send_date >= ${dayStart(today)} AND send_date < ${nextDayStart(today)}`;
  // The screens that page on the server ask for page 1 of 8 rows; their whole list (`whole`) is the same
  // request without page/pageSize, the spec's client's approach.
  return [
    {
      name: "Listas de hoje (administrador)",
      paged: true,
      role: "admin",
      path: `/api/picklist/get?from=${today}`,
      wholePath: `/api/picklist/get?from=${today}`,
      table: "picklists",
      where: `send_date >= ${dayStart(today)}`,
      order: "send_date DESC NULLS LAST, id ASC",
    },
    {
      name: "Listas pendentes (administrador)",
      paged: true,
      role: "admin",
      path: `/api/picklist/get?status=${q("Não iniciado")}&status=${q("Em andamento")}&pending=${today}`,
      wholePath: `/api/picklist/get?status=${q("Não iniciado")}&status=${q("Em andamento")}&pending=${today}`,
      table: "picklists",
      where: `current_status IN ('Não iniciado', 'Em andamento') AND send_date < ${dayStart(today)}`,
      order: "send_date DESC NULLS LAST, id ASC",
    },
    {
      name: "Produtos não encontrados (administrador, hoje)",
      paged: true,
      role: "admin",
      path: `/api/picklist/not-found?from=${today}&to=${today}`,
      table: "picklists CROSS JOIN LATERAL unnest(uncompleted_items) WITH ORDINALITY AS u(item, n)",
      select: "picklists.id, destination, send_date, u.item",
      where: `current_status IN ('Concluído', 'Não concluído') AND cardinality(uncompleted_items) > 0 AND ${todayRange}`,
      order: "send_date DESC NULLS LAST, id ASC, u.n",
    },
    {
      // 'Iniciar separação' asks for its cards 20 at a time, the lists being worked on first.
      name: "Listas pendentes da loja",
      paged: true,
      pageSize: 20,
      role: "store",
      path: `/api/picklist/get?status=${q("Não iniciado")}&status=${q("Em andamento")}&status=${q("Não concluído")}&open=true&order=started`,
      wholePath: `/api/picklist/get?status=${q("Não iniciado")}&status=${q("Em andamento")}&status=${q("Não concluído")}&open=true`,
      table: "picklists",
      where: `destination = ${e(store)} AND current_status IN ('Não iniciado', 'Em andamento', 'Não concluído') AND time_completed IS NULL`,
      order: "time_started IS NULL, send_date DESC NULLS LAST, id ASC",
    },
    {
      name: "Retiradas pendentes da loja",
      paged: true,
      role: "store",
      path: `/api/pickup/get?status=${q("Em trânsito")}&status=${q("Aguardando retirada")}`,
      wholePath: `/api/pickup/get?status=${q("Em trânsito")}&status=${q("Aguardando retirada")}`,
      table: "pickups",
      where: `pickup_store_name = ${e(store)} AND pickup_status IN ('Em trânsito', 'Aguardando retirada')`,
      order: "order_dispatch_date DESC NULLS LAST, id ASC",
    },
    history("Histórico de listas (administrador: loja, Concluído, 30 dias)", "/api/picklist/get", "picklists", "destination", "Concluído", "send_date", "current_status", "admin", true),
    history("Histórico de retiradas da loja (Pedido retirado, 30 dias)", "/api/pickup/get", "pickups", "pickup_store_name", "Pedido retirado", "order_dispatch_date", "pickup_status", "store", false),
    history("Histórico de devoluções da loja (Devolução concluída, 30 dias)", "/api/return/get", "returns", "return_store", "Devolução concluída", "date_of_creation", "return_status", "store", false),
    {
      name: "Busca por CPF (retiradas, administrador)",
      role: "admin",
      path: `/api/pickup/get?search=${cpf}`,
      table: "pickups",
      where: `customer_cpf = '${cpf}' OR authorized_third_party_cpf = '${cpf}'`,
      order: "order_dispatch_date DESC NULLS LAST, id ASC",
    },
    {
      name: "Busca por CPF (devoluções, loja)",
      role: "store",
      path: `/api/return/get?search=${cpf}`,
      table: "returns",
      where: `customer_cpf = '${cpf}' AND (return_store = ${e(store)} OR return_status = 'Devolução pendente')`,
      order: "date_of_creation DESC NULLS LAST, id ASC",
    },
  ];
}

/** The page a paged screen asks for: 8 rows unless the screen says (the store's cards: 20). */
const pageOf = (q) => `&page=1&pageSize=${q.pageSize ?? 8}`;
const selectSql = (q, paged) => `SELECT ${q.select ?? "*"} FROM ${q.table} WHERE ${q.where} ORDER BY ${q.order}${paged ? ` LIMIT ${q.pageSize ?? 8} OFFSET 0` : ""}`;
const countSql = (q) => `SELECT count(*)::int FROM ${q.table} WHERE ${q.countWhere ?? q.where}`;
/** A page as the API asks for it: the page's rows with the total beside them, in one statement. */
const pageSql = (q) =>
  `SELECT ${q.select ?? "*"}, (SELECT count(*)::int FROM ${q.table} WHERE ${q.countWhere ?? q.where}) AS total FROM ${q.table} WHERE ${q.where} ORDER BY ${q.order} LIMIT ${q.pageSize ?? 8}`;
/** The statement a read's floor runs, the page's or the whole answer's: the same one the bare-stack server runs. */
const floorSql = (q) => (q.paged ? pageSql(q) : selectSql(q, false));

/**
 * Median and p95 of `run` (one write, or one read's statements) done one after another on one
 * connection, after 3 warm-ups; at most `max` timed runs (a write's floor has that many records).
 */
async function timeRuns(run, max = 200) {
  const once = async () => {
    const t = performance.now();
    await run();
    return performance.now() - t;
  };
  for (let i = 0; i < 3; i++) await once();
  const times = [];
  const until = performance.now() + Math.min(2_000, duration * 400);
  while (times.length < Math.min(5, max) || (performance.now() < until && times.length < max)) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The floor of one read: its statements straight on the database, one after another. */
const floor = (query, statements) =>
  timeRuns(async () => {
    for (const s of statements) await query(s);
  });

/** CPU time (ms) a process has used, from /proc (Linux): user + system clock ticks. */
const TICK_MS = 10;
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL processes that work for the bench's database (set per engine by `openEngine`): its
 * backends, and the server's WAL writer, background writer and checkpointer, which write what its
 * changes leave. Other databases' backends on the same server (another run's, a test's) are not
 * counted. None for PGlite, which runs inside the API process.
 */
let databasePids = async () => [];

function cpuMsOfThisProcess() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Where the machine's cores went, per process: the server measured, PostgreSQL's processes for the
 * bench's database (by pid, so that a backend that ended meanwhile counts nothing rather than less
 * than nothing), and this process (autocannon).
 */
async function cpuSnapshot(server) {
  const db = new Map();
  for (const pid of await databasePids()) db.set(pid, processCpuMs(pid));
  return { api: processCpuMs(server.pid), db, client: cpuMsOfThisProcess() };
}

/** CPU ms per answer of each party between two snapshots. */
function cpuPerRequest(before, after, requests) {
  if (!requests) return { api: undefined, db: undefined, client: undefined };
  let db = 0;
  for (const [pid, ms] of after.db) db += ms - (before.db.get(pid) ?? 0);
  return { api: (after.api - before.api) / requests, db: db / requests, client: (after.client - before.client) / requests };
}

/**
 * Waits until the API has finished what the previous run left in flight (autocannon stops at its deadline;
 * the server still answers the requests queued until then), so that one run's backlog is not the next one's.
 */
async function settle(server) {
  const until = Date.now() + 60_000;
  let last = processCpuMs(server.pid);
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    const now = processCpuMs(server.pid);
    if (now - last <= 25) return;
    last = now;
  }
}

/** One autocannon run; latencies are kept per response so that p95 can be read (autocannon reports p97.5). */
async function drive(server, options) {
  await settle(server);
  const before = await cpuSnapshot(server);
  const result = await autocannonRun(server.port, options);
  const after = await cpuSnapshot(server);
  return { ...result, cpu: cpuPerRequest(before, after, result.requests) };
}

function autocannonRun(port, { method = "GET", path: requestPath, token, body, nextPath, amount, clients = connections, seconds = duration }) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = {};
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: amount ? Math.min(clients, amount) : clients,
        ...(amount ? { amount } : { duration: seconds }),
        requests: [
          {
            method,
            path: requestPath,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
            ...(nextPath ? { setupRequest: (req) => ({ ...req, path: nextPath() }) } : {}),
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        resolve({
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          p99: percentile(times, 99),
          rps: times.length / Math.max(result.duration, 0.001),
          requests: times.length,
          statuses,
          bytes: result.throughput.total / Math.max(1, times.length),
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

/** The API of the checkout at `root` (this one unless told), on a free loopback port, once it answers. */
async function startServer(env, { root = ROOT, label = "after" } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "apps/api/dist/server.js")], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", JWT_SECRET: "bench-secret-bench-secret-bench-secret!", DEMO_DATA: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    pid: child.pid,
    label,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The bare-stack floor (bench/bare-stack.mjs) serving `statements`, route i answering the i-th. */
async function startBareStack(databaseUrl, statements, dir) {
  const port = await freePort();
  const routesFile = path.join(dir, "bare-routes.json");
  writeFileSync(routesFile, JSON.stringify(statements.map((text) => ({ text }))));
  const child = spawn(process.execPath, [path.join(ROOT, "bench/bare-stack.mjs")], {
    env: { ...process.env, BARE_DATABASE_URL: databaseUrl, BARE_PORT: String(port), BARE_ROUTES: routesFile },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the bare-stack server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    pid: child.pid,
    label: "bare",
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function call(port, method, requestPath, token, body) {
  const res = await fetch(`http://127.0.0.1:${port}${requestPath}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${requestPath}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function openEngine(engine) {
  if (engine === "postgres") {
    const url = new URL(adminUrl);
    // Two runs on one server (CI beside a developer's run) each need a database of their own.
    const name = process.env.BENCH_DATABASE_NAME || "passo_bench";
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_NAME must be a plain lower-case identifier: ${name}`);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    const database = fromPostgres(url.href);
    await database.migrate();
    await database.close();
    const client = new pg.Client({ connectionString: url.href });
    // Dropping the database after a failure ends this connection: the failure is what is reported.
    client.on("error", () => {});
    await client.connect();
    const version = (await client.query("SHOW server_version")).rows[0].server_version;
    return {
      label: `PostgreSQL ${version}`,
      query: (text, params) => client.query(text, params),
      prepared: (statement, text, values) => client.query({ name: statement, text, values }),
      databaseUrl: url.href,
      backendPids: async () =>
        (await admin.query("SELECT pid FROM pg_stat_activity WHERE datname = $1 OR backend_type IN ('walwriter', 'background writer', 'checkpointer')", [name])).rows.map((r) => r.pid),
      close: () => client.end(),
      // The bench's own connection stays open beside the server: each read's floor is measured again right before its HTTP runs.
      openBesideServer: true,
      serverEnv: { DATABASE_URL: url.href },
      async drop() {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "passo-bench-"));
  const client = await openPglite(path.join(dataDir, "pglite"));
  await fromPglite(client).migrate();
  const version = (await client.query("SHOW server_version")).rows[0].server_version;
  return {
    label: `PGlite (PostgreSQL ${version} in WebAssembly)`,
    query: (text, params) => client.query(text, params),
    prepared: (_statement, text, values) => client.query(text, values),
    backendPids: async () => [],
    close: () => client.close(),
    serverEnv: { DATABASE_URL: "", DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function benchEngine(engine, engineScale) {
  log(`\n== ${engine}, scale ${engineScale}\n`);
  const db = await openEngine(engine);
  databasePids = db.backendPids;
  const today = dayIn(new Date());
  // Past midnight in APP_TIMEZONE "today" has barely begun: the data set's clock is at least noon,
  // so that today's screens show a day's worth of lists (a few hours ahead of the server at most).
  const now = (await db.query(`SELECT greatest(now(), ('${today}'::timestamp + interval '12 hours') AT TIME ZONE '${TIMEZONE}') AS t`)).rows[0].t;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "passo-bench-run-"));
  try {
    const started = Date.now();
    const passwordHash = await hashPassword(PASSWORD);
    // A catalog-only run keeps the flows' data set small: the catalog's figures do not depend on it.
    const dataScale = [...only].every((section) => section === "catalog") ? Math.min(engineScale, 0.001) : engineScale;
    const generated = await generate({ query: db.query, seed, scale: dataScale, now, passwordHash, company: COMPANY, log });
    const generation = (Date.now() - started) / 1000;
    log(`  generated in ${generation.toFixed(1)} s\n`);

    const store = generated.stores[0];
    const storeIndex = 1;
    const cpf = (await db.query("SELECT customer_cpf FROM pickups ORDER BY order_dispatch_date DESC LIMIT 1 OFFSET 10")).rows[0].customer_cpf;
    const monthAgo = dayIn(new Date(new Date(now).getTime() - 29 * 86_400_000));
    const reads = only.has("reads") ? readQueries({ store, cpf, today, monthAgo }) : [];

    log("  direct SQL (floor) and EXPLAIN\n");
    for (const [i, q] of reads.entries()) {
      // Prepared, as the API's queries are: the floor pays no planning the API does not pay either.
      q.floor = await timeRuns(() => db.prepared(`floor_read_${i}`, floorSql(q), []));
      const plan = async (s) => (await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${s}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
      if (q.wholePath) {
        const whole = q.wholeWhere ? { ...q, where: q.wholeWhere } : q;
        q.wholeFloor = await floor(db.query, [selectSql(whole, false)]);
        q.wholeRows = (await db.query(countSql(whole))).rows[0].count;
      }
      q.explain = `${floorSql(q)}\n\n${await plan(floorSql(q))}`;
      q.rows = (await db.query(countSql(q))).rows[0].count;
    }
    const writeIds = async (sql) => (await db.query(sql)).rows.map((r) => r.id);
    // Records per server and write: enough for a p99 at 50 clients (a few seconds of writes), few
    // enough that the before/after pairs of four writes stay within minutes at full scale.
    const limit = Math.max(connections * 4, Math.min(2_000, Math.round(3_000 * engineScale * 10)));
    const servers = args.before ? 2 : 1;
    let writeRecords;
    let floorsOfWrites;
    if (only.has("writes")) {
      log("  writes: direct SQL (floor)\n");
      const inTransit = await writeIds(`SELECT id FROM pickups WHERE pickup_status = 'Em trânsito' ORDER BY order_dispatch_date DESC LIMIT ${limit * servers + 203}`);
      const adminId = (await db.query("SELECT id FROM users WHERE role = 'Administrador' ORDER BY email LIMIT 1")).rows[0].id;
      const aside = floorPickups(inTransit.length);
      floorsOfWrites = await writeFloors({ prepared: db.prepared, timeRuns, store, adminId, inTransit: inTransit.slice(0, aside) });
      // The floor took the first pickups; the servers share the rest.
      writeRecords = { inTransit: inTransit.slice(aside) };
    }
    const metrics = only.has("metrics") ? await metricsFloors(db.query, { store, today, monthAgo }) : [];
    const exportRange = only.has("exports") ? await exportsRange(db.query, today) : undefined;
    let catalog;
    if (only.has("catalog")) {
      const started = Date.now();
      catalog = await generateCatalog(db.query, Math.round(CATALOG_PRODUCTS * engineScale));
      log(`  catalog: ${catalog.count} products in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
      catalog.floors = await catalogFloors(db.query, floor, catalog.samples);
    }
    // PGlite is one process's: the server opens it, so the bench lets go first.
    if (!db.openBesideServer) await db.close();

    // This checkout's API, and with --before the build before the change beside it on the same
    // database; the bare-stack floor for the paged lists (PostgreSQL only: it speaks pg).
    const server = await startServer(db.serverEnv);
    const before = args.before ? await startServer(db.serverEnv, { root: path.resolve(args.before), label: "before" }) : undefined;
    const paged = reads.filter((q) => q.paged);
    const bare = db.databaseUrl && paged.length ? await startBareStack(db.databaseUrl, paged.map(floorSql), scratch) : undefined;
    const apis = before ? [before, server] : [server];
    try {
      for (const api of apis) {
        const login = async (email) => (await call(api.port, "POST", "/api/auth/login", undefined, { email, password: PASSWORD })).token;
        api.tokens = { admin: await login(`admin@${COMPANY}`), store: await login(`loja.${String(storeIndex).padStart(3, "0")}@${COMPANY}`) };
      }
      const tokens = server.tokens;

      log("  HTTP reads\n");
      for (const q of reads) {
        const requestPath = q.path + (q.paged ? pageOf(q) : "");
        // The floor again, next to the runs it is compared with: a minute's change of the machine's speed moves both.
        if (db.openBesideServer) q.floor = await timeRuns(() => db.prepared(`floor_read_${reads.indexOf(q)}`, floorSql(q), []));
        // Before and after one right after the other, so that a slower minute moves both.
        for (const api of apis) {
          // One client alone: the API's own cost over the floor, without the queue that 50 clients make.
          const alone = await drive(api, { path: requestPath, token: api.tokens[q.role], clients: 1, seconds: Math.min(duration, 2) });
          const crowd = await drive(api, { path: requestPath, token: api.tokens[q.role] });
          (q.runs ??= {})[api.label] = { alone, crowd };
        }
        q.alone = q.runs.after.alone;
        q.api = q.runs.after.crowd;
        if (bare && q.paged) {
          q.bareAlone = await drive(bare, { path: `/bare/${paged.indexOf(q)}`, clients: 1, seconds: Math.min(duration, 2) });
          q.bare = await drive(bare, { path: `/bare/${paged.indexOf(q)}` });
        }
        // One client: a whole list of tens of thousands of rows takes seconds, and fifty of them at once
        // only measure the queue for the database's connections.
        if (q.wholePath) q.whole = await drive(server, { path: q.wholePath, token: tokens[q.role], clients: 1, seconds: Math.max(duration, 5) });
        log(`    ${q.name}: p50 ${ms(q.api.p50)} ms, p95 ${ms(q.api.p95)} ms, ${Math.round(q.api.rps)} req/s${q.bare ? ` (bare stack ${Math.round(q.bare.rps)} req/s)` : ""}\n`);
      }

      let writes = [];
      if (writeRecords) {
        log("  HTTP writes\n");
        writes = await httpWrites({ servers: apis, drive, call, store, ...writeRecords, limit, floors: floorsOfWrites });
        for (const w of writes) {
          const { crowd } = w.runs.after;
          log(`    ${w.name}: p50 ${ms(crowd.p50)} ms, p95 ${ms(crowd.p95)} ms, ${Math.round(crowd.rps)} req/s, ${JSON.stringify(crowd.statuses)}\n`);
        }
      }
      const measuredMetrics = metrics.length ? await metricsHttp(server, tokens, metrics) : [];
      const exportRuns = exportRange ? await benchExports(server, tokens.admin, exportRange) : [];
      if (catalog) {
        Object.assign(catalog, await catalogHttp({ server, token: tokens.admin, samples: catalog.samples, drive, call, connections, clerkSeconds, cpuSnapshot, cpuPerRequest, settle }));
        log(
          `  catalog, saturating: search p95 ${ms(catalog.search.p95)} ms, by-code p95 ${ms(catalog.byCode.p95)} ms; ` +
            `clerks: search p95 ${ms(catalog.clerkSearch.p95)} ms, by-code p95 ${ms(catalog.clerkScan.p95)} ms; imports ${catalog.imports.map((i) => ms(i.ms)).join(", ")} ms\n`,
        );
      }
      return {
        engine,
        label: db.label,
        scale: engineScale,
        generation,
        counts: generated.counts,
        store,
        cpf,
        today,
        monthAgo,
        reads,
        writes,
        metrics: measuredMetrics,
        exportRange,
        exports: exportRuns,
        catalog,
      };
    } finally {
      await server.stop();
      await before?.stop();
      await bare?.stop();
      if (db.openBesideServer) await db.close();
    }
  } finally {
    await db.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ---- Store metrics and CSV exports ------------------------------------------------------------

const METRICS_P95_MS = 150;
const EXPORT_ROWS_PER_SECOND = 50_000;
const EXPORT_MIN_ROWS = 100_000;

/**
 * The dashboards' requests over 30 days, and the SQL the metrics service runs for each (written out
 * here with the same WHERE, grouping and indexes' statuses as literals), for the floor and EXPLAIN.
 */
function metricsQueries({ store, today, monthAgo }) {
  const e = (s) => `'${s.replaceAll("'", "''")}'`;
  const period = `from=${monthAgo}&to=${today}`;
  const range = (column) => `${column} >= ${dayStart(monthAgo)} AND ${column} < ${nextDayStart(today)}`;
  const finished = "current_status IN ('Concluído', 'Não concluído')";
  // For every store: grouped by store with the chain as the empty grouping set; for one store: the
  // chain's row, then that store's (the service's byStoreAndChain).
  const byStore = (column, figures, from, where, only) =>
    only
      ? `SELECT NULL::text AS store, ${figures} FROM ${from} WHERE ${where}\nUNION ALL SELECT ${column} AS store, ${figures} FROM ${from} WHERE ${where} AND ${column} IN (${e(only)}) GROUP BY 1`
      : `SELECT ${column} COLLATE "C" AS store, ${figures} FROM ${from} WHERE ${where} GROUP BY GROUPING SETS ((1), ())`;
  const stores = (only) => [
    byStore(
      "destination",
      `count(*)::int, (count(*) FILTER (WHERE ${finished}))::int,
  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM time_started - send_date)) FILTER (WHERE time_started IS NOT NULL),
  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM time_completed - time_started)) FILTER (WHERE ${finished} AND time_started IS NOT NULL AND time_completed IS NOT NULL),
  (sum(completed_count) FILTER (WHERE ${finished}))::float8 / nullif(sum(item_count) FILTER (WHERE ${finished}), 0),
  coalesce(sum(uncompleted_count) FILTER (WHERE ${finished}), 0)::int`,
      "picklists",
      range("send_date"),
      only,
    ),
    byStore(
      "pickup_store_name",
      "count(*)::int, (count(*) FILTER (WHERE waiting_since < now() - interval '15 days'))::int",
      "pickups",
      "pickup_status = 'Aguardando retirada'",
      only,
    ),
    byStore(
      "return_store",
      "(count(*) FILTER (WHERE return_status IN ('Devolvido em loja física', 'Devolução concluída')))::int, (count(*) FILTER (WHERE return_status = 'Devolução recusada'))::int",
      "returns",
      `return_store IS NOT NULL AND ${range("date_of_creation")}`,
      only,
    ),
  ];
  const daily = (only) => [
    `SELECT to_char(day, 'YYYY-MM-DD'), status, sent, median_pick FROM (
  SELECT (send_date AT TIME ZONE '${TIMEZONE}')::date AS day, current_status COLLATE "C" AS status, count(*)::int AS sent,
    percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM time_completed - time_started)) FILTER (WHERE ${finished} AND time_started IS NOT NULL AND time_completed IS NOT NULL) AS median_pick
  FROM picklists WHERE ${range("send_date")}${only ? ` AND destination = ${e(only)}` : ""} GROUP BY GROUPING SETS ((1, 2), (1))
) AS days ORDER BY days.day`,
    `SELECT u.item, count(*)::int FROM picklists CROSS JOIN LATERAL unnest(uncompleted_items) AS u(item)
WHERE ${finished} AND uncompleted_count > 0 AND ${range("send_date")}${only ? ` AND destination = ${e(only)}` : ""} GROUP BY u.item ORDER BY count(*) DESC, u.item LIMIT 10`,
  ];
  return [
    { name: "Números por loja (administrador, todas as lojas, 30 dias)", role: "admin", path: `/api/metrics/stores?${period}`, statements: stores() },
    { name: "Números por loja (administrador, uma loja, 30 dias)", role: "admin", path: `/api/metrics/stores?${period}&store=${encodeURIComponent(store)}`, statements: stores(store) },
    { name: "Números da loja (a loja, os seus e os da rede, 30 dias)", role: "store", path: `/api/metrics/stores?${period}`, statements: stores(store) },
    { name: "Números por dia (administrador, todas as lojas, 30 dias)", role: "admin", path: `/api/metrics/daily?${period}`, statements: daily() },
    { name: "Números por dia (a loja, 30 dias)", role: "store", path: `/api/metrics/daily?${period}`, statements: daily(store) },
  ];
}

/** Each metrics request's SQL straight on the database (the floor) and its plans, before the server starts. */
async function metricsFloors(query, context) {
  log("  metrics: direct SQL (floor) and EXPLAIN\n");
  const queries = metricsQueries(context);
  for (const q of queries) {
    q.floor = await floor(query, q.statements);
    const plans = [];
    for (const s of q.statements) plans.push(`${s}\n\n${(await query(`EXPLAIN (ANALYZE, BUFFERS) ${s}`)).rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    q.explain = plans.join("\n\n");
  }
  return queries;
}

async function metricsHttp(server, tokens, queries) {
  log("  HTTP metrics\n");
  for (const q of queries) {
    q.alone = await drive(server, { path: q.path, token: tokens[q.role], clients: 1, seconds: Math.min(duration, 2) });
    q.api = await drive(server, { path: q.path, token: tokens[q.role] });
    log(`    ${q.name}: p50 ${ms(q.api.p50)} ms, p95 ${ms(q.api.p95)} ms, ${Math.round(q.api.rps)} req/s\n`);
  }
  return queries;
}

/** The office's pickup export over the most recent days that hold at least EXPORT_MIN_ROWS pickups. */
async function exportsRange(query, today) {
  const total = (await query("SELECT count(*)::int AS n FROM pickups")).rows[0].n;
  const offset = Math.min(EXPORT_MIN_ROWS, total) - 1;
  const oldest = (await query(`SELECT order_dispatch_date AS d FROM pickups ORDER BY order_dispatch_date DESC NULLS LAST, id LIMIT 1 OFFSET ${offset}`)).rows[0].d;
  const from = dayIn(new Date(oldest));
  const rows = (await query(`SELECT count(*)::int AS n FROM pickups WHERE order_dispatch_date >= ${dayStart(from)} AND order_dispatch_date < ${nextDayStart(today)}`)).rows[0].n;
  return { from, to: today, rows, total };
}

/** VmRSS of a process, in KiB (Linux). */
function rssKiB(pid) {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

/**
 * One export read to its end as a client would, counting its lines, while the API process's resident
 * memory is sampled every 10 ms: its peak over the value before the request is what the export cost.
 */
async function exportOnce(server, token, requestPath, encoding) {
  await settle(server);
  const before = rssKiB(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKiB(server.pid));
  }, 10);
  const cpuBefore = processCpuMs(server.pid);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${server.port}${requestPath}`, { headers: { authorization: `Bearer ${token}`, "accept-encoding": encoding } });
  let lines = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const apiCpuSeconds = (processCpuMs(server.pid) - cpuBefore) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKiB(server.pid));
  return { status: res.status, encoding: res.headers.get("content-encoding") ?? "identity", rows: lines - 1, bytes, seconds, rowsPerSecond: (lines - 1) / seconds, apiCpuSeconds, rssBefore: before, rssPeak: peak };
}

async function benchExports(server, token, range) {
  log("  CSV exports\n");
  const ranged = `/api/pickup/export?from=${range.from}&to=${range.to}`;
  const cases = [
    { name: `Retiradas, administrador, ${range.from} a ${range.to}`, path: ranged, encoding: "identity" },
    { name: `Retiradas, administrador, ${range.from} a ${range.to}, como um navegador pede (br)`, path: ranged, encoding: "br, gzip" },
    { name: "Retiradas, administrador, todas", path: "/api/pickup/export", encoding: "identity" },
  ];
  const runs = [];
  for (const c of cases) {
    const run = { ...c, ...(await exportOnce(server, token, c.path, c.encoding)) };
    log(`    ${c.name}: ${run.rows} rows in ${run.seconds.toFixed(2)} s (${Math.round(run.rowsPerSecond)} rows/s), RSS ${Math.round(run.rssBefore / 1024)} → ${Math.round(run.rssPeak / 1024)} MiB\n`);
    runs.push(run);
  }
  return runs;
}

function metricsReport(r) {
  if (!r.metrics?.length) return [];
  const lines = [
    "### Store metrics (dashboards)",
    "",
    `Each request ${duration} s with ${connections} clients, then ${Math.min(duration, 2)} s with one. *Floor*: the request's SQL (one statement per flow, as the service runs them) ` +
      `straight on the database, one after another on one connection. Target: p95 < ${METRICS_P95_MS} ms.`,
    "",
    "| request | p50 | p95 | p99 | req/s | CPU per request: API / PostgreSQL / load generator | API CPU ÷ PostgreSQL CPU (≤ 1.5×) | floor p50 | p50, 1 client | 1-client p50 ≤ 1.5×floor+0.3 | p95 < 150 |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|:-:|:-:|",
  ];
  for (const q of r.metrics) {
    const errors = Object.entries(q.api.statuses).filter(([s]) => s !== "200");
    lines.push(
      `| ${q.name}${errors.length ? ` (respostas ${JSON.stringify(Object.fromEntries(errors))})` : ""} | ${ms(q.api.p50)} | ${ms(q.api.p95)} | ${ms(q.api.p99)} | ${Math.round(q.api.rps)} | ${cpuCell(q.api.cpu)} | ${times(cpuRatio(q.api.cpu))} ${mark(cpuRatio(q.api.cpu) === undefined ? undefined : cpuRatio(q.api.cpu) <= TARGET.cpuRatio)} | ${ms(q.floor.p50)} | ${ms(q.alone.p50)} | ${mark(nearFloor(q.alone, q.floor.p50))} | ${q.api.p95 < METRICS_P95_MS ? "yes" : "**no**"} |`,
    );
  }
  lines.push("", "#### EXPLAIN of each metrics request", "");
  for (const q of r.metrics) lines.push(`##### ${q.name}`, "", "```", q.explain, "```", "");
  return lines;
}

function exportsReport(r) {
  if (!r.exports?.length) return [];
  const mib = (kib) => (kib / 1024).toFixed(1);
  const lines = [
    "### CSV exports",
    "",
    `One export at a time, read to its end by the bench process. ${r.exportRange.rows.toLocaleString("en")} pickups from ${r.exportRange.from} to ${r.exportRange.to} ` +
      `(the most recent days holding at least ${EXPORT_MIN_ROWS.toLocaleString("en")}), then all ${r.exportRange.total.toLocaleString("en")}. ` +
      `*API CPU*: the CPU time the API process used for the export, and the rows it wrote per second of it (what one core of its own gives). ` +
      `*RSS*: the API process's resident memory before the request and its peak while it ran (sampled every 10 ms). ` +
      `Targets: ≥ ${EXPORT_ROWS_PER_SECOND.toLocaleString("en")} rows/s, memory flat (the same growth whatever the rows).`,
    "",
    "| export | encoding | rows | MB (decoded) | s | rows/s | API CPU s (rows per CPU s) | RSS before → peak MiB | growth MiB | ≥ 50,000 rows/s |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|",
  ];
  for (const x of r.exports) {
    lines.push(
      `| ${x.name}${x.status !== 200 ? ` (resposta ${x.status})` : ""} | ${x.encoding} | ${x.rows.toLocaleString("en")} | ${(x.bytes / 1e6).toFixed(1)} | ${x.seconds.toFixed(2)} | ${Math.round(x.rowsPerSecond).toLocaleString("en")} | ${x.apiCpuSeconds.toFixed(2)} (${Math.round(x.rows / x.apiCpuSeconds).toLocaleString("en")}) | ${mib(x.rssBefore)} → ${mib(x.rssPeak)} | ${mib(x.rssPeak - x.rssBefore)} | ${x.rowsPerSecond >= EXPORT_ROWS_PER_SECOND ? "yes" : "**no**"} |`,
    );
  }
  lines.push("");
  return lines;
}

/** "0.62 / 0.31 / 0.20 (≤ 1,770/s)": CPU ms per request of each party, and what the machine's cores allow at that cost. */
function cpuCell(cpu) {
  if (!cpu || cpu.api === undefined) return "";
  const total = cpu.api + cpu.db + cpu.client;
  const ceiling = total > 0 ? Math.round((os.cpus().length * 1000) / total).toLocaleString("en") : "–";
  return `${cpu.api.toFixed(2)} / ${cpu.db.toFixed(2)} / ${cpu.client.toFixed(2)} (≤ ${ceiling}/s)`;
}

/** Targets (issue 33), checked here and never in a timed test. */
const TARGET = { cpuRatio: 1.5, floorTimes: 1.5, floorPlusMs: 0.3, readP95: 50, writeP95: 100, bareShare: 0.6 };
const mark = (ok) => (ok === undefined ? "–" : ok ? "yes" : "**no**");
/** API CPU per request ÷ PostgreSQL CPU per request (none for PGlite, which runs inside the API). */
const cpuRatio = (cpu) => (cpu?.api !== undefined && cpu.db > 0 ? cpu.api / cpu.db : undefined);
const times = (n) => (n === undefined ? "–" : `${n.toFixed(2)}×`);
const nearFloor = (alone, floorP50) => alone.p50 <= TARGET.floorTimes * floorP50 + TARGET.floorPlusMs;
const errorsOf = (run) => Object.entries(run.statuses).filter(([s]) => !/^2/.test(s));
const answered = (run) => {
  const errors = errorsOf(run);
  return errors.length ? ` (respostas ${JSON.stringify(Object.fromEntries(errors))})` : "";
};

function readsTable(r) {
  const lines = [
    "### Reads",
    "",
    `| query | rows | p50 | p95 | p99 | req/s | CPU per request: API / PostgreSQL / load generator | API CPU ÷ PostgreSQL CPU | ≤ ${TARGET.cpuRatio}× | floor p50 | p50, 1 client | 1-client p50 ≤ ${TARGET.floorTimes}×floor+${TARGET.floorPlusMs} | p95 < ${TARGET.readP95} | whole list: rows, p50 with 1 client | whole/paged, 1 client |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|:-:|---:|---:|:-:|:-:|---:|---:|",
  ];
  for (const q of r.reads) {
    const ratio = cpuRatio(q.api.cpu);
    const wholeRatio = q.whole?.p50 ? q.whole.p50 / q.alone.p50 : undefined;
    lines.push(
      `| ${q.name}${q.paged ? ` — página de ${q.pageSize ?? 8}` : ""}${answered(q.api)} | ${q.paged ? `${Math.min(q.pageSize ?? 8, q.rows)} of ${q.rows.toLocaleString("en")}` : q.rows.toLocaleString("en")} | ${ms(q.api.p50)} | ${ms(q.api.p95)} | ${ms(q.api.p99)} | ${Math.round(q.api.rps)} | ${cpuCell(q.api.cpu)} | ${times(ratio)} | ${mark(ratio === undefined ? undefined : ratio <= TARGET.cpuRatio)} | ${ms(q.floor.p50)} | ${ms(q.alone.p50)} | ${mark(nearFloor(q.alone, q.floor.p50))} | ${mark(q.api.p95 < TARGET.readP95)} | ${q.whole ? `${q.wholeRows.toLocaleString("en")}, ${ms(q.whole.p50)} (floor ${ms(q.wholeFloor.p50)})${answered(q.whole)}` : ""} | ${wholeRatio ? `${wholeRatio.toFixed(1)}×` : ""} |`,
    );
  }
  return lines;
}

function writesTable(r) {
  const lines = [
    "### Writes",
    "",
    "Floor: the write's statements as the API sends them (the row read with its version, then the change with its audit line and e-mail in one statement), " +
      "prepared, one write after another on one connection, on records set aside for it. " +
      `The 1-client p50 against the floor and the CPU ratio are reported for writes too; their targets are the reads'.`,
    "",
    `| write | requests (1 client + ${connections}) | responses | floor p50 | p50, 1 client | 1-client p50 ≤ ${TARGET.floorTimes}×floor+${TARGET.floorPlusMs} | p50 | p95 | p99 | req/s | CPU per request: API / PostgreSQL / load generator | API CPU ÷ PostgreSQL CPU | p95 < ${TARGET.writeP95} |`,
    "|---|---:|---|---:|---:|:-:|---:|---:|---:|---:|---:|---:|:-:|",
  ];
  for (const w of r.writes) {
    const { alone, crowd } = w.runs.after;
    lines.push(
      `| ${w.name} | ${alone.requests} + ${crowd.requests} | ${JSON.stringify(crowd.statuses)} | ${ms(w.floor.p50)} | ${ms(alone.p50)} | ${mark(nearFloor(alone, w.floor.p50))} | ${ms(crowd.p50)} | ${ms(crowd.p95)} | ${ms(crowd.p99)} | ${Math.round(crowd.rps)} | ${cpuCell(crowd.cpu)} | ${times(cpuRatio(crowd.cpu))} | ${mark(crowd.p95 < TARGET.writeP95)} |`,
    );
  }
  return lines;
}

function bareStackTable(r) {
  const rows = r.reads.filter((q) => q.bare);
  if (!rows.length) return [];
  const lines = [
    "### Against the bare stack",
    "",
    `The bare stack (bench/bare-stack.mjs): Fastify and pg with a pool of 10, the same prepared statement as the floor for each paged list, its rows sent as they come; ` +
      `no sign-in, validation, mapping or response schema. Each run ${duration} s with ${connections} clients, right after Passo's. Target: Passo ≥ ${TARGET.bareShare * 100} % of its requests per second.`,
    "",
    `| paged list | Passo req/s | bare stack req/s | Passo ÷ bare | ≥ ${TARGET.bareShare * 100} % | CPU per request, Passo: API / PostgreSQL | CPU per request, bare: server / PostgreSQL | p95 Passo / bare | p50 with 1 client: Passo / bare / floor |`,
    "|---|---:|---:|---:|:-:|---:|---:|---:|---:|",
  ];
  for (const q of rows) {
    const share = q.api.rps / q.bare.rps;
    lines.push(
      `| ${q.name}${answered(q.bare)} | ${Math.round(q.api.rps)} | ${Math.round(q.bare.rps)} | ${(share * 100).toFixed(0)} % | ${mark(share >= TARGET.bareShare)} | ${q.api.cpu.api.toFixed(2)} / ${q.api.cpu.db.toFixed(2)} | ${q.bare.cpu.api.toFixed(2)} / ${q.bare.cpu.db.toFixed(2)} | ${ms(q.api.p95)} / ${ms(q.bare.p95)} | ${ms(q.alone.p50)} / ${ms(q.bareAlone.p50)} / ${ms(q.floor.p50)} |`,
    );
  }
  return lines;
}

function beforeAfterTable(r) {
  const measured = [...r.reads.map((q) => ({ name: q.name, runs: q.runs })), ...r.writes.map((w) => ({ name: w.name, runs: w.runs }))].filter((x) => x.runs?.before);
  if (!measured.length) return [];
  const pair = (f) => (x) => `${f(x.runs.before)} → ${f(x.runs.after)}`;
  const lines = [
    "### Before and after, in this run",
    "",
    `*Before*: the API of \`${args.before}\`, started beside this checkout's on the same database; for each request before ran first, then after, one right after the other.`,
    "",
    "| request | API CPU ms per request (crowd) | API CPU ÷ PostgreSQL CPU | p50, 1 client | p95 | req/s |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const x of measured) {
    lines.push(
      `| ${x.name} | ${pair((r) => r.crowd.cpu.api?.toFixed(2) ?? "–")(x)} | ${pair((r) => times(cpuRatio(r.crowd.cpu)))(x)} | ${pair((r) => ms(r.alone.p50))(x)} | ${pair((r) => ms(r.crowd.p95))(x)} | ${pair((r) => Math.round(r.crowd.rps))(x)} |`,
    );
  }
  return lines;
}

function report(results) {
  const lines = [];
  const cpus = os.cpus();
  lines.push(`# Passo benchmark, ${new Date().toISOString().slice(0, 10)}`, "");
  lines.push(
    `\`npm run bench -- --scale ${scale}${args.db === "both" ? "" : ` --db ${args.db}`}${args.only ? ` --only ${args.only}` : ""}${args.before ? ` --before ${args.before}` : ""}\`, seed ${seed}, ${connections} concurrent clients, ` +
      `${duration} s per read query (writes: one request per prepared record). Machine: ${cpus.length} × ${cpus[0]?.model ?? "?"}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()}; load average at the end ${os.loadavg().map((n) => n.toFixed(2)).join(", ")}.`,
    "",
    "Latencies in milliseconds. *Floor*: the same SQL the API runs, prepared, run directly on the database from the bench process, one connection, " +
      "one after another (for a paged query: the page with its total in one statement, as the API asks it). *p50, 1 client*: the API with a single client, " +
      "which is what the floor is compared with (with 50 clients the p50 is mostly the queue: 50 ÷ requests per second). " +
      "*CPU per request*: the CPU time the API process, PostgreSQL's processes for the bench's database (its backends, WAL writer, background writer and checkpointer) " +
      "and the load generator (autocannon, in the bench process) used during the run, divided by the answers; the machine's cores divided by their sum is the most requests per second it can serve. " +
      "*API CPU ÷ PostgreSQL CPU*: both from the same run, so a slower machine moves both sides. " +
      "*Whole list*: the spec's client's approach, the same endpoint without page/pageSize, measured with one client " +
      "(a whole list of tens of thousands of rows takes seconds; fifty at once only measure the wait for a database connection) and compared with the page's one-client p50: " +
      "for today's and pending lists and a store's pending pickups, the same filters; for the picking-list history the filters the spec's client sent " +
      "(store, status, from, to); for the pickup and return histories no filter at all, as the spec's client fetched them whole and filtered in the browser " +
      "(here the store's own whole history, the store signed in). " +
      `Targets (issue 33; full scale on PostgreSQL): every read's API CPU ≤ ${TARGET.cpuRatio} × PostgreSQL's and 1-client p50 ≤ ${TARGET.floorTimes} × floor + ${TARGET.floorPlusMs} ms; ` +
      `reads p95 < ${TARGET.readP95} ms and writes p95 < ${TARGET.writeP95} ms at ${connections} clients; Passo ≥ ${TARGET.bareShare * 100} % of the bare stack's requests per second on the paged lists.`,
    "",
  );
  for (const r of results) {
    lines.push(`## ${r.label}, scale ${r.scale}`, "");
    lines.push(
      `${r.counts.picklists.toLocaleString("en")} picklists, ${r.counts.pickups.toLocaleString("en")} pickups, ${r.counts.returns.toLocaleString("en")} returns, ` +
        `300 stores, over three years up to ${r.today}; generated in ${r.generation.toFixed(0)} s. Store: \`${r.store}\` (the busiest); ` +
        `30-day range ${r.monthAgo} to ${r.today}.`,
      "",
    );
    if (r.reads.length) lines.push(...readsTable(r), "");
    if (r.writes.length) lines.push(...writesTable(r), "");
    lines.push(...bareStackTable(r), "", ...beforeAfterTable(r), "");
    lines.push(...metricsReport(r), ...exportsReport(r), ...catalogReport(r, { ms, cpuCell, connections }));
    if (r.reads.length) {
      lines.push("", "### EXPLAIN of each read query", "");
      for (const q of r.reads) lines.push(`#### ${q.name}`, "", "```", q.explain, "```", "");
    }
  }
  return lines.join("\n");
}

/** The web app's share: what each screen downloads first, from the production build. */
function webReport() {
  const dist = path.join(ROOT, "apps/web/dist");
  try {
    return ["## The web app: JavaScript each screen loads first", "", routeJsTable(dist), ""].join("\n");
  } catch (err) {
    return `## The web app\n\nNo production build with a manifest in apps/web/dist (\`npm run build\`): ${err.message}\n`;
  }
}

const engines = args.db === "both" ? ["postgres", "pglite"] : [args.db];
const results = [];
for (const engine of engines) results.push(await benchEngine(engine, engine === "pglite" ? Math.min(scale, PGLITE_MAX_SCALE) : scale));
const out = args.out ?? path.join(ROOT, "bench/results", `${new Date().toISOString().slice(0, 10)}.md`);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${report(results)}\n${webReport()}\n`);
log(`\nwrote ${path.relative(process.cwd(), out)}\n`);
