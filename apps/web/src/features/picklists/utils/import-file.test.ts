// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { IMPORT_FILE_MESSAGES, readImportFile, rowsFromTable } from "./import-file";

describe("reading the file of 'Importar listas'", () => {
  it("finds the columns by their header, in any order and spelling, with each row's line", () => {
    expect(
      rowsFromTable([
        ["Item", "Loja de destino", "Obs"],
        ["TENIS A", "Loja Batel", "x"],
        ["", "", ""],
        ["TENIS B", "Loja Centro"],
      ]),
    ).toEqual([
      { line: 2, store: "Loja Batel", item: "TENIS A" },
      { line: 3, store: "", item: "" },
      { line: 4, store: "Loja Centro", item: "TENIS B" },
    ]);
  });

  it("without a header, reads the store from the first column and the item from the second", () => {
    expect(rowsFromTable([["Loja Batel", "TENIS A", 42]])).toEqual([{ line: 1, store: "Loja Batel", item: "TENIS A" }]);
  });

  it("reads a CSV saved by Excel in pt-BR (BOM, ';', CRLF) and one with ',' and quotes", async () => {
    const excel = new File(["\uFEFFloja;item\r\nLoja Batel;TENIS, PRETO\r\n\r\nLoja Centro;\r\n"], "listas.csv", { type: "text/csv" });
    expect(await readImportFile(excel)).toEqual({
      rows: [
        { line: 2, store: "Loja Batel", item: "TENIS, PRETO" },
        { line: 3, store: "", item: "" },
        { line: 4, store: "Loja Centro", item: "" },
      ],
    });
    const plain = new File(['loja,item\n"Loja Batel","TENIS, PRETO 42"\n'], "listas.csv", { type: "text/csv" });
    expect(await readImportFile(plain)).toEqual({ rows: [{ line: 2, store: "Loja Batel", item: "TENIS, PRETO 42" }] });
  });

  it("refuses another kind of file and an unreadable workbook", async () => {
    expect(await readImportFile(new File(["%PDF-1.4"], "nota.pdf"))).toEqual({ error: IMPORT_FILE_MESSAGES.wrongType });
    expect(await readImportFile(new File(["não é um xlsx"], "listas.xlsx"))).toEqual({ error: IMPORT_FILE_MESSAGES.unreadable });
  });
});
