import { PICKLIST_IMPORT_MESSAGES } from "@passo/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

function importRows(rows: { line?: number; store: string; item: string }[], dryRun = false) {
  return t.app.inject({ method: "POST", url: "/api/picklist/import", headers: bearer(t.adminToken), payload: { dryRun, rows } });
}

async function listsFor(store: string) {
  return t.database.db.select().from(picklists).where(sql`${picklists.destination} = ${store}`);
}

beforeAll(async () => {
  await t.createStore("Loja Importada Norte");
  await t.createStore("Loja Importada Sul");
});

describe("'Importar listas'", () => {
  const rows = [
    { line: 2, store: "Loja Importada Norte", item: "TENIS A 111111-1X" },
    { line: 3, store: "loja importada sul", item: "TENIS B 222222-2X" },
    { line: 4, store: "Loja Importada Norte", item: " TENIS C 333333-3X " },
  ];

  it("previews one list per store without creating anything", async () => {
    const res = await importRows(rows, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lists: [
        { destination: "Loja Importada Norte", items: ["TENIS A 111111-1X", "TENIS C 333333-3X"] },
        { destination: "Loja Importada Sul", items: ["TENIS B 222222-2X"] },
      ],
      problems: [],
      unknownStores: [],
    });
    expect(await listsFor("Loja Importada Norte")).toEqual([]);
  });

  it("previews the bad rows, each with its message, and flags the unknown stores", async () => {
    const res = await importRows([...rows, { line: 5, store: "Loja Fantasma", item: "TENIS D" }, { line: 6, store: "Loja Importada Sul", item: "" }], true);
    expect(res.statusCode).toBe(200);
    expect(res.json().problems).toEqual([
      { line: 5, message: 'Linha 5: a loja "Loja Fantasma" não existe.' },
      { line: 6, message: "Linha 6: informe o item." },
    ]);
    expect(res.json().unknownStores).toEqual(["Loja Fantasma"]);
  });

  it("creates nothing when any row is refused", async () => {
    const res = await importRows([...rows, { line: 9, store: "Loja Fantasma", item: "TENIS D" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PICKLIST_IMPORT_MESSAGES.refused, problems: [{ line: 9, message: 'Linha 9: a loja "Loja Fantasma" não existe.' }] });
    expect(await listsFor("Loja Importada Norte")).toEqual([]);
    expect(await listsFor("Loja Importada Sul")).toEqual([]);
  });

  it("creates one list per store, Não iniciado, sent by E-commerce, each in the audit log", async () => {
    const res = await importRows(rows);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe("2 listas de separação criadas com sucesso!");
    const [norte] = await listsFor("Loja Importada Norte");
    expect(norte).toMatchObject({ listItems: ["TENIS A 111111-1X", "TENIS C 333333-3X"], currentStatus: "Não iniciado", sender: "E-commerce" });
    expect(await listsFor("Loja Importada Sul")).toHaveLength(1);
    const audit = await t.app.inject({ method: "GET", url: `/api/audit/picklist/${norte!.id}`, headers: bearer(t.adminToken) });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual(["create"]);
  });

  it("refuses an empty file, too many rows, and a store's account", async () => {
    expect((await importRows([])).json()).toEqual({ error: PICKLIST_IMPORT_MESSAGES.refused, problems: [{ line: null, message: PICKLIST_IMPORT_MESSAGES.noRows }] });
    const many = Array.from({ length: 5001 }, () => ({ store: "Loja Importada Sul", item: "X" }));
    const tooMany = await importRows(many, true);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: PICKLIST_IMPORT_MESSAGES.tooManyRows });
    const store = await t.createStore("Loja Curiosa");
    const res = await t.app.inject({ method: "POST", url: "/api/picklist/import", headers: bearer(store.token), payload: { rows } });
    expect(res.statusCode).toBe(403);
  });
});
