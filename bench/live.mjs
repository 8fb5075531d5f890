// Live updates under load: one API process on PostgreSQL, `--stores` stores and the office each holding
// a stream (GET /api/events), while lists are created, started and finished through the API. Measures
// the time from a change's COMMIT to its event at the clients (probes committed straight on the
// database), the extra memory of each open stream, and the reloads the web app's design makes per change.
// Run by `npm run bench:live` (after `npm run build`); writes bench/results/<date>-live.md.
import { spawn } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { fromPostgres } from "../apps/api/dist/db/client.js";
import { hashPassword } from "../apps/api/dist/lib/password.js";
import { freePort } from "./lib/net.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const JWT_SECRET = "bench-live-secret-bench-live-secret-0123456789";
const COMPANY = "exemplo.com.br";
/** What the web app waits for before reloading the queries a burst of changes touched (app/live-updates.tsx). */
const WEB_BATCH_MS = 150;

const { values: args } = parseArgs({
  options: {
    stores: { type: "string", default: "300" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "8" },
    probes: { type: "string", default: "20" },
    /** The same write load with the change-event triggers off and no stream: what live updates cost the writes. */
    "without-events": { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const STORES = Number(args.stores);
const SECONDS = Number(args.seconds);
const WRITERS = Number(args.connections);
/** Probe commits a second, each to the next store in turn. */
const PROBES_PER_SECOND = Number(args.probes);
const adminUrl = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const log = (text) => process.stdout.write(text);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const ms = (n) => (Number.isNaN(n) ? "–" : n.toFixed(1));

/** The token the API would sign at login (HS256, the payload of apps/api/src/lib/auth.ts). */
function tokenFor(user) {
  const b64 = (value) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: user.id, ver: user.token_version, jti: randomUUID(), iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac("sha256", JWT_SECRET).update(unsigned).digest("base64url")}`;
}

/** One client's stream: each event's arrival time, by record id. */
async function openStream(port, token, onEvent) {
  const abort = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
  if (res.status !== 200) throw new Error(`GET /api/events: ${res.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (data) onEvent(JSON.parse(data.slice(6)), at);
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return () => abort.abort();
}

/** The n-th request of the write load: a new list for a store, or the start or the finish of a prepared one. */
function writeRequest(req, n, token, stores, toWork) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  if (n % 3 === 0) {
    const store = stores[n % stores.length];
    return { ...req, method: "POST", path: "/api/picklist/create", headers, body: JSON.stringify({ destination: store.username, listItems: ["CHINELO 39 11223344"] }) };
  }
  const id = toWork[Math.floor(n / 3) % toWork.length];
  const body = n % 3 === 1 ? { currentStatus: "Em andamento" } : { currentStatus: "Concluído", numberTransfer: "123456" };
  return { ...req, method: "PUT", path: `/api/picklist/update/${id}`, headers, body: JSON.stringify(body) };
}

async function metric(port, name) {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(" ")[1]) : NaN;
}

async function main() {
  const dbName = process.env.BENCH_DATABASE_NAME ? `${process.env.BENCH_DATABASE_NAME}_live` : "passo_bench_live";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const database = fromPostgres(url.href);
  await database.migrate();
  await database.close();
  const db = new pg.Client({ connectionString: url.href });
  db.on("error", () => {});
  await db.connect();

  log(`live bench: ${STORES} stores + the office, ${WRITERS} writers for ${SECONDS} s, ${PROBES_PER_SECOND} probe commits/s\n`);
  const hash = await hashPassword("bench-password");
  await db.query(`INSERT INTO users (username, email, password_hash, role) VALUES ('Administrador', $1, $2, 'Administrador')`, [`admin@${COMPANY}`, hash]);
  await db.query(
    `INSERT INTO users (username, email, password_hash, role)
     SELECT 'Loja ' || lpad(i::text, 3, '0'), 'loja.' || lpad(i::text, 3, '0') || '@${COMPANY}', $1, 'Usuário básico' FROM generate_series(1, $2) AS i`,
    [hash, STORES],
  );
  const users = (await db.query(`SELECT id, username, role, token_version FROM users ORDER BY username`)).rows;
  const office = users.find((u) => u.role === "Administrador");
  const stores = users.filter((u) => u.role !== "Administrador");
  // One list per store for the probes, and lists to start and finish during the write load.
  const probes = (
    await db.query(
      `INSERT INTO picklists (destination, list_items) SELECT username, ARRAY['SONDA ' || username] FROM users WHERE role = 'Usuário básico' ORDER BY username RETURNING id, destination`,
    )
  ).rows;
  const toWork = (
    await db.query(
      `INSERT INTO picklists (destination, list_items) SELECT username, ARRAY['TENIS 40 12345678', 'BOTA 38 87654321'] FROM users, generate_series(1, 4) WHERE role = 'Usuário básico' RETURNING id`,
    )
  ).rows.map((r) => r.id);

  const withoutEvents = args["without-events"];
  if (withoutEvents) for (const table of ["picklists", "pickups", "returns"]) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_change_event`);

  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, "apps/api/dist/server.js")], {
    env: { ...process.env, DATABASE_URL: url.href, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", JWT_SECRET, DEMO_DATA: "0", LIVE_MAX_STREAMS: "100000", LIVE_MAX_STREAMS_PER_USER: "1000" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    for (let i = 0; i < 400; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await sleep(250);
    }

    if (withoutEvents) {
      const officeToken = tokenFor(office);
      let n = 0;
      const load = await autocannon({ url: `http://127.0.0.1:${port}`, connections: WRITERS, duration: SECONDS, requests: [{ setupRequest: (req) => writeRequest(req, n++, officeToken, stores, toWork) }] });
      log(`  without events: ${load.requests.total} requests (${Math.round(load.requests.average)} req/s), p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms\n`);
      return;
    }

    // Memory with no stream, then with every stream open (the mean over a few readings each).
    const memory = async () => {
      const readings = [];
      for (let i = 0; i < 3; i++) {
        readings.push({ rss: await metric(port, "process_resident_memory_bytes"), heap: await metric(port, "nodejs_heap_size_used_bytes") });
        await sleep(300);
      }
      return { rss: readings.reduce((s, r) => s + r.rss, 0) / readings.length, heap: readings.reduce((s, r) => s + r.heap, 0) / readings.length };
    };
    // A first stream starts the process's hub (its LISTEN connection): not a per-stream cost.
    const warm = await openStream(port, tokenFor(office), () => {});
    await sleep(500);
    const before = await memory();

    const arrivals = new Map(); // probe id → [arrival times at its store, at the office]
    const officeArrivals = [];
    const perStore = new Map(stores.map((s) => [s.username, 0]));
    const closers = [];
    const probeIds = new Set(probes.map((p) => p.id));
    const note = (event, at, who) => {
      if (probeIds.has(event.id) && event.action === "update") {
        const entry = arrivals.get(event.id) ?? [];
        entry.push({ who, at });
        arrivals.set(event.id, entry);
      }
    };
    closers.push(
      await openStream(port, tokenFor(office), (event, at) => {
        officeArrivals.push({ at, event });
        note(event, at, "office");
      }),
    );
    for (let i = 0; i < stores.length; i += 50) {
      const opened = await Promise.all(
        stores.slice(i, i + 50).map((store) =>
          openStream(port, tokenFor(store), (event, at) => {
            perStore.set(store.username, perStore.get(store.username) + 1);
            note(event, at, "store");
          }),
        ),
      );
      closers.push(...opened);
    }
    await sleep(1_000);
    const open = await metric(port, "passo_live_connections");
    const after = await memory();
    log(`  ${open} streams open; RSS +${((after.rss - before.rss) / 2 ** 20).toFixed(1)} MiB, heap +${((after.heap - before.heap) / 2 ** 20).toFixed(1)} MiB\n`);

    // The write load through the API (create, start, finish), and probe commits straight on the database.
    const officeToken = tokenFor(office);
    let work = 0;
    const probeSent = new Map();
    let probing = true;
    const probeLoop = (async () => {
      let n = 0;
      while (probing) {
        const probe = probes[n++ % probes.length];
        const sentAt = performance.now();
        await db.query(`UPDATE picklists SET updated_at = now() WHERE id = $1`, [probe.id]);
        probeSent.set(probe.id, [...(probeSent.get(probe.id) ?? []), sentAt]);
        await sleep(1000 / PROBES_PER_SECOND);
      }
    })();
    const loadStart = performance.now();
    const load = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: WRITERS,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => writeRequest(req, work++, officeToken, stores, toWork),
        },
      ],
    });
    probing = false;
    await probeLoop;
    const loadSeconds = (performance.now() - loadStart) / 1000;
    await sleep(1_500);

    // Commit → client, for every probe and every client it reached (its store and the office).
    const latencies = { store: [], office: [] };
    let lost = 0;
    for (const [id, sent] of probeSent) {
      const got = arrivals.get(id) ?? [];
      for (const who of ["store", "office"]) {
        const times = got.filter((g) => g.who === who).map((g) => g.at);
        // The n-th commit of a probe list is matched with the n-th event for it.
        sent.forEach((at, i) => {
          if (times[i] === undefined) lost++;
          else latencies[who].push(times[i] - at);
        });
      }
    }
    for (const list of Object.values(latencies)) list.sort((a, b) => a - b);
    const all = [...latencies.store, ...latencies.office].sort((a, b) => a - b);

    // The web app's reloads: the office on 'Processos de separação' (two list queries under picklists/list,
    // one under picklists/not-found) batches what arrives within WEB_BATCH_MS, then reloads each touched query once.
    let batches = 0;
    let notFoundBatches = 0;
    let batchEnds = -Infinity;
    let batchHasFinish = false;
    for (const { at, event } of officeArrivals) {
      if (at > batchEnds) {
        if (batchHasFinish) notFoundBatches++;
        batches++;
        batchEnds = at + WEB_BATCH_MS;
        batchHasFinish = false;
      }
      if (event.action === "delete" || event.status === "Concluído" || event.status === "Não concluído") batchHasFinish = true;
    }
    if (batchHasFinish) notFoundBatches++;
    const officeRefetches = batches * 2 + notFoundBatches;
    const changes = officeArrivals.length;
    const storeEvents = [...perStore.values()].reduce((s, n) => s + n, 0);
    const statuses = load.statusCodeStats ? Object.fromEntries(Object.entries(load.statusCodeStats).map(([code, s]) => [code, s.count])) : {};

    const perConnection = { rss: (after.rss - before.rss) / STORES, heap: (after.heap - before.heap) / STORES };
    const lines = [
      `# Passo live-update benchmark, ${new Date().toISOString().slice(0, 10)}`,
      "",
      `\`npm run bench:live -- --stores ${STORES} --seconds ${SECONDS} --connections ${WRITERS} --probes ${PROBES_PER_SECOND}\`. One API process on PostgreSQL ${(await db.query("SHOW server_version")).rows[0].server_version.split(" ")[0]}; ` +
        `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}. The bench, the API and PostgreSQL share the machine.`,
      "",
      `- Streams open: ${open} (${STORES} stores, the office, and one warm-up stream).`,
      `- Write load through the API: ${load.requests.total} requests in ${loadSeconds.toFixed(1)} s (${Math.round(load.requests.average)} req/s; ${JSON.stringify(statuses)}), ${WRITERS} connections: create, start, finish lists of every store (a 409 is a start or finish asked again of a list already finished: refused, so no event); p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms.`,
      `- Probes: ${[...probeSent.values()].reduce((s, l) => s + l.length, 0)} commits straight on the database during the load (an UPDATE of one store's list each), timed from the statement being sent to the event arriving at the client; ${lost} expected events not received.`,
      "",
      "| commit → event at the client | events | p50 ms | p95 ms | p99 ms | max ms |",
      "|---|---:|---:|---:|---:|---:|",
      ...[
        ["the list's store", latencies.store],
        ["the office", latencies.office],
        ["all", all],
      ].map(([who, l]) => `| ${who} | ${l.length} | ${ms(percentile(l, 50))} | ${ms(percentile(l, 95))} | ${ms(percentile(l, 99))} | ${ms(l.at(-1) ?? NaN)} |`),
      "",
      `- Memory per open stream: ${(perConnection.rss / 1024).toFixed(1)} KiB resident, ${(perConnection.heap / 1024).toFixed(1)} KiB of JavaScript heap (process RSS ${(before.rss / 2 ** 20).toFixed(0)} → ${(after.rss / 2 ** 20).toFixed(0)} MiB with ${STORES} more streams).`,
      `- Events delivered: ${changes} to the office (every change), ${storeEvents} to the stores altogether (each only its own: ${(storeEvents / STORES).toFixed(1)} per store), i.e. each change went to 2 streams of ${open}.`,
      `- Reloads the web app makes for these changes: the office on 'Processos de separação' reloads its two list tables once per ${WEB_BATCH_MS} ms batch (and 'Produtos não encontrados' when a batch holds a finished list): ${officeRefetches} requests for ${changes} changes (${(officeRefetches / Math.max(1, changes)).toFixed(2)} per change, at most ${Math.round((1000 / WEB_BATCH_MS) * 3)} a second however fast the changes come). A store on 'Iniciar separação' makes one request per change of its own lists (the changed list, GET /api/picklist/getId) and none for another store's; its other screens reload only the queries of the changed flow, and only when mounted.`,
      "",
    ];
    const out = args.out ?? path.join(ROOT, "bench/results", `${new Date().toISOString().slice(0, 10)}-live.md`);
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, lines.join("\n"));
    log(`${lines.join("\n")}\nwrote ${path.relative(process.cwd(), out)}\n`);
    for (const close of [...closers, warm]) close();
  } finally {
    child.kill("SIGTERM");
    await exited;
    await db.end();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
