import { CATALOG_MESSAGES, ITEMS_TOO_MANY, withCheckDigit } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { pickupsKit } from "../../testing/pickups.js";
import { returnsKit } from "../../testing/returns.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

// `lines: [{code, quantity}]` on the three create calls and `code`/`quantity` rows in 'Importar
// listas': each line becomes that many copies of its product's item text, so the record keeps the
// spec's shape (docs/api.md, "The catalog").
const t = useTestApp();
let store: { username: string; token: string };
let invoice: string;
const pickups = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));
const returns = returnsKit(t);

const EAN_40 = withCheckDigit("789200000040");
const EAN_41 = withCheckDigit("789200000041");
const RUNNER_40 = "TÊNIS RUNNER MASC PRETO 40 73120140";
const RUNNER_41 = "TÊNIS RUNNER MASC PRETO 41 73120141";
/** EAN_40 with its last digit changed: a GTIN's shape with a wrong check digit. */
const BAD_EAN = `${EAN_40.slice(0, -1)}${(Number(EAN_40.at(-1)) + 1) % 10}`;

const post = (url: string, payload: object, token = t.adminToken) => t.app.inject({ method: "POST", url, headers: bearer(token), payload });

beforeAll(async () => {
  store = await t.createStore("Loja Grade");
  invoice = await t.uploadInvoice();
  const rows = [40, 41].map((size, i) => ({
    line: i + 2,
    sku: `731201${size}`,
    ean: [EAN_40, EAN_41][i],
    description: "TÊNIS RUNNER MASC PRETO",
    reference: "731201",
    size: String(size),
  }));
  const res = await post("/api/products/import", { rows });
  expect(res.statusCode, res.body).toBe(200);
});

describe("catalog lines on the create calls", () => {
  it("a picking list gets `quantity` copies of each product's item text, after its free-text items", async () => {
    const res = await post("/api/picklist/create", {
      destination: store.username,
      listItems: ["MEIA ESPORTIVA 999999-9X"],
      lines: [
        { code: EAN_41, quantity: 2 },
        { code: "73120140", quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().picklist.listItems).toEqual(["MEIA ESPORTIVA 999999-9X", RUNNER_41, RUNNER_41, RUNNER_40]);
  });

  it("lines alone are enough: the spec's 'at least one item' counts their copies", async () => {
    const res = await post("/api/picklist/create", { destination: store.username, lines: [{ code: EAN_40, quantity: 3 }] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().picklist.listItems).toEqual([RUNNER_40, RUNNER_40, RUNNER_40]);
  });

  it("a pickup's orderItems and a return's returnItems take lines too", async () => {
    const pickup = await pickups.create({ ...pickups.form({ orderItems: [] }), lines: [{ code: EAN_40, quantity: 2 }] });
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json().pickup.orderItems).toEqual([RUNNER_40, RUNNER_40]);

    const ret = await returns.post({ ...returns.form({ returnItems: undefined }), lines: [{ code: "73120141", quantity: 1 }] }, t.adminToken);
    expect(ret.statusCode, ret.body).toBe(201);
    expect(ret.json().return.returnItems).toEqual([RUNNER_41]);
  });

  it("refuses an unknown code, a wrong check digit, a bad quantity and too many copies, naming what is wrong and writing nothing", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/api/picklist/get?pageSize=100", headers: bearer(t.adminToken) })).json().total;
    const cases: [object, string][] = [
      [{ code: "99999999", quantity: 1 }, CATALOG_MESSAGES.unknownCode("99999999")],
      [{ code: BAD_EAN, quantity: 1 }, CATALOG_MESSAGES.eanInvalid(BAD_EAN)],
      [{ code: EAN_40, quantity: 0 }, CATALOG_MESSAGES.quantityInvalid],
      [{ code: EAN_40, quantity: 1.5 }, CATALOG_MESSAGES.quantityInvalid],
      [{ code: "", quantity: 1 }, CATALOG_MESSAGES.codeRequired],
    ];
    for (const [line, error] of cases) {
      const res = await post("/api/picklist/create", { destination: store.username, listItems: ["MEIA 111111-1X"], lines: [line] });
      expect(res.statusCode, JSON.stringify(line)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
    const tooMany = await post("/api/picklist/create", { destination: store.username, lines: [{ code: EAN_40, quantity: 300 }, { code: EAN_41, quantity: 201 }] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: ITEMS_TOO_MANY });
    const notAList = await post("/api/picklist/create", { destination: store.username, lines: "73120140" });
    expect(notAList.statusCode).toBe(400);
    const after = (await t.app.inject({ method: "GET", url: "/api/picklist/get?pageSize=100", headers: bearer(t.adminToken) })).json().total;
    expect(after).toBe(before);
  });

  it("a retired product's code is no longer taken", async () => {
    await post("/api/products/import", { rows: [{ sku: "73120199", description: "TÊNIS ANTIGO", size: "39" }] });
    const retire = await t.app.inject({ method: "PUT", url: "/api/products/update/73120199", headers: bearer(t.adminToken), payload: { active: false } });
    expect(retire.statusCode, retire.body).toBe(200);
    const res = await post("/api/picklist/create", { destination: store.username, lines: [{ code: "73120199", quantity: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: CATALOG_MESSAGES.unknownCode("73120199") });
  });
});

describe("'Importar listas' with codes and quantities", () => {
  const importRows = (rows: object[], dryRun: boolean) => post("/api/picklist/import", { dryRun, rows });

  it("previews and creates a row's quantity of copies, beside rows with a free-text item", async () => {
    const rows = [
      { line: 2, store: store.username, code: EAN_40, quantity: "2" },
      { line: 3, store: store.username, item: "MEIA 111111-1X" },
      { line: 4, store: store.username, code: "73120141" },
    ];
    const preview = await importRows(rows, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ lists: [{ destination: store.username, items: [RUNNER_40, RUNNER_40, "MEIA 111111-1X", RUNNER_41] }], problems: [], unknownStores: [] });
    const created = await importRows(rows, false);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().picklists[0].listItems).toEqual([RUNNER_40, RUNNER_40, "MEIA 111111-1X", RUNNER_41]);
  });

  it("says what is wrong with each row naming a product, and creates nothing", async () => {
    const rows = [
      { line: 2, store: store.username, code: "NOPE-1", quantity: 1 },
      { line: 3, store: store.username, code: BAD_EAN },
      { line: 4, store: store.username, code: EAN_40, quantity: "dois" },
      { line: 5, store: store.username, code: EAN_40, item: "MEIA 111111-1X" },
      { line: 6, store: store.username, code: EAN_40, quantity: 1000 },
    ];
    const preview = await importRows(rows, true);
    expect(preview.json().problems).toEqual([
      { line: 2, message: "Linha 2: o código NOPE-1 não está no catálogo." },
      { line: 3, message: `Linha 3: o código de barras ${BAD_EAN} é inválido.` },
      { line: 4, message: "Linha 4: a quantidade deve ser um número inteiro de 1 a 999." },
      { line: 5, message: "Linha 5: informe o item ou o código do produto, não os dois." },
      { line: 6, message: "Linha 6: a quantidade deve ser um número inteiro de 1 a 999." },
    ]);
    const refused = await importRows(rows, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems).toHaveLength(5);
  });

  it("counts a row's copies towards the store's limit of items", async () => {
    const res = await importRows([{ line: 2, store: store.username, code: EAN_40, quantity: 501 }].map((r) => ({ ...r, quantity: 999 })), true);
    expect(res.json().problems).toEqual([{ line: null, message: `A lista da loja ${store.username} teria 999 itens; o máximo é 500 por lista.` }]);
  });
});
