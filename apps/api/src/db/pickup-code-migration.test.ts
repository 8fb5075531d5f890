import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder, openPglite } from "./client.js";

const files = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort();
const CODES = "0021_pickup_code.sql";

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(migrationsFolder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

let db: PGlite | undefined;
afterAll(() => db?.close());

describe("migration 0021: a pickup code for the pickups already there", () => {
  it("gives every pickup six digits, no two open ones alike, without a live update, and new rows get theirs", async () => {
    db = await openPglite();
    for (const file of files.slice(0, files.indexOf(CODES))) await apply(db, file);
    await db.exec(`
      insert into pickups (pickup_store_name, scheduled_pickup_date, pickup_type, order_number, tracking_code, invoice_file_name,
        customer_full_name, customer_cpf, customer_phone, customer_email, pickup_status)
      select 'Loja A', now(), 'Disponível na loja', 'PED' || lpad(g::text, 13, '0'), 'TR0001', 'nfe.pdf', 'Maria', '52998224725', '(41) 99999-9999',
        'maria@example.com', case when g % 3 = 0 then 'Pedido retirado' else 'Aguardando retirada' end
      from generate_series(1, 300) g;`);
    const eventsBefore = (await db.query<{ n: number }>("select count(*)::int as n from change_events")).rows[0]!.n;

    await apply(db, CODES);

    const rows = (await db.query<{ pickup_code: string; pickup_status: string }>("select pickup_code, pickup_status from pickups")).rows;
    expect(rows).toHaveLength(300);
    expect(rows.every((row) => /^\d{6}$/.test(row.pickup_code))).toBe(true);
    const open = rows.filter((row) => row.pickup_status !== "Pedido retirado").map((row) => row.pickup_code);
    expect(new Set(open).size).toBe(open.length);
    expect((await db.query<{ n: number }>("select count(*)::int as n from change_events")).rows[0]!.n).toBe(eventsBefore);

    const [taken] = open;
    await expect(
      db.exec(`update pickups set pickup_code = '${taken}' where pickup_code <> '${taken}' and pickup_status <> 'Pedido retirado'`),
    ).rejects.toThrow();
    const fresh = (
      await db.query<{ pickup_code: string }>(`
        insert into pickups (pickup_store_name, scheduled_pickup_date, pickup_type, order_number, tracking_code, invoice_file_name,
          customer_full_name, customer_cpf, customer_phone, customer_email, pickup_status)
        values ('Loja A', now(), 'Disponível na loja', 'PED9999999999999', 'TR0001', 'nfe.pdf', 'Maria', '52998224725', '(41) 99999-9999',
          'maria@example.com', 'Aguardando retirada')
        returning pickup_code`)
    ).rows[0]!;
    expect(fresh.pickup_code).toMatch(/^\d{6}$/);
    expect(open).not.toContain(fresh.pickup_code);
  });
});
