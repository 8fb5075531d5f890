import { describe, expect, it } from "vitest";
import { csvDate, csvField, csvItems, csvLine, csvText } from "./csv.js";

describe("CSV as Excel pt-BR reads it", () => {
  it("quotes only the fields holding a separator, a quote or a line break, doubling the quotes", () => {
    expect(csvField("Loja Centro")).toBe("Loja Centro");
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('Tênis "Corrida"')).toBe('"Tênis ""Corrida"""');
    expect(csvField("linha\nnova")).toBe('"linha\nnova"');
    expect(csvField(null)).toBe("");
    expect(csvField(0)).toBe("0");
  });

  it("ends every line with CRLF and starts the file with a BOM", () => {
    expect(csvLine(["a", 1, null])).toBe("a;1;\r\n");
    expect(csvText(["Loja", "Listas"], [["A;B", 2]])).toBe('\uFEFFLoja;Listas\r\n"A;B";2\r\n');
  });

  it("writes dates as dd/MM/yyyy HH:mm:ss in the chain's time zone, and item lists with ' | '", () => {
    expect(csvDate("2026-03-01T02:00:00Z", "America/Sao_Paulo")).toBe("28/02/2026 23:00:00");
    expect(csvDate(null, "America/Sao_Paulo")).toBe("");
    expect(csvItems(["A1", "B2"])).toBe("A1 | B2");
  });
});
