/**
 * Checks straight on the database tables, after a crash: no record half-written, no row pointing at nothing, and
 * every change that queues an e-mail has its outbox row (both are written in one transaction).
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import pg from "pg";

export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

const CHECKS: [string, string][] = [
  [
    "picklist half-written",
    `select id, current_status from picklists where not (
       (current_status = 'Não iniciado' and time_started is null and time_completed is null and number_transfer is null
          and cardinality(completed_items) = 0 and cardinality(uncompleted_items) = 0)
       or (current_status = 'Em andamento' and time_started is not null and time_completed is null
           and cardinality(completed_items) + cardinality(uncompleted_items) = cardinality(list_items))
       or (current_status = 'Não concluído' and time_started is not null)
       or (current_status = 'Concluído' and time_started is not null and time_completed is not null and number_transfer ~ '^[0-9]{6}$'
           and cardinality(completed_items) + cardinality(uncompleted_items) = cardinality(list_items)))`,
  ],
  [
    "pickup half-written",
    `select id, pickup_status from pickups where not (
       (pickup_status = 'Em trânsito' and order_received_at_store_date is null and actual_pickup_date is null)
       or (pickup_status = 'Aguardando retirada' and actual_pickup_date is null
           and (order_received_at_store_date is not null or pickup_type = 'Disponível na loja'))
       or (pickup_status = 'Pedido retirado' and actual_pickup_date is not null))`,
  ],
  [
    "return half-written",
    `select id, return_status from returns where
       (return_status = 'Devolução pendente' and (return_store is not null or date_of_return is not null))
       or (return_status = 'Devolvido em loja física' and (return_store is null or date_of_return is null))`,
  ],
  ["picklist for no store", `select id, destination from picklists where destination not in (select username from users)`],
  ["pickup for no store", `select id, pickup_store_name from pickups where pickup_store_name not in (select username from users)`],
  ["pickup without its invoice", `select id, invoice_file_name from pickups where invoice_file_name not in (select name from uploads)`],
  ["return received by no store", `select id, return_store from returns where return_store is not null and return_store not in (select username from users)`],
  [
    "outbox row about nothing",
    `select id, event_key from notification_outbox where record_id not in
       (select id from picklists union all select id from pickups union all select id from returns)`,
  ],
  [
    "pickup received without its e-mail queued",
    `select p.id from pickups p where p.pickup_status in ('Aguardando retirada', 'Pedido retirado') and p.customer_email <> ''
       and not exists (select 1 from notification_outbox o where o.event_key like 'pickup-ready:' || p.id || '%')`,
  ],
  [
    "pickup collected without its e-mail queued",
    `select p.id from pickups p where p.pickup_status = 'Pedido retirado' and p.customer_email <> ''
       and not exists (select 1 from notification_outbox o where o.event_key = 'pickup-collected:' || p.id)`,
  ],
  [
    "return received without its e-mail queued",
    `select r.id from returns r where r.return_status = 'Devolvido em loja física' and r.customer_email <> ''
       and not exists (select 1 from notification_outbox o where o.event_key = 'return-received:' || r.id)`,
  ],
];

export async function databaseProblems(query: Query): Promise<string[]> {
  const problems: string[] = [];
  for (const [name, sql] of CHECKS) {
    const rows = await query(sql);
    for (const row of rows.slice(0, 5)) problems.push(`${name}: ${JSON.stringify(row)}`);
    if (rows.length > 5) problems.push(`${name}: ${rows.length - 5} more`);
  }
  return problems;
}

export async function rowCounts(query: Query): Promise<Record<string, number>> {
  const [row] = await query(
    `select (select count(*) from picklists)::int as picklists, (select count(*) from pickups)::int as pickups,
            (select count(*) from returns)::int as returns, (select count(*) from notification_outbox)::int as outbox`,
  );
  return row as Record<string, number>;
}

/** Runs `fn` on a PostgreSQL database. */
export async function withPostgres<T>(url: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** Opens a PGlite DATA_DIR (no server may hold it) and runs `fn` on it. */
export async function withPglite<T>(dataDir: string, fn: (query: Query) => Promise<T>): Promise<T> {
  const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm, unaccent } });
  try {
    return await fn(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await db.close();
  }
}
