// @vitest-environment happy-dom
import { CATALOG_MESSAGES } from "@passo/domain";
import { describe, expect, it } from "vitest";
import {
  BAD_ROWS_SHOWN,
  checkProductRows,
  PRODUCT_FILE_MAX_BYTES,
  PRODUCT_FILE_MESSAGES,
  PRODUCT_TEMPLATE_CSV,
  productRowsFromTable,
  readProductFile,
} from "./product-file";

const EAN_42 = "7891234567895";
const EAN_43 = "7891234567901";

describe("reading the rows of 'Importar produtos'", () => {
  it("finds the columns by their header, in any order, with or without accents, each row with its line; blank lines are left out", () => {
    expect(
      productRowsFromTable([
        ["Descrição", "SKU", "Referência", "Tamanho", "Cor", "EAN", "Obs"],
        ["TÊNIS RUNNER", "48213042", "482130", 42, "PRETO", EAN_42, "x"],
        ["", "", "", "", "", "", ""],
        ["CHINELO", "chin-01", "", "", "", "", ""],
      ]),
    ).toEqual({
      rows: [
        { line: 2, sku: "48213042", description: "TÊNIS RUNNER", reference: "482130", size: "42", color: "PRETO", ean: EAN_42 },
        { line: 4, sku: "chin-01", description: "CHINELO" },
      ],
    });
  });

  it("asks for the header when the first row does not name sku and descricao, and for rows when there are none", () => {
    expect(productRowsFromTable([["48213042", "TÊNIS"]])).toEqual({ error: PRODUCT_FILE_MESSAGES.noHeader });
    expect(productRowsFromTable([["sku", "descricao"], ["", ""]])).toEqual({ error: PRODUCT_FILE_MESSAGES.noRows });
  });
});

describe("checking the rows before the preview", () => {
  it("gives each bad row the domain's message, and a SKU or a barcode on two rows the line of the first", () => {
    const found = checkProductRows([
      { line: 2, sku: "48213042", description: "TÊNIS RUNNER", ean: EAN_42 },
      { line: 3, sku: "48213043", description: "TÊNIS RUNNER", ean: "7891234567890" },
      { line: 4, sku: "48213042", description: "TÊNIS RUNNER" },
      { line: 5, sku: "48213044", description: "TÊNIS RUNNER", ean: EAN_42 },
      { line: 6, sku: "48213045", description: "" },
      { line: 7, sku: "48213046", description: "TÊNIS RUNNER", ean: EAN_43 },
    ]);
    expect(found).toEqual({
      problemCount: 4,
      problems: [
        { line: 3, error: CATALOG_MESSAGES.eanInvalid("7891234567890") },
        { line: 4, error: CATALOG_MESSAGES.skuRepeated("48213042", 2) },
        { line: 5, error: CATALOG_MESSAGES.eanRepeated(EAN_42, 2) },
        { line: 6, error: CATALOG_MESSAGES.descriptionRequired },
      ],
    });
  });

  it("lists the first bad rows only, and counts them all", () => {
    const rows = Array.from({ length: BAD_ROWS_SHOWN + 50 }, (_, i) => ({ line: i + 2, sku: `SKU${i}`, description: "" }));
    const found = checkProductRows(rows);
    expect(found.problemCount).toBe(BAD_ROWS_SHOWN + 50);
    expect(found.problems).toHaveLength(BAD_ROWS_SHOWN);
    expect(found.problems[0]).toEqual({ line: 2, error: CATALOG_MESSAGES.descriptionRequired });
  });
});

describe("reading the chosen file", () => {
  it("reads the model file ('Baixar modelo') without a problem", async () => {
    const read = await readProductFile(new File([PRODUCT_TEMPLATE_CSV], "modelo.csv", { type: "text/csv" }));
    expect(read).toMatchObject({ problemCount: 0, problems: [] });
    expect("rows" in read && read.rows.map((row) => [row.line, row.sku, row.ean, row.size])).toEqual([
      [2, "48213042", EAN_42, "42"],
      [3, "48213043", EAN_43, "43"],
    ]);
  });

  it("detects ',' as well as ';', with quotes", async () => {
    const csv = `sku,ean,descricao,referencia,tamanho,cor\n48213042,${EAN_42},"TÊNIS RUNNER, MASC",482130,42,PRETO\n`;
    const read = await readProductFile(new File([csv], "catalogo.csv", { type: "text/csv" }));
    expect(read).toMatchObject({ rows: [{ line: 2, sku: "48213042", description: "TÊNIS RUNNER, MASC", color: "PRETO" }], problemCount: 0 });
  });

  it("refuses a file over 50 MB before reading it, another kind of file, and an unreadable workbook", async () => {
    const big = new File(["sku;descricao\n"], "catalogo.csv", { type: "text/csv" });
    Object.defineProperty(big, "size", { value: PRODUCT_FILE_MAX_BYTES + 1 });
    expect(await readProductFile(big)).toEqual({ error: PRODUCT_FILE_MESSAGES.tooLarge });
    expect(await readProductFile(new File(["%PDF-1.4"], "catalogo.pdf"))).toEqual({ error: PRODUCT_FILE_MESSAGES.wrongType });
    expect(await readProductFile(new File(["não é um xlsx"], "catalogo.xlsx"))).toEqual({ error: PRODUCT_FILE_MESSAGES.unreadable });
  });
});
