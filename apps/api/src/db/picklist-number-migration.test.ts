import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.js";

const files = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort();
const NUMBERING = "0014_picklist_number.sql";

async function apply(db: PGlite, file: string) {
  for (const statement of readFileSync(path.join(migrationsFolder, file), "utf8").split("--> statement-breakpoint")) {
    if (statement.trim()) await db.exec(statement);
  }
}

const db = new PGlite();
afterAll(() => db.close());

describe("migration 0014: 'Lista nº' for the lists already there", () => {
  it("numbers them in the order they were sent, whatever order they were stored in, and the sequence goes on after the last", async () => {
    for (const file of files.slice(0, files.indexOf(NUMBERING))) await apply(db, file);
    // Stored out of order: the physical order is not the sending order.
    await db.exec(`
      insert into picklists (id, destination, list_items, send_date) values
        ('00000000-0000-4000-8000-000000000003', 'Loja A', '{A}', '2026-03-03T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000001', 'Loja A', '{A}', '2026-03-01T10:00:00Z'),
        ('00000000-0000-4000-8000-000000000002', 'Loja B', '{A}', '2026-03-02T10:00:00Z');`);
    const eventsBefore = (await db.query<{ n: number }>("select count(*)::int as n from change_events")).rows[0]!.n;

    await apply(db, NUMBERING);

    const numbered = (await db.query<{ id: string; number: number }>("select id, number from picklists order by send_date")).rows;
    expect(numbered.map((row) => [row.id.slice(-1), row.number])).toEqual([
      ["1", 1],
      ["2", 2],
      ["3", 3],
    ]);
    const next = (await db.query<{ number: number }>("insert into picklists (destination, list_items) values ('Loja A', '{B}') returning number")).rows[0]!;
    expect(next.number).toBe(4);
    await expect(db.exec("update picklists set number = 1 where number = 4")).rejects.toThrow();
    // Renumbering is no change anyone watches: no live update for the lists already there.
    const events = (await db.query<{ n: number }>("select count(*)::int as n from change_events")).rows[0]!.n;
    expect(events - eventsBefore).toBe(1);
  });
});
