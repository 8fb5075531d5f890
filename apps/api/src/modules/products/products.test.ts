import { API_KEY_MESSAGES, CATALOG_MESSAGES, PRODUCT_IMPORT_MAX_ROWS, productItemText, withCheckDigit } from "@passo/domain";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { resolveCodes } from "./products.service.js";

const t = useTestApp();
let store: string;
let catalogKey: string;
let picklistKey: string;

const EAN_41 = withCheckDigit("789100000041");
const EAN_42 = withCheckDigit("789100000042");
const EAN_43 = withCheckDigit("789100000043");
const UPC = "036000291452";

const runner = (size: number, ean: string, line = size) => ({
  line,
  sku: `482130${size}`,
  ean,
  description: "Tênis Runner Masc Preto",
  reference: "482130",
  size: String(size),
  color: "Preto",
});

const call = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), payload });
const importRows = (token: string, rows: object[], dryRun = false) => call("POST", "/api/products/import", token, { dryRun, rows });
const countProducts = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from products`))[0]!.n;

async function createKey(scopes: string[]) {
  const res = await call("POST", "/api/api-keys/create", t.adminToken, { name: `Catálogo ${scopes.join()}`, scopes });
  return res.json().key as string;
}

beforeAll(async () => {
  store = (await t.createStore("Loja Catálogo")).token;
  catalogKey = await createKey(["products"]);
  picklistKey = await createKey(["picklists"]);
  const res = await importRows(t.adminToken, [runner(41, EAN_41), runner(42, EAN_42), { line: 43, sku: "chinelo-1", ean: UPC, description: "Chinelo Praia Azul", size: "38" }]);
  expect(res.json()).toEqual({ created: 3, updated: 0, unchanged: 0, errors: [] });
});

describe("the catalog's search (GET /api/products/get)", () => {
  const search = async (query: string, token = t.adminToken) => {
    const res = await call("GET", `/api/products/get?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { products: { sku: string }[]; total: number };
  };

  it("finds a SKU prefix, a whole GTIN and every word of the description, accents and case ignored", async () => {
    expect((await search("search=48213")).products.map((p) => p.sku)).toEqual(["48213041", "48213042"]);
    expect((await search(`search=${EAN_42}`)).products.map((p) => p.sku)).toEqual(["48213042"]);
    expect((await search("search=tenis%20PRETO%20runner")).total).toBe(2);
    expect((await search("search=chinelo%20preto")).total).toBe(0);
    expect((await search("search=praia")).products).toEqual([
      { sku: "CHINELO-1", eans: [UPC], description: "Chinelo Praia Azul", reference: null, size: "38", color: null, active: true },
    ]);
    expect((await search("search=100%25")).total).toBe(0);
  });

  it("finds products whose words begin with every word searched, in any order, accents and case ignored", async () => {
    const skus = async (query: string) => (await search(`search=${encodeURIComponent(query)}`)).products.map((p) => p.sku);
    expect(await skus("TEN")).toEqual(["48213041", "48213042"]);
    expect(await skus("tên RUN")).toEqual(["48213041", "48213042"]);
    expect(await skus("masc")).toEqual(["48213041", "48213042"]);
    expect(await skus("azul chin")).toEqual(["CHINELO-1"]);
    expect(await skus("Chinelo, praia!")).toEqual(["CHINELO-1"]);
    expect(await skus("unner")).toEqual([]);
    expect(await skus("runner praia")).toEqual([]);
    expect(await skus("tenis preto branco")).toEqual([]);
  });

  it("finds a SKU by its beginning and a GTIN only whole", async () => {
    const skus = async (query: string) => (await search(`search=${encodeURIComponent(query)}`)).products.map((p) => p.sku);
    expect(await skus("4821304")).toEqual(["48213041", "48213042"]);
    expect(await skus("chinelo-")).toEqual(["CHINELO-1"]);
    expect(await skus(EAN_41)).toEqual(["48213041"]);
    expect(await skus(UPC)).toEqual(["CHINELO-1"]);
    expect(await skus(EAN_41.slice(0, 12))).toEqual([]);
    expect(await skus(EAN_41.slice(1))).toEqual([]);
  });

  it("answers the total with a page past the last", async () => {
    expect(await search("search=tenis&page=3&pageSize=1")).toEqual({ products: [], total: 2 });
    expect(await search("search=sapato&page=2")).toEqual({ products: [], total: 0 });
  });

  it("filters by reference and by active, in pages with the total", async () => {
    const page = await search("reference=482130&page=2&pageSize=1");
    expect(page).toMatchObject({ total: 2, products: [{ sku: "48213042" }] });
    expect((await search("active=false")).total).toBe(0);
    expect((await call("GET", "/api/products/get?pageSize=1000", t.adminToken)).json()).toEqual({ error: "Tamanho de página inválido." });
  });

  it("is read by stores and by keys of scope products, not by a key without it", async () => {
    expect((await search("search=48213", store)).total).toBe(2);
    expect((await search("search=48213", catalogKey)).total).toBe(2);
    const refused = await call("GET", "/api/products/get", picklistKey);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: API_KEY_MESSAGES.outOfScope });
  });
});

describe("a product by its code (GET /api/products/by-code/{code})", () => {
  it("finds a product by GTIN or by SKU, in any case", async () => {
    expect((await call("GET", `/api/products/by-code/${EAN_41}`, store)).json().product).toMatchObject({ sku: "48213041", eans: [EAN_41], size: "41" });
    expect((await call("GET", "/api/products/by-code/chinelo-1", catalogKey)).json().product.sku).toBe("CHINELO-1");
  });

  it("refuses a wrong check digit (400) and an unknown code (404) in Portuguese", async () => {
    const wrong = await call("GET", "/api/products/by-code/7891000000426", store);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "Código de barras inválido." });
    const unknown = await call("GET", `/api/products/by-code/${withCheckDigit("789999999999")}`, store);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Código não encontrado no catálogo." });
    expect((await call("GET", "/api/products/by-code/NADA", store)).statusCode).toBe(404);
  });
});

describe("the items' products (POST /api/products/by-items)", () => {
  it("answers the catalog's products whose SKU ends the item texts, once each", async () => {
    const item = productItemText({ sku: "48213042", description: "Tênis Runner Masc Preto", size: "42" });
    const res = await call("POST", "/api/products/by-items", store, { items: [item, item, "TENIS SEM CATALOGO 1234567X", "chinelo-1"] });
    expect(res.json().products.map((p: { sku: string }) => p.sku)).toEqual(["48213042", "CHINELO-1"]);
    expect((await call("POST", "/api/products/by-items", store, { items: [] })).json()).toEqual({ error: CATALOG_MESSAGES.itemsInvalid });
  });
});

describe("importing the catalog (POST /api/products/import)", () => {
  it("previews a dry run without writing anything", async () => {
    const before = await countProducts();
    const res = await importRows(t.adminToken, [runner(43, EAN_43), { ...runner(42, EAN_42), color: "Preto/Branco" }, runner(41, EAN_41)], true);
    expect(res.json()).toEqual({ created: 1, updated: 1, unchanged: 1, errors: [] });
    expect(await countProducts()).toBe(before);
  });

  it("creates and updates by SKU, with an audit line each", async () => {
    const res = await importRows(catalogKey, [runner(43, EAN_43), { ...runner(42, EAN_42), color: "Preto/Branco" }, runner(41, EAN_41)]);
    expect(res.json()).toEqual({ created: 1, updated: 1, unchanged: 1, errors: [] });
    expect((await call("GET", "/api/products/by-code/48213042", store)).json().product.color).toBe("Preto/Branco");
    const audit = rowsOf<{ action: string; actor_name: string }>(
      await t.database.db.execute(sql`select action, actor_name from audit_log where entity = 'product' and changes::text like '%48213043%' or (entity = 'product' and changes::text like '%Preto/Branco%') order by at`),
    );
    expect(audit).toEqual([
      { action: "create", actor_name: "Catálogo products" },
      { action: "update", actor_name: "Catálogo products" },
    ]);
  });

  it("writes nothing when one row is refused, and names each bad row's error", async () => {
    const before = await countProducts();
    const rows = [
      { line: 2, sku: "NOVO-1", description: "Bota Nova" },
      { line: 3, sku: "NOVO 2", description: "Bota" },
      { line: 4, sku: "NOVO-3", description: "Bota", ean: "7891000000426" },
      { line: 5, sku: "NOVO-4", description: "Bota", ean: EAN_41 },
      { line: 6, sku: "novo-1", description: "Bota" },
      { line: 7, sku: "NOVO-5", description: "" },
    ];
    const errors = [
      { line: 3, error: CATALOG_MESSAGES.skuInvalid },
      { line: 4, error: "Código de barras inválido: 7891000000426." },
      { line: 5, error: `O código de barras ${EAN_41} já pertence ao produto 48213041.` },
      { line: 6, error: "O SKU NOVO-1 também está na linha 2." },
      { line: 7, error: CATALOG_MESSAGES.descriptionRequired },
    ];
    expect((await importRows(t.adminToken, rows, true)).json()).toEqual({ created: 1, updated: 0, unchanged: 0, errors });
    const refused = await importRows(t.adminToken, rows);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: CATALOG_MESSAGES.refused, errors });
    expect(await countProducts()).toBe(before);
  });

  it("lets a GTIN move between two products of the same file", async () => {
    const res = await importRows(t.adminToken, [{ ...runner(41, EAN_43) }, { ...runner(43, EAN_41) }]);
    expect(res.json()).toEqual({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect((await call("GET", `/api/products/by-code/${EAN_43}`, store)).json().product.sku).toBe("48213041");
    expect((await importRows(t.adminToken, [runner(41, EAN_41), runner(43, EAN_43)])).json()).toMatchObject({ updated: 2, errors: [] });
  });

  it(`takes at most ${PRODUCT_IMPORT_MAX_ROWS} rows, and only from administrators and keys of scope products`, async () => {
    const rows = Array.from({ length: PRODUCT_IMPORT_MAX_ROWS + 1 }, (_, i) => ({ sku: `X${i}`, description: "Meia" }));
    expect((await importRows(t.adminToken, rows, true)).json()).toEqual({ error: CATALOG_MESSAGES.tooManyRows });
    expect((await importRows(t.adminToken, [])).json()).toEqual({ error: CATALOG_MESSAGES.noRows });
    expect((await call("POST", "/api/products/import", t.adminToken, { rows: "x" })).json()).toEqual({ error: CATALOG_MESSAGES.invalidBody });
    expect((await importRows(store, [{ sku: "X", description: "Meia" }])).statusCode).toBe(403);
    expect((await importRows(picklistKey, [{ sku: "X", description: "Meia" }])).statusCode).toBe(403);
  });

  it("imports 5,000 rows in one request", async () => {
    const rows = Array.from({ length: PRODUCT_IMPORT_MAX_ROWS }, (_, i) => ({
      sku: `M${String(i).padStart(6, "0")}`,
      ean: withCheckDigit(`7895${String(i).padStart(8, "0")}`),
      description: `Meia Esportiva ${i % 50}`,
      size: "39",
    }));
    expect((await importRows(t.adminToken, rows)).json()).toEqual({ created: PRODUCT_IMPORT_MAX_ROWS, updated: 0, unchanged: 0, errors: [] });
    expect((await call("GET", "/api/products/get?search=meia%20esportiva%2049&pageSize=1", store)).json().total).toBe(100);
  });
});

describe("changing a product (PUT /api/products/update/{sku})", () => {
  it("changes the fields given and answers the product", async () => {
    const res = await call("PUT", "/api/products/update/chinelo-1", t.adminToken, { description: "Chinelo Praia Azul Marinho", eans: [UPC, "96385074"] });
    expect(res.json()).toEqual({
      message: CATALOG_MESSAGES.updated,
      product: { sku: "CHINELO-1", eans: [UPC, "96385074"], description: "Chinelo Praia Azul Marinho", reference: null, size: "38", color: null, active: true },
    });
    expect((await call("GET", "/api/products/by-code/96385074", store)).json().product.sku).toBe("CHINELO-1");
  });

  it("refuses a GTIN another active product holds, naming it, until that product is retired", async () => {
    const held = await call("PUT", "/api/products/update/48213042", t.adminToken, { eans: [UPC] });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({ error: `O código de barras ${UPC} já pertence ao produto CHINELO-1.` });
    const retired = await call("PUT", "/api/products/update/CHINELO-1", catalogKey, { active: false });
    expect(retired.json()).toMatchObject({ message: CATALOG_MESSAGES.retired, product: { active: false } });
    expect((await call("PUT", "/api/products/update/48213042", t.adminToken, { eans: [EAN_42, UPC] })).statusCode).toBe(200);
    expect((await call("GET", `/api/products/by-code/${UPC}`, store)).json().product.sku).toBe("48213042");
    const back = await call("PUT", "/api/products/update/CHINELO-1", t.adminToken, { active: true });
    expect(back.json()).toEqual({ error: `O código de barras ${UPC} já pertence ao produto 48213042.` });
  });

  it("refuses bad fields, an unknown SKU, stores and keys without the scope", async () => {
    expect((await call("PUT", "/api/products/update/48213042", t.adminToken, { eans: ["123"] })).json()).toEqual({ error: "Código de barras inválido: 123." });
    expect((await call("PUT", "/api/products/update/48213042", t.adminToken, { sku: "X" })).json()).toEqual({ error: CATALOG_MESSAGES.updateInvalid });
    const missing = await call("PUT", "/api/products/update/NADA", t.adminToken, { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: CATALOG_MESSAGES.notFound });
    expect((await call("PUT", "/api/products/update/48213042", store, { active: false })).statusCode).toBe(403);
    expect((await call("PUT", "/api/products/update/48213042", picklistKey, { active: false })).statusCode).toBe(403);
  });
});

describe("codes for other modules (resolveCodes)", () => {
  it("maps each GTIN or SKU to its active product, and refuses an unknown one, named", async () => {
    const found = await resolveCodes(t.database.db, [EAN_41, "48213043", " 48213041 "]);
    expect(Object.fromEntries([...found].map(([code, p]) => [code, p.sku]))).toEqual({ [EAN_41]: "48213041", "48213043": "48213043", "48213041": "48213041" });
    await expect(resolveCodes(t.database.db, ["CHINELO-1"])).rejects.toMatchObject({ statusCode: 400, message: "Código não encontrado no catálogo: CHINELO-1." });
    await expect(resolveCodes(t.database.db, ["7891000000426"])).rejects.toMatchObject({ statusCode: 400, message: "Código de barras inválido: 7891000000426." });
  });
});
