import { NOT_FOUND_PRODUCTS_CSV_HEADER, withCheckDigit } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

// 'Produtos não encontrados' by product: an item made from the catalog counts under its SKU, or its
// model (reference) with a count per size; any other item under its own text.
const t = useTestApp();
let storeA: { username: string; token: string };
let storeB: { username: string; token: string };

const PERIOD = "from=2026-03-01&to=2026-03-31";
const BOOT_38 = "BOTA CANO CURTO 38 55120038";
const BOOT_39 = "BOTA CANO CURTO 39 55120039";
const RUNNER_42 = "TÊNIS RUNNER 42 48213042";
const LOOSE = "CHINELO AVULSO 123456-7X";

const get = (url: string, token = t.adminToken) => t.app.inject({ method: "GET", url, headers: bearer(token) });

async function finishedList(destination: string, missing: string[]) {
  await t.database.db.insert(picklists).values({
    destination,
    sendDate: new Date("2026-03-10T12:00:00Z"),
    currentStatus: "Não concluído",
    listItems: missing,
    completedItems: [],
    uncompletedItems: missing,
    timeStarted: new Date("2026-03-10T12:05:00Z"),
    timeCompleted: new Date("2026-03-10T12:30:00Z"),
  });
}

beforeAll(async () => {
  storeA = await t.createStore("Loja Métricas Produto A");
  storeB = await t.createStore("Loja Métricas Produto B");
  const rows = [
    { sku: "55120038", ean: withCheckDigit("789300000038"), description: "BOTA CANO CURTO", reference: "551200", size: "38", color: "Marrom" },
    { sku: "55120039", ean: withCheckDigit("789300000039"), description: "BOTA CANO CURTO", reference: "551200", size: "39", color: "Marrom" },
    { sku: "48213042", description: "TÊNIS RUNNER", reference: "482130", size: "42", color: "Preto" },
  ];
  expect((await t.app.inject({ method: "POST", url: "/api/products/import", headers: bearer(t.adminToken), payload: { rows } })).statusCode).toBe(200);
  await finishedList(storeA.username, [BOOT_38, BOOT_38, BOOT_39, LOOSE]);
  await finishedList(storeA.username, [RUNNER_42, BOOT_39]);
  await finishedList(storeB.username, [BOOT_38, BOOT_38, BOOT_38]);
});

describe("'Produtos não encontrados' by product", () => {
  it("counts by SKU, the items outside the catalog by their text, most frequent first", async () => {
    const res = await get(`/api/metrics/not-found-products?${PERIOD}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products).toEqual([
      { key: "55120038", sku: "55120038", reference: "551200", description: "BOTA CANO CURTO", size: "38", color: "Marrom", count: 5 },
      { key: "55120039", sku: "55120039", reference: "551200", description: "BOTA CANO CURTO", size: "39", color: "Marrom", count: 2 },
      { key: "48213042", sku: "48213042", reference: "482130", description: "TÊNIS RUNNER", size: "42", color: "Preto", count: 1 },
      { key: LOOSE, sku: null, reference: null, description: LOOSE, size: null, color: null, count: 1 },
    ]);
  });

  it("counts by reference with each size's count, and a store sees only its own lists", async () => {
    const res = await get(`/api/metrics/not-found-products?${PERIOD}&by=reference&limit=2`, storeA.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().products).toEqual([
      {
        key: "551200",
        sku: null,
        reference: "551200",
        description: "BOTA CANO CURTO",
        size: null,
        color: "Marrom",
        count: 4,
        sizes: [
          { size: "38", sku: "55120038", count: 2 },
          { size: "39", sku: "55120039", count: 2 },
        ],
      },
      { key: "482130", sku: null, reference: "482130", description: "TÊNIS RUNNER", size: null, color: "Preto", count: 1, sizes: [{ size: "42", sku: "48213042", count: 1 }] },
    ]);
  });

  it("exports one row per SKU as CSV, named with the period", async () => {
    const res = await get(`/api/metrics/not-found-products/export?${PERIOD}&store=${encodeURIComponent(storeB.username)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="produtos-nao-encontrados_2026-03-01_a_2026-03-31.csv"');
    const lines = res.body.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toEqual([NOT_FOUND_PRODUCTS_CSV_HEADER.join(";"), "55120038;551200;BOTA CANO CURTO;38;Marrom;3"]);
  });

  it("refuses a grouping or a limit it does not know, in Portuguese", async () => {
    expect((await get(`/api/metrics/not-found-products?by=color`)).json()).toEqual({ error: "Agrupamento inválido: use sku ou reference." });
    expect((await get(`/api/metrics/not-found-products?limit=0`)).statusCode).toBe(400);
  });
});
