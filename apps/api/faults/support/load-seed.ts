/**
 * The load test's data: a database of its own on the shared PostgreSQL (created and dropped here), the store users
 * (inserted in SQL with one precomputed argon2 hash, so that 300 stores do not cost 300 hashes), and each store's work:
 * picklists sent to it, pickups for it of both types, pending returns only it will look up, and some history to page.
 */
import { randomBytes } from "node:crypto";
import { STORE, completeCpf, formatCpf } from "@passo/domain";
import pg from "pg";
import { hashPassword } from "../../dist/lib/password.js";

export const STORE_ROLE: string = STORE;
export const STORE_PASSWORD = "load-store-password";
export const STORE_PREFIX = "Loja Carga ";
const INVOICE_NAME = "carga-nfe-semente.pdf";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const DAY = 24 * 60 * 60 * 1000;

/** The shared server's maintenance database; LOAD_POSTGRES_URL points elsewhere. */
const ADMIN_URL = process.env.LOAD_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface Cpf {
  digits: string;
  formatted: string;
}

/** A valid CPF for each number (distinct numbers give distinct CPFs: 7919 is prime to 10^9). */
export function cpfFor(n: number): Cpf {
  const digits = completeCpf(String((100_000_000 + n * 7919) % 1_000_000_000).padStart(9, "0"));
  return { digits, formatted: formatCpf(digits) };
}

export const storeName = (i: number) => `${STORE_PREFIX}${String(i).padStart(3, "0")}`;
export const storeEmail = (i: number) => `loja.carga.${String(i).padStart(3, "0")}@exemplo.com.br`;
/** The customer of every pickup sent to store i (the counter types it in). */
export const pickupCpf = (i: number) => cpfFor(9_000_000 + i);
/** The k-th pending return seeded for store i. */
export const returnCpf = (i: number, k: number) => cpfFor(i * 1_000 + k);
/** Sixteen characters, as the forms require. */
export const orderNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(16 - prefix.length, "0")}`;

export interface LoadDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createLoadDatabase(): Promise<LoadDatabase> {
  const name = `passo_load_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface SeedPlan {
  stores: number;
  /** Open picklists (Não iniciado) per store. */
  openPicklists: number;
  /** Pickups per store and type: postal ones Em trânsito, in-store ones Aguardando retirada. */
  pickupsPerType: number;
  /** Pending returns per store (each with its own CPF). */
  pendingReturns: number;
  /** Finished records per store and flow, so the histories have more than one page. */
  history: number;
}

export interface SeedResult {
  invoiceName: string;
  rows: { users: number; picklists: number; pickups: number; returns: number };
}

const items = (n: number) => [`TENIS RUNNER 42 ${String(100000 + n)}-7X`, `SANDALIA PRAIA 37 ${String(200000 + n)}-1B`, `BOTA COURO 40 ${String(300000 + n)}-4C`];

async function insertJson(client: pg.Client, sql: string, rows: unknown[]): Promise<number> {
  const result = await client.query(sql, [JSON.stringify(rows)]);
  return result.rowCount ?? 0;
}

/** Inserts the stores and their work into a database the server has already migrated. */
export async function seed(databaseUrl: string, plan: SeedPlan): Promise<SeedResult> {
  const hash = await hashPassword(STORE_PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const now = Date.now();
  const iso = (offsetMs: number) => new Date(now - offsetMs).toISOString();
  try {
    const users = [];
    const picklists = [];
    const pickups = [];
    const returns = [];
    let serial = 0;
    for (let i = 1; i <= plan.stores; i++) {
      const store = storeName(i);
      users.push({ username: store, email: storeEmail(i), password_hash: hash, role: STORE_ROLE });
      for (let k = 0; k < plan.openPicklists; k++) {
        picklists.push({ destination: store, send_date: iso((k + 1) * 37 * 60_000), list_items: items(++serial), current_status: "Não iniciado" });
      }
      for (let k = 0; k < plan.history; k++) {
        const sent = (k + 1) * 2.5 * DAY;
        const list = items(++serial);
        picklists.push({
          destination: store,
          send_date: iso(sent),
          time_started: iso(sent - 3_600_000),
          time_completed: iso(sent - 7_200_000),
          list_items: list,
          completed_items: list,
          uncompleted_items: [],
          number_transfer: String(100000 + k),
          current_status: "Concluído",
        });
      }
      const cpf = pickupCpf(i).digits;
      const pickup = (type: string, status: string, sentAgo: number, extra: Record<string, unknown> = {}) => ({
        pickup_store_name: store,
        order_dispatch_date: iso(sentAgo),
        scheduled_pickup_date: iso(sentAgo - 3 * DAY),
        pickup_type: type,
        order_number: orderNumber("CARGA", ++serial),
        tracking_code: type === "Disponível na loja" ? "123456" : "AA123456789BR",
        invoice_file_name: INVOICE_NAME,
        customer_full_name: `Cliente da ${store}`,
        customer_cpf: cpf,
        customer_phone: "(41) 99999-9999",
        customer_email: "cliente@example.com",
        order_items: items(serial),
        pickup_status: status,
        // Named here: the rows go in one INSERT, whose rows do not see each other's codes (the column's default).
        pickup_code: String(serial % 1_000_000).padStart(6, "0"),
        ...extra,
      });
      for (let k = 0; k < plan.pickupsPerType; k++) {
        pickups.push(pickup("Envio realizado via Correios", "Em trânsito", (k + 1) * 53 * 60_000));
        pickups.push(pickup("Disponível na loja", "Aguardando retirada", (k + 1) * 61 * 60_000));
      }
      for (let k = 0; k < plan.history; k++) {
        const sent = (k + 1) * 2.5 * DAY;
        pickups.push(pickup("Envio realizado via Correios", "Pedido retirado", sent, { order_received_at_store_date: iso(sent - DAY), actual_pickup_date: iso(sent - 2 * DAY) }));
      }
      const returnRow = (k: number, status: string, createdAgo: number, extra: Record<string, unknown> = {}) => ({
        date_of_creation: iso(createdAgo),
        order_number: orderNumber("DEVOL", ++serial),
        customer_cpf: returnCpf(i, k).digits,
        customer_full_name: `Cliente ${k} da ${store}`,
        customer_phone: "(41) 98888-7777",
        customer_email: "devolucao@example.com",
        return_items: items(serial),
        return_status: status,
        ...extra,
      });
      for (let k = 0; k < plan.pendingReturns; k++) returns.push(returnRow(k, "Devolução pendente", (k + 1) * 47 * 60_000));
      for (let k = 0; k < plan.history; k++) {
        const created = (k + 1) * 2.5 * DAY;
        returns.push(
          returnRow(500 + k, "Devolução concluída", created, {
            return_store: store,
            date_of_return: iso(created - DAY),
            date_of_transfer: iso(created - 2 * DAY),
            transfer_number: String(700000 + k),
          }),
        );
      }
    }

    await client.query("BEGIN");
    await client.query(
      "INSERT INTO uploads (name, original_name, content_type, size, content, uploaded_by) VALUES ($1, 'nota.pdf', 'application/pdf', $2, $3, 'carga')",
      [INVOICE_NAME, PDF.byteLength, PDF],
    );
    const rows = {
      users: await insertJson(
        client,
        `INSERT INTO users (username, email, password_hash, role)
         SELECT username, email, password_hash, role FROM json_to_recordset($1::json) AS r(username text, email text, password_hash text, role text)`,
        users,
      ),
      picklists: await insertJson(
        client,
        `INSERT INTO picklists (destination, send_date, time_started, time_completed, list_items, completed_items, uncompleted_items, number_transfer, current_status)
         SELECT destination, send_date, time_started, time_completed, list_items, coalesce(completed_items, '{}'), coalesce(uncompleted_items, '{}'), number_transfer, current_status
         FROM json_to_recordset($1::json) AS r(destination text, send_date timestamptz, time_started timestamptz, time_completed timestamptz,
           list_items text[], completed_items text[], uncompleted_items text[], number_transfer text, current_status text)`,
        picklists,
      ),
      pickups: await insertJson(
        client,
        `INSERT INTO pickups (pickup_store_name, order_dispatch_date, scheduled_pickup_date, order_received_at_store_date, pickup_type, order_number,
           tracking_code, invoice_file_name, customer_full_name, customer_cpf, customer_phone, customer_email, order_items, pickup_status, actual_pickup_date, pickup_code)
         SELECT pickup_store_name, order_dispatch_date, scheduled_pickup_date, order_received_at_store_date, pickup_type, order_number,
           tracking_code, invoice_file_name, customer_full_name, customer_cpf, customer_phone, customer_email, order_items, pickup_status, actual_pickup_date, pickup_code
         FROM json_to_recordset($1::json) AS r(pickup_store_name text, order_dispatch_date timestamptz, scheduled_pickup_date timestamptz,
           order_received_at_store_date timestamptz, pickup_type text, order_number text, tracking_code text, invoice_file_name text,
           customer_full_name text, customer_cpf text, customer_phone text, customer_email text, order_items text[], pickup_status text,
           actual_pickup_date timestamptz, pickup_code text)`,
        pickups,
      ),
      returns: await insertJson(
        client,
        `INSERT INTO returns (date_of_creation, order_number, customer_cpf, customer_full_name, customer_phone, customer_email, return_items,
           return_status, return_store, date_of_return, date_of_transfer, transfer_number)
         SELECT date_of_creation, order_number, customer_cpf, customer_full_name, customer_phone, customer_email, return_items,
           return_status, return_store, date_of_return, date_of_transfer, transfer_number
         FROM json_to_recordset($1::json) AS r(date_of_creation timestamptz, order_number text, customer_cpf text, customer_full_name text,
           customer_phone text, customer_email text, return_items text[], return_status text, return_store text, date_of_return timestamptz,
           date_of_transfer timestamptz, transfer_number text)`,
        returns,
      ),
    };
    await client.query("COMMIT");
    await client.query("ANALYZE");
    return { invoiceName: INVOICE_NAME, rows };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await fn(items[at]!, at);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
