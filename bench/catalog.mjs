// The catalog's share of the benchmark: products generated straight into the database (eight sizes
// per model, an EAN-13 of prefix 789 each), the search and the by-code lookup as the product picker
// and the scanner ask them, and one import request of the most rows it takes.

export const CATALOG_PRODUCTS = 300_000;
export const CATALOG_GOALS = { searchP95: 30, byCodeP95: 10, importMs: 2_000 };
const IMPORT_ROWS = 5_000;
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
  const matches = [`sku like ${literal(`${escapeLike(search.toUpperCase())}%`)}`];
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

/** Search and by-code over HTTP with every client asking something else each time; then one import of 5,000 rows. */
export async function catalogHttp({ port, token, samples, drive, call }) {
  const rotate = (paths) => {
    let next = 0;
    return () => paths[next++ % paths.length];
  };
  const searchPaths = searches(samples).map((s) => `/api/products/get?search=${encodeURIComponent(s)}&pageSize=20`);
  const codePaths = samples.map((s, i) => `/api/products/by-code/${i % 2 === 0 ? s.ean : s.sku}`);
  const search = await drive(port, { path: searchPaths[0], token, nextPath: rotate(searchPaths) });
  const byCode = await drive(port, { path: codePaths[0], token, nextPath: rotate(codePaths) });
  const rows = Array.from({ length: IMPORT_ROWS }, (_, i) => {
    const sku = `9${String(i).padStart(7, "0")}`;
    return { line: i + 2, sku, ean: gtin(`789${sku}9`), description: `TÊNIS BENCH ${i % 100} MASC PRETO`, reference: sku.slice(0, 6), size: sku.slice(6), color: "PRETO" };
  });
  const started = performance.now();
  const result = await call(port, "POST", "/api/products/import", token, { rows });
  const importMs = performance.now() - started;
  return { search, byCode, importMs, importResult: result };
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
  const lines = [
    "### The catalog",
    "",
    `${c.count.toLocaleString("en")} products (${SIZES_PER_MODEL} sizes per model, one EAN-13 each) generated straight into the database. ` +
      `Search: a reference (SKU prefix), a whole GTIN or three words of the description, a page of 20 and its total in one statement, each request another of 200 searches; ` +
      `by-code: a GTIN or a SKU, each request another of 200; ${connections} clients. Import: one request of ${IMPORT_ROWS.toLocaleString("en")} new products.`,
    "",
    "| request | p50 | p95 | p99 | req/s | CPU per request: API / PostgreSQL / load generator | goal | met |",
    "|---|---:|---:|---:|---:|---:|---:|:-:|",
    `| Pesquisa no catálogo${shown(c.search)} | ${ms(c.search.p50)} | ${ms(c.search.p95)} | ${ms(c.search.p99)} | ${Math.round(c.search.rps)} | ${cpuCell(c.search.cpu)} | p95 < ${CATALOG_GOALS.searchP95} | ${yes(c.search.p95 < CATALOG_GOALS.searchP95)} |`,
    `| Produto por código${shown(c.byCode)} | ${ms(c.byCode.p50)} | ${ms(c.byCode.p95)} | ${ms(c.byCode.p99)} | ${Math.round(c.byCode.rps)} | ${cpuCell(c.byCode.cpu)} | p95 < ${CATALOG_GOALS.byCodeP95} | ${yes(c.byCode.p95 < CATALOG_GOALS.byCodeP95)} |`,
    `| Importar ${IMPORT_ROWS.toLocaleString("en")} produtos (${c.importResult.created} criados) | | ${ms(c.importMs)} | | | | < ${CATALOG_GOALS.importMs} | ${yes(c.importMs < CATALOG_GOALS.importMs)} |`,
    "",
    "| query (SQL alone) | floor p50 | floor p95 |",
    "|---|---:|---:|",
    ...c.floors.map((f) => `| ${f.name} | ${ms(f.floor.p50)} | ${ms(f.floor.p95)} |`),
    "",
    "#### EXPLAIN of the catalog's queries",
    "",
  ];
  for (const f of c.floors) lines.push(`##### ${f.name}`, "", "```", f.explain, "```", "");
  return lines;
}
