// The catalog's share of the benchmark: products generated straight into the database (eight sizes
// per model, an EAN-13 of prefix 789 each), the search and the by-code lookup as the product picker
// and the scanner ask them, under two load models (saturating clients; clerks with a think time),
// and import requests of the most rows one takes.
import http from "node:http";
import { seeded } from "../apps/api/dist/lib/seeded-random.js";

export const CATALOG_PRODUCTS = 300_000;
export const CATALOG_GOALS = { searchP95: 30, byCodeP95: 10, importMs: 2_000 };
const IMPORT_ROWS = 5_000;
/** Import requests in a row, each of new products: the first is the server's first import (its code not yet optimised by V8). */
const IMPORT_REQUESTS = 3;
/** The clerks' model: each of `connections` clerks scans a box every second, or searches every two seconds. */
export const CLERK_SCAN_EVERY_MS = 1_000;
export const CLERK_SEARCH_EVERY_MS = 2_000;
const SIZES_PER_MODEL = 8;

const KINDS = ["TÊNIS", "SAPATO", "SAPATILHA", "SANDÁLIA", "BOTA", "SCARPIN", "CHINELO"];
const STYLES = ["RUNNER", "CASUAL", "SKATE", "TRAINING", "CHUNKY", "SOCIAL", "OXFORD", "MOCASSIM", "RASTEIRA", "COTURNO", "CHELSEA", "PAPETE"];
const NAMES = [
  "ATLAS", "BÚZIOS", "CAIRU", "DUNAS", "ESTRELA", "FLORIPA", "GAROUPA", "HORIZONTE", "IGUAÇU", "JURERÊ", "LAGUNA", "MARAJÓ",
  "NORONHA", "OLINDA", "PARATY", "QUERÊNCIA", "RECIFE", "SERRA", "TRANCOSO", "URUBICI", "VITÓRIA", "XINGU", "ARAUCÁRIA", "BONITO",
];
const COLORS = ["PRETO", "BRANCO", "MARROM", "CARAMELO", "NUDE", "AZUL MARINHO", "CINZA", "VERMELHO", "OFF WHITE", "BEGE"];

const list = (items) => `ARRAY[${items.map((i) => `'${i}'`).join(",")}]`;

/**
 * `count` products in one statement each for products and GTINs (a model's reference is 100000 + its
 * number, its SKU the reference and the size, its EAN-13 789 + the SKU + 0 and the GS1 check digit,
 * computed in SQL); the search words (every beginning of every word of the description, accents and
 * case dropped) are computed in SQL as migration 0020 fills the rows it finds, the service's way.
 */
export async function generateCatalog(query, count) {
  const models = Math.max(1, Math.ceil(count / SIZES_PER_MODEL));
  await query(`
    INSERT INTO products (sku, description, reference, size, color, search_words)
    SELECT sku, description, reference, size, color, coalesce((
      SELECT strip(to_tsvector('simple', string_agg(left(w.word, n), ' ')))
      FROM regexp_split_to_table(lower(unaccent(description)), '[^[:alnum:]]+') AS w(word), generate_series(1, least(length(w.word), 20)) AS n
      WHERE w.word <> ''), ''::tsvector)
    FROM (SELECT (100000 + m)::text || (s + CASE WHEN m % 2 = 0 THEN 33 ELSE 37 END)::text,
           (${list(KINDS)})[1 + m % ${KINDS.length}] || ' ' || (${list(STYLES)})[1 + (m / 7) % ${STYLES.length}] || ' ' ||
             (${list(NAMES)})[1 + (m / 84) % ${NAMES.length}] || ' ' || ((m / 2016) % 100)::text || ' ' ||
             CASE WHEN m % 2 = 0 THEN 'FEM' ELSE 'MASC' END || ' ' || (${list(COLORS)})[1 + m % ${COLORS.length}],
           (100000 + m)::text,
           (s + CASE WHEN m % 2 = 0 THEN 33 ELSE 37 END)::text,
           (${list(COLORS)})[1 + m % ${COLORS.length}]
    FROM generate_series(0, ${models - 1}) m, generate_series(0, ${SIZES_PER_MODEL - 1}) s
    LIMIT ${count}) AS g(sku, description, reference, size, color)`);
  await query(`
    INSERT INTO product_eans (ean, sku)
    SELECT body || ((10 - (SELECT sum(substr(body, i, 1)::int * CASE WHEN i % 2 = 0 THEN 3 ELSE 1 END) FROM generate_series(1, 12) i) % 10) % 10)::text, sku
    FROM (SELECT sku, '789' || sku || '0' AS body FROM products) p`);
  // As the import leaves it after its commit (products.service.ts cleanSearchIndex): the search index's
  // pending list moved into the index, so that a search does not read it too.
  await query("SELECT gin_clean_pending_list('products_search_words'::regclass)");
  await query("ANALYZE products");
  await query("ANALYZE product_eans");
  const samples = (await query(`SELECT p.sku, p.reference, p.description, e.ean FROM products p JOIN product_eans e USING (sku) ORDER BY md5(p.sku) LIMIT 200`)).rows;
  return { count: (await query("SELECT count(*)::int AS n FROM products")).rows[0].n, samples };
}

/** What the product picker and 'Produtos' search for: a model's reference (a SKU prefix), a whole GTIN, two or three words. */
function searches(samples) {
  return samples.map((s, i) => {
    const words = s.description.split(" ");
    if (i % 3 === 0) return s.reference;
    if (i % 3 === 1) return s.ean;
    return `${words[1].toLowerCase()} ${words[2]} ${words.at(-1)}`;
  });
}

const escapeLike = (text) => text.replace(/[\\%_]/g, "\\$&");
/** The words of a search as the domain's searchQueryWords gives them (accents and case dropped, cut at 20). */
const queryWords = (text) => [
  ...new Set(text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().split(/[^\p{L}\p{Nd}]+/u).filter(Boolean).map((w) => Array.from(w).slice(0, 20).join(""))),
];
const literal = (text) => `'${text.replaceAll("'", "''")}'`;
const EANS = "coalesce((select array_agg(e.ean order by e.position) from product_eans e where e.sku = products.sku), '{}') AS eans";

/** The search's SQL as products.service.ts builds it: one statement, a page of 20 and the total. */
function searchSql(search) {
  const words = queryWords(search);
  const matches = /^[A-Z0-9.-]{1,20}$/.test(search.trim().toUpperCase()) ? [`sku like ${literal(`${escapeLike(search.trim().toUpperCase())}%`)}`] : [];
  if (words.length > 0) matches.push(`search_words @@ to_tsquery('simple', ${literal(words.join(" & "))})`);
  if (/^(\d{8}|\d{12,14})$/.test(search)) matches.push(`sku = any(array(select sku from product_eans where ean = any(ARRAY[${literal(search)}])))`);
  return [
    `WITH matched AS MATERIALIZED (SELECT sku, description, reference, size, color, active FROM products WHERE (${matches.join(" OR ")})), ` +
      `page AS (SELECT * FROM matched ORDER BY sku LIMIT 20 OFFSET 0) ` +
      `SELECT c.total, page.*, coalesce((select array_agg(e.ean order by e.position) from product_eans e where e.sku = page.sku), '{}') AS eans ` +
      `FROM (SELECT count(*)::int AS total FROM matched) c LEFT JOIN page ON true ORDER BY page.sku`,
  ];
}

/** by-code: one statement, the product of the SKU first, then the active holder of the GTIN. */
function byCodeSql(code) {
  const gtin = /^(\d{8}|\d{12,14})$/.test(code) ? ` OR sku = any(array(select sku from product_eans where ean = any(ARRAY[${literal(code)}])))` : "";
  return [`SELECT sku, active, ${EANS} FROM products WHERE (sku = ${literal(code)}${gtin}) ORDER BY sku = ${literal(code)} DESC, active DESC, sku LIMIT 1`];
}

/** Floors (the SQL alone, one connection) and EXPLAIN of the three kinds of search and of a scan's lookup. */
export async function catalogFloors(query, floor, samples) {
  const kinds = searches(samples.slice(0, 3));
  const plan = async (s) => (await query(`EXPLAIN (ANALYZE, BUFFERS) ${s}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
  const rows = [];
  for (const [name, statements] of [
    [`Pesquisa por referência (${kinds[0]})`, searchSql(kinds[0])],
    [`Pesquisa por GTIN (${kinds[1]})`, searchSql(kinds[1])],
    [`Pesquisa por palavras (${kinds[2]})`, searchSql(kinds[2])],
    [`Código escaneado (${samples[1].ean})`, byCodeSql(samples[1].ean)],
  ]) {
    const explain = [];
    for (const s of statements) explain.push(`${s}\n\n${await plan(s)}`);
    rows.push({ name, floor: await floor(query, statements), explain: explain.join("\n\n") });
  }
  return rows;
}

/**
 * Search and by-code over HTTP, each request asking something else, under two load models: the
 * saturating one (`drive`: every client sends its next request as soon as the last is answered) and
 * the clerks' (`clerks`); then IMPORT_REQUESTS imports of 5,000 new rows each.
 */
export async function catalogHttp({ server, token, samples, drive, call, connections, clerkSeconds, cpuSnapshot, cpuPerRequest, settle }) {
  const port = server.port;
  const rotate = (paths) => {
    let next = 0;
    return () => paths[next++ % paths.length];
  };
  const searchPaths = searches(samples).map((s) => `/api/products/get?search=${encodeURIComponent(s)}&pageSize=20`);
  const codePaths = samples.map((s, i) => `/api/products/by-code/${i % 2 === 0 ? s.ean : s.sku}`);
  // One client first: the API's own cost over the floor, as for the flows' reads.
  const searchAlone = await drive(server, { path: searchPaths[0], token, nextPath: rotate(searchPaths), clients: 1, seconds: 2 });
  const byCodeAlone = await drive(server, { path: codePaths[0], token, nextPath: rotate(codePaths), clients: 1, seconds: 2 });
  const search = await drive(server, { path: searchPaths[0], token, nextPath: rotate(searchPaths) });
  const byCode = await drive(server, { path: codePaths[0], token, nextPath: rotate(codePaths) });
  const clerkRun = async (paths, everyMs) => {
    await settle(server);
    const before = await cpuSnapshot(server);
    const run = await clerks(port, { token, nextPath: rotate(paths), clients: connections, everyMs, seconds: clerkSeconds });
    const after = await cpuSnapshot(server);
    return { ...run, everyMs, cpu: cpuPerRequest(before, after, run.requests) };
  };
  const clerkScan = await clerkRun(codePaths, CLERK_SCAN_EVERY_MS);
  const clerkSearch = await clerkRun(searchPaths, CLERK_SEARCH_EVERY_MS);
  await settle(server);
  const imports = [];
  for (let n = 0; n < IMPORT_REQUESTS; n++) {
    const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
      const sku = `9${n}${String(i).padStart(6, "0")}`;
      return { line: i + 2, sku, ean: gtin(`789${sku}9`), description: `TÊNIS BENCH ${i % 100} MASC PRETO`, reference: sku.slice(0, 6), size: sku.slice(6), color: "PRETO" };
    });
    const started = performance.now();
    const result = await call(port, "POST", "/api/products/import", token, { rows });
    imports.push({ ms: performance.now() - started, created: result.created });
  }
  return { search, byCode, searchAlone, byCodeAlone, clerkScan, clerkSearch, imports, importMs: imports[0].ms, importResult: { created: imports[0].created } };
}

/**
 * The clerks' load model: `clients` clerks, each sending one request every `everyMs` from a moment of
 * the first period drawn at random, for `seconds`. Open loop: a clerk's next request is due on time
 * whether or not the last was answered, and each latency runs from the moment the request was due
 * (not from when it could be sent), so a slow answer that holds the others up is counted in full.
 * Keep-alive connections, at most one per clerk.
 */
export async function clerks(port, { token, nextPath, clients, everyMs, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const times = [];
  const statuses = {};
  const pending = [];
  const draw = seeded(clients * 7919 + everyMs);
  const started = performance.now();
  const end = started + seconds * 1000;
  const send = (due) =>
    new Promise((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, path: nextPath(), agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on("end", () => {
          times.push(performance.now() - due);
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          resolve();
        });
      });
      req.on("error", () => {
        statuses.error = (statuses.error ?? 0) + 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let due = started + draw() * everyMs; due < end; due += everyMs) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        pending.push(send(due));
      }
    }),
  );
  await Promise.all(pending);
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  return { p50: at(50), p95: at(95), p99: at(99), max: times.at(-1), requests: times.length, rps: times.length / seconds, statuses };
}

function gtin(body) {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += Number(body[i]) * w;
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export function catalogReport(r, { ms, cpuCell, connections }) {
  const c = r.catalog;
  if (!c) return [];
  const yes = (ok) => (ok ? "yes" : "**no**");
  const errors = (run) => Object.entries(run.statuses).filter(([s]) => s !== "200");
  const shown = (run) => (errors(run).length ? ` (respostas ${JSON.stringify(Object.fromEntries(errors(run)))})` : "");
  const ratio = (cpu) => (cpu?.api !== undefined && cpu.db > 0 ? `${(cpu.api / cpu.db).toFixed(2)}× (${yes(cpu.api / cpu.db <= 1.5)})` : "–");
  const row = (name, run, goal) =>
    `| ${name}${shown(run)} | ${ms(run.p50)} | ${ms(run.p95)} | ${ms(run.p99)} | ${Math.round(run.rps)} | ${cpuCell(run.cpu)} | ${ratio(run.cpu)} | p95 < ${goal} | ${yes(run.p95 < goal)} |`;
  const header = [
    "| request | p50 | p95 | p99 | req/s | CPU per request: API / PostgreSQL / load generator | API CPU ÷ PostgreSQL CPU (≤ 1.5×) | goal | met |",
    "|---|---:|---:|---:|---:|---:|---:|---:|:-:|",
  ];
  // The one-client runs rotate through the same requests as the floors' kinds: a search's floor is the mean of the three kinds'.
  const searchFloors = c.floors.filter((f) => f.name.startsWith("Pesquisa"));
  const searchFloor = searchFloors.reduce((sum, f) => sum + f.floor.p50, 0) / Math.max(1, searchFloors.length);
  const scanFloor = c.floors.find((f) => f.name.startsWith("Código"))?.floor.p50;
  const nearFloor = (name, run, floorP50) =>
    run && floorP50 !== undefined ? [`| ${name} | ${ms(floorP50)} | ${ms(run.p50)} | ${yes(run.p50 <= 1.5 * floorP50 + 0.3)} |`] : [];
  const imports = c.imports ?? [{ ms: c.importMs, created: c.importResult.created }];
  const lines = [
    "### The catalog",
    "",
    `${c.count.toLocaleString("en")} products (${SIZES_PER_MODEL} sizes per model, one EAN-13 each) generated straight into the database. ` +
      `Search: a reference (SKU prefix), a whole GTIN or three words of the description, a page of 20 and its total in one statement, each request another of 200 searches; ` +
      `by-code: a GTIN or a SKU, each request another of 200. Import: ${imports.length} requests in a row of ${IMPORT_ROWS.toLocaleString("en")} new products each.`,
    "",
    `**Saturating model** (closed loop): ${connections} clients, each sending its next request as soon as the last is answered, no think time. ` +
      `It measures the most the machine serves; its p50 is mostly the queue (${connections} ÷ requests per second).`,
    "",
    ...header,
    row("Pesquisa no catálogo", c.search, CATALOG_GOALS.searchP95),
    row("Produto por código", c.byCode, CATALOG_GOALS.byCodeP95),
    "",
    "| one client | floor p50 | p50, 1 client | 1-client p50 ≤ 1.5×floor+0.3 |",
    "|---|---:|---:|:-:|",
    ...nearFloor("Pesquisa no catálogo (the floor: the mean of its three kinds)", c.searchAlone, searchFloor),
    ...nearFloor("Produto por código", c.byCodeAlone, scanFloor),
    "",
  ];
  if (c.clerkScan && c.clerkSearch) {
    lines.push(
      `**Clerks' model** (open loop): ${connections} clerks, each at a scanner sending one by-code request every ${CLERK_SCAN_EVERY_MS / 1000} s ` +
        `(${Math.round((connections * 1000) / CLERK_SCAN_EVERY_MS)} scans a second), then each at a search box sending one search every ${CLERK_SEARCH_EVERY_MS / 1000} s ` +
        `(${Math.round((connections * 1000) / CLERK_SEARCH_EVERY_MS)} a second), ${Math.round(c.clerkScan.requests / c.clerkScan.rps)} s each, every clerk's first request at a random moment of the first period. ` +
        "A request is due on time whether or not the clerk's last was answered, and its latency runs from that moment.",
      "",
      ...header,
      row(`Pesquisa no catálogo, uma a cada ${CLERK_SEARCH_EVERY_MS / 1000} s por cliente`, c.clerkSearch, CATALOG_GOALS.searchP95),
      row(`Produto por código, um a cada ${CLERK_SCAN_EVERY_MS / 1000} s por cliente`, c.clerkScan, CATALOG_GOALS.byCodeP95),
      "",
    );
  }
  lines.push(
    "| import request | ms | goal | met |",
    "|---|---:|---:|:-:|",
    ...imports.map((run, i) => `| Importar ${IMPORT_ROWS.toLocaleString("en")} produtos (${run.created} criados)${i === 0 ? ", a primeira do servidor" : `, a ${i + 1}ª`} | ${ms(run.ms)} | < ${CATALOG_GOALS.importMs} | ${yes(run.ms < CATALOG_GOALS.importMs)} |`),
    "",
    "| query (SQL alone) | floor p50 | floor p95 |",
    "|---|---:|---:|",
    ...c.floors.map((f) => `| ${f.name} | ${ms(f.floor.p50)} | ${ms(f.floor.p95)} |`),
    "",
    "#### EXPLAIN of the catalog's queries",
    "",
  );
  for (const f of c.floors) lines.push(`##### ${f.name}`, "", "```", f.explain, "```", "");
  return lines;
}
