// Generates the chain-scale data set straight into the database. PostgreSQL (or PGlite) builds the
// rows itself from generate_series; every "random" choice is hashint8extended(row, seed + k), so the
// same seed and scale give the same rows on every run and on both engines, whatever the plan.
import { seeded } from "../apps/api/dist/lib/seeded-random.js";
import { STORE, completeCpf } from "../packages/domain/dist/index.js";

export const YEARS = 3;

const CITIES = [
  "Curitiba", "Londrina", "Maringá", "Ponta Grossa", "Cascavel", "Joinville", "Blumenau", "Florianópolis", "Chapecó",
  "Itajaí", "Porto Alegre", "Caxias do Sul", "Pelotas", "Santa Maria", "São Paulo", "Campinas", "Santos", "Sorocaba",
  "Ribeirão Preto", "São José dos Campos", "Rio de Janeiro", "Niterói", "Belo Horizonte", "Uberlândia", "Juiz de Fora",
  "Goiânia", "Brasília", "Campo Grande", "Cuiabá", "Vitória",
];
const FIRST_NAMES = ["Ana", "Bruno", "Carla", "Daniel", "Eduarda", "Felipe", "Gabriela", "Henrique", "Isabela", "João", "Karina", "Lucas", "Mariana", "Nicolas", "Patrícia", "Rafael", "Sabrina", "Thiago", "Vanessa", "William"];
const SURNAMES = ["Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes", "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira", "Barbosa"];
const PRODUCTS = [
  ["TENIS", ["CASUAL COURO", "RUNNER MESH", "SKATE LONA", "TRAINING", "CHUNKY", "SLIP ON"], ["MASC", "FEM", "UNISSEX"]],
  ["SAPATO", ["SOCIAL COURO", "OXFORD", "MOCASSIM", "DOCKSIDE"], ["MASC"]],
  ["SAPATILHA", ["BICO FINO", "VERNIZ", "LACO"], ["FEM"]],
  ["SANDALIA", ["RASTEIRA", "SALTO BLOCO", "PLATAFORMA", "PAPETE"], ["FEM"]],
  ["BOTA", ["COTURNO", "CANO CURTO", "CHELSEA", "CANO ALTO"], ["MASC", "FEM"]],
  ["SCARPIN", ["SALTO ALTO", "SALTO MEDIO"], ["FEM"]],
  ["CHINELO", ["SLIDE", "DEDO"], ["UNISSEX"]],
];
const COLORS = ["PRETO", "BRANCO", "MARROM", "CARAMELO", "NUDE", "AZUL MARINHO", "CINZA", "VERMELHO", "OFF WHITE", "BEGE"];
const SIZES = { MASC: [38, 44], FEM: [33, 39], UNISSEX: [34, 43] };
const LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

export function makePools(seed, scale) {
  const rnd = seeded(seed);
  const int = (min, max) => min + Math.floor(rnd() * (max - min + 1));
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const stores = Array.from({ length: 300 }, (_, i) => `Loja ${CITIES[i % CITIES.length]} ${String(Math.floor(i / CITIES.length) + 1).padStart(2, "0")}`);
  const items = new Set();
  while (items.size < ITEMS) {
    const [kind, styles, genders] = pick(PRODUCTS);
    const gender = pick(genders);
    const [min, max] = SIZES[gender];
    items.add(`${kind} ${pick(styles)} ${gender} ${pick(COLORS)} ${int(min, max)} ${int(100_000, 999_999)}${int(0, 9)}${pick(LETTERS)}`);
  }
  const cpfs = new Set();
  const customers = Math.max(2_000, Math.round(900_000 * scale));
  while (cpfs.size < customers) {
    let base = "";
    for (let i = 0; i < 9; i++) base += int(0, 9);
    if (/^(\d)\1{8}$/.test(base)) continue;
    cpfs.add(completeCpf(base));
  }
  return { stores, items: [...items], cpfs: [...cpfs] };
}

/** r(k): a uniform number in [0, 1) for row g and draw k, the same for a given seed. */
const r = (seed, k, row = "g") => `((hashint8extended(${row}::bigint, ${seed * 64 + k}) & 2147483647)::float8 / 2147483648)`;

const ITEMS = 3000;

function itemsSql(seed, k, count) {
  return `ARRAY(SELECT (SELECT v FROM bench_item WHERE i = 1 + floor(${r(seed, k, "g * 16 + j")} * ${ITEMS})::int) FROM generate_series(1, ${count}) j)`;
}

function picklistsBatch(seed, from, to) {
  const age = r(seed, 1);
  return `
INSERT INTO picklists (sender, destination, send_date, time_started, time_completed, list_items, completed_items, uncompleted_items, number_transfer, current_status, updated_at)
SELECT CASE WHEN u3 < 0.9 THEN 'E-commerce' ELSE 'Centro de distribuição' END, dest, sd,
  CASE WHEN st <> 'Não iniciado' THEN least(sd + hours * interval '1 hour', $1::timestamptz) END,
  CASE WHEN st IN ('Concluído', 'Não concluído') THEN least(sd + (hours + 1) * interval '1 hour', $1::timestamptz) END,
  items,
  CASE st WHEN 'Concluído' THEN items WHEN 'Em andamento' THEN items[1:1] ELSE '{}'::text[] END,
  CASE st WHEN 'Não concluído' THEN items ELSE '{}'::text[] END,
  CASE WHEN st IN ('Concluído', 'Não concluído') THEN lpad((floor(u3 * 1000000))::int::text, 6, '0') END,
  st, sd
FROM (
  SELECT g, sd, u2, u3, hours, dest, items,
    CASE
      WHEN days < 1 THEN CASE WHEN u2 < 0.5 THEN 'Não iniciado' WHEN u2 < 0.8 THEN 'Em andamento' WHEN u2 < 0.95 THEN 'Concluído' ELSE 'Não concluído' END
      WHEN days < 7 THEN CASE WHEN u2 < 0.1 THEN 'Não iniciado' WHEN u2 < 0.25 THEN 'Em andamento' WHEN u2 < 0.9 THEN 'Concluído' ELSE 'Não concluído' END
      ELSE CASE WHEN u2 < 0.0005 THEN 'Não iniciado' WHEN u2 < 0.001 THEN 'Em andamento' WHEN u2 < 0.91 THEN 'Concluído' ELSE 'Não concluído' END
    END AS st
  FROM (
    SELECT g, $1::timestamptz - ${age} * ${YEARS * 365} * interval '1 day' AS sd, ${age} * ${YEARS * 365} AS days,
      ${r(seed, 2)} AS u2, ${r(seed, 3)} AS u3, 1 + floor(${r(seed, 4)} * 20) AS hours,
      (SELECT v FROM bench_store WHERE i = 1 + floor(power(${r(seed, 5)}, 1.6) * 300)::int) AS dest,
      ${itemsSql(seed, 6, `1 + (g % 8)::int`)} AS items
    FROM generate_series(${from}::bigint, ${to}::bigint) g
    OFFSET 0
  ) a
) b`;
}

function customerSql(seed, k, customers) {
  return `(SELECT c FROM bench_cpf c WHERE i = 1 + floor(${r(seed, k)} * ${customers})::int)`;
}

function pickupsBatch(seed, from, to, customers) {
  const age = r(seed, 11);
  return `
INSERT INTO pickups (order_dispatch_date, pickup_store_name, scheduled_pickup_date, order_received_at_store_date, pickup_type, order_number, tracking_code,
  invoice_file_name, customer_full_name, customer_cpf, customer_phone, customer_email, authorized_third_party_pickup, authorized_third_party_full_name,
  authorized_third_party_cpf, order_items, pickup_status, actual_pickup_date, updated_at, pickup_code)
SELECT sd, dest, sd + interval '5 days',
  CASE WHEN st <> 'Em trânsito' THEN CASE WHEN postal THEN least(sd + interval '2 days', $1::timestamptz) ELSE sd END END,
  CASE WHEN postal THEN 'Envio realizado via Correios' ELSE 'Disponível na loja' END,
  (1000000000000 + (g * 7919) % 8999999999999)::text || '-01',
  CASE WHEN postal THEN 'QB' || lpad((g * 31 % 1000000000)::text, 9, '0') || 'BR' ELSE 'LJ' || lpad((g % 10000)::text, 4, '0') END,
  'nfe-' || g || '.pdf', (cust).name, (cust).cpf, (cust).phone, (cust).email,
  third IS NOT NULL, (third).name, (third).cpf,
  items, st,
  CASE WHEN st = 'Pedido retirado' THEN least(sd + interval '3 days', $1::timestamptz) END, sd,
  -- Named here: one INSERT's rows do not see each other's codes (the column's default). g * 7919 mod 10^6
  -- is one-to-one over any million consecutive pickups, so no two open ones share a code.
  lpad(((g * 7919) % 1000000)::text, 6, '0')
FROM (
  SELECT g, sd, dest, items, cust, postal, CASE WHEN u4 < 0.1 THEN third END AS third,
    CASE
      WHEN days < 3 THEN CASE WHEN u2 < 0.6 THEN 'Em trânsito' WHEN u2 < 0.9 THEN 'Aguardando retirada' ELSE 'Pedido retirado' END
      WHEN days < 30 THEN CASE WHEN u2 < 0.05 THEN 'Em trânsito' WHEN u2 < 0.3 THEN 'Aguardando retirada' ELSE 'Pedido retirado' END
      ELSE CASE WHEN u2 < 0.001 THEN 'Em trânsito' WHEN u2 < 0.005 THEN 'Aguardando retirada' ELSE 'Pedido retirado' END
    END AS st
  FROM (
    SELECT g, $1::timestamptz - ${age} * ${YEARS * 365} * interval '1 day' AS sd, ${age} * ${YEARS * 365} AS days,
      ${r(seed, 12)} AS u2, ${r(seed, 13)} < 0.5 AS postal, ${r(seed, 14)} AS u4,
      (SELECT v FROM bench_store WHERE i = 1 + floor(power(${r(seed, 15)}, 1.6) * 300)::int) AS dest,
      ${customerSql(seed, 16, customers)} AS cust, ${customerSql(seed, 17, customers)} AS third,
      ${itemsSql(seed, 18, `1 + (g % 4)::int`)} AS items
    FROM generate_series(${from}::bigint, ${to}::bigint) g
    OFFSET 0
  ) a
) b`;
}

function returnsBatch(seed, from, to, customers) {
  const age = r(seed, 21);
  return `
INSERT INTO returns (date_of_creation, order_number, customer_cpf, customer_full_name, customer_phone, customer_email, return_items, return_status,
  reason_for_refusal, return_store, date_of_return, date_of_transfer, transfer_number, updated_at)
SELECT sd, (2000000000000 + (g * 7919) % 7999999999999)::text || '-01', (cust).cpf, (cust).name, (cust).phone, (cust).email, items, st,
  CASE WHEN st = 'Devolução recusada' THEN (ARRAY['Produto com sinais de uso', 'Produto sem a nota fiscal', 'Produto sem a caixa original'])[1 + g % 3] ELSE '' END,
  CASE WHEN st IN ('Devolução pendente', 'Devolução expirada') THEN NULL ELSE dest END,
  CASE WHEN st IN ('Devolvido em loja física', 'Devolução concluída', 'Devolução recusada') THEN least(sd + interval '4 days', $1::timestamptz) END,
  CASE WHEN st = 'Devolução concluída' THEN least(sd + interval '6 days', $1::timestamptz) END,
  CASE WHEN st = 'Devolução concluída' THEN lpad((g * 13 % 1000000)::text, 6, '0') END, sd
FROM (
  SELECT g, sd, dest, items, cust,
    CASE
      WHEN days < 30 THEN CASE WHEN u2 < 0.5 THEN 'Devolução pendente' WHEN u2 < 0.75 THEN 'Devolvido em loja física' WHEN u2 < 0.95 THEN 'Devolução concluída' ELSE 'Devolução recusada' END
      ELSE CASE WHEN u2 < 0.01 THEN 'Devolvido em loja física' WHEN u2 < 0.8 THEN 'Devolução concluída' WHEN u2 < 0.85 THEN 'Devolução recusada' ELSE 'Devolução expirada' END
    END AS st
  FROM (
    SELECT g, $1::timestamptz - ${age} * ${YEARS * 365} * interval '1 day' AS sd, ${age} * ${YEARS * 365} AS days, ${r(seed, 22)} AS u2,
      (SELECT v FROM bench_store WHERE i = 1 + floor(power(${r(seed, 23)}, 1.6) * 300)::int) AS dest,
      ${customerSql(seed, 24, customers)} AS cust,
      ${itemsSql(seed, 25, `1 + (g % 3)::int`)} AS items
    FROM generate_series(${from}::bigint, ${to}::bigint) g
    OFFSET 0
  ) a
) b`;
}

/**
 * Fills an empty, migrated database. `query(text, params)` runs one statement; `passwordHash`
 * is the one argon2 hash every bench user signs in with.
 */
export async function generate({ query, seed, scale, now, passwordHash, company = "exemplo.com.br", log = () => {} }) {
  const pools = makePools(seed, scale);
  const counts = { picklists: Math.round(1_000_000 * scale), pickups: Math.round(1_000_000 * scale), returns: Math.round(500_000 * scale) };

  // JIT compiling each batch's expressions costs more than running them.
  await query("SET jit = off");
  await query(`INSERT INTO users (username, email, password_hash, role) VALUES ('Administrador', $1, $2, 'Administrador')`, [`admin@${company}`, passwordHash]);
  await query(
    `INSERT INTO users (username, email, password_hash, role)
     SELECT s, 'loja.' || lpad(i::text, 3, '0') || '@${company}', $2, $3 FROM unnest($1::text[]) WITH ORDINALITY AS t(s, i)`,
    [pools.stores, passwordHash, STORE],
  );
  // Pools the SQL draws from, as tables so that each batch does not resend them.
  await query(`CREATE TABLE bench_store (i int PRIMARY KEY, v text)`);
  await query(`INSERT INTO bench_store SELECT i, v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i)`, [pools.stores]);
  await query(`CREATE TABLE bench_item (i int PRIMARY KEY, v text)`);
  await query(`INSERT INTO bench_item SELECT i, v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i)`, [pools.items]);
  await query(`CREATE TABLE bench_cpf (i int PRIMARY KEY, cpf text, name text, phone text, email text)`);
  await query(
    `INSERT INTO bench_cpf SELECT i, v,
       (ARRAY[${FIRST_NAMES.map((n) => `'${n}'`).join(",")}])[1 + i % ${FIRST_NAMES.length}] || ' ' || (ARRAY[${SURNAMES.map((n) => `'${n}'`).join(",")}])[1 + (i / ${FIRST_NAMES.length}) % ${SURNAMES.length}],
       '(41) 9' || lpad((i % 10000)::text, 4, '0') || '-' || lpad((i * 7 % 10000)::text, 4, '0'),
       'cliente' || i || '@gmail.com'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i)`,
    [pools.cpfs],
  );

  // A generated history is not a stream of changes: the live-update triggers stay off while it is written.
  const TRACKED = ["picklists", "pickups", "returns"];
  for (const table of TRACKED) await query(`ALTER TABLE ${table} DISABLE TRIGGER ${table}_change_event`);

  const batch = Math.max(1_000, Math.min(50_000, Math.round(counts.picklists / 20)));
  for (const [table, total, build] of [
    ["picklists", counts.picklists, picklistsBatch],
    ["pickups", counts.pickups, pickupsBatch],
    ["returns", counts.returns, returnsBatch],
  ]) {
    const started = Date.now();
    for (let from = 1; from <= total; from += batch) {
      const to = Math.min(total, from + batch - 1);
      await query(build(seed, from, to, pools.cpfs.length), [now.toISOString()]);
      log(`\r  ${table}: ${to.toLocaleString("en")} / ${total.toLocaleString("en")} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    log("\n");
  }
  for (const table of TRACKED) await query(`ALTER TABLE ${table} ENABLE TRIGGER ${table}_change_event`);
  await query(`DROP TABLE bench_store, bench_item, bench_cpf`);
  // What autovacuum does on a live database: statistics for the planner, and the visibility map and hint
  // bits that a freshly bulk-loaded table lacks (without them every scan visits the heap to check rows).
  await query(`VACUUM ANALYZE`);
  return { counts, stores: pools.stores, cpfs: pools.cpfs };
}
