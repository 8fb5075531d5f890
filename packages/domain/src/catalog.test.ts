import { describe, expect, it } from "vitest";
import {
  CATALOG_MESSAGES,
  catalogIndex,
  expandLines,
  gtinValid,
  isGtinShaped,
  matchScan,
  normalizeSku,
  parseImportRow,
  productItemText,
  productUpdateSchema,
  scanRefusal,
  SEARCH_PREFIX_MAX,
  searchPrefixes,
  searchQueryWords,
  searchWords,
  skuOfItem,
  type Product,
} from "./catalog.js";
import { copyValue } from "./copy.js";
import { RuleViolation } from "./errors.js";

const runner42: Product = {
  sku: "48213042",
  eans: ["7891234567895"],
  description: "TÊNIS RUNNER MASC PRETO",
  reference: "482130",
  size: "42",
  color: "PRETO",
  active: true,
};
const runner43: Product = { ...runner42, sku: "48213043", eans: ["7891234567901"], size: "43" };

describe("GTIN check digits", () => {
  it("accepts the four GS1 lengths with a valid check digit", () => {
    expect(gtinValid("96385074")).toBe(true); // EAN-8
    expect(gtinValid("036000291452")).toBe(true); // UPC-A (GTIN-12)
    expect(gtinValid("4006381333931")).toBe(true); // EAN-13
    expect(gtinValid("7891000315507")).toBe(true); // EAN-13, Brazilian prefix 789
    expect(gtinValid("10012345678902")).toBe(true); // GTIN-14
    expect(gtinValid("7891234567895")).toBe(true);
  });

  it("refuses a wrong check digit at every length", () => {
    expect(gtinValid("96385075")).toBe(false);
    expect(gtinValid("036000291453")).toBe(false);
    expect(gtinValid("4006381333932")).toBe(false);
    expect(gtinValid("10012345678903")).toBe(false);
  });

  it("knows a GTIN's shape: 8, 12, 13 or 14 digits", () => {
    for (const code of ["96385074", "036000291452", "4006381333931", "10012345678902"]) expect(isGtinShaped(code)).toBe(true);
    for (const code of ["1234567", "123456789", "12345678901", "123456789012345", "7891234A67895", ""]) {
      expect(isGtinShaped(code)).toBe(false);
      expect(gtinValid(code)).toBe(false);
    }
  });
});

describe("a product's fields", () => {
  it("keys SKUs upper-case and trimmed", () => {
    expect(normalizeSku("  ab-12.x ")).toBe("AB-12.X");
    expect(parseImportRow({ sku: " ab-1 ", description: "Bota", ean: "96385074, 4006381333931" })).toEqual({
      product: { sku: "AB-1", eans: ["96385074", "4006381333931"], description: "Bota", reference: null, size: null, color: null },
    });
  });

  it("names what is wrong with a row in Portuguese", () => {
    expect(parseImportRow({ sku: "", description: "Bota" })).toEqual({ error: CATALOG_MESSAGES.skuRequired });
    expect(parseImportRow({ sku: "AB 1", description: "Bota" })).toEqual({ error: CATALOG_MESSAGES.skuInvalid });
    expect(parseImportRow({ sku: "A".repeat(21), description: "Bota" })).toEqual({ error: CATALOG_MESSAGES.skuInvalid });
    expect(parseImportRow({ sku: "AB1", description: " " })).toEqual({ error: CATALOG_MESSAGES.descriptionRequired });
    expect(parseImportRow({ sku: "AB1", description: "Bota", ean: "4006381333932" })).toEqual({ error: "Código de barras inválido: 4006381333932." });
    expect(parseImportRow({ sku: "AB1", description: "Bota", size: "4".repeat(41) })).toEqual({ error: "O tamanho deve ter no máximo 40 caracteres." });
  });

  it("updates only the fields given, and nothing else", () => {
    expect(productUpdateSchema.parse({ active: false })).toEqual({ active: false });
    expect(productUpdateSchema.parse({ color: " " })).toEqual({ color: null });
    expect(productUpdateSchema.safeParse({ sku: "X" }).error?.issues[0]?.message).toBe(CATALOG_MESSAGES.updateInvalid);
  });
});

describe("the item text made from a product", () => {
  it("is the description, the size and the SKU last, so 'code' copies the model and 'codeAll' the SKU", () => {
    const text = productItemText(runner42);
    expect(text).toBe("TÊNIS RUNNER MASC PRETO 42 48213042");
    expect(copyValue(text, "code")).toBe("482130");
    expect(copyValue(text, "codeAll")).toBe("48213042");
    expect(skuOfItem(text)).toBe("48213042");
  });

  it("does not repeat a size the description already has, and leaves a missing one out", () => {
    expect(productItemText({ ...runner42, description: "Tênis Runner 42 preto" })).toBe("Tênis Runner 42 preto 48213042");
    expect(productItemText({ ...runner42, size: null })).toBe("TÊNIS RUNNER MASC PRETO 48213042");
  });
});

describe("quantity expansion", () => {
  const index = catalogIndex([runner42, runner43]);

  it("gives quantity copies of each product's item text, by GTIN or SKU, in order", () => {
    expect(expandLines([{ code: "7891234567895", quantity: 2 }, { code: "48213043", quantity: 1 }], index)).toEqual([
      "TÊNIS RUNNER MASC PRETO 42 48213042",
      "TÊNIS RUNNER MASC PRETO 42 48213042",
      "TÊNIS RUNNER MASC PRETO 43 48213043",
    ]);
  });

  it("refuses an unknown code, naming it", () => {
    expect(() => expandLines([{ code: " 999 ", quantity: 1 }], index)).toThrow(new RuleViolation("Código não encontrado no catálogo: 999.", "invalid"));
  });
});

describe("scan matching by GTIN", () => {
  const a = productItemText(runner42);
  const b = productItemText(runner43);
  const list = { listItems: [b, a, a, "CHINELO 1234567X"], completedItems: [a], uncompletedItems: [b, a, "CHINELO 1234567X"] };
  const index = catalogIndex([runner42, runner43]);

  it("ticks the next unseparated copy of the scanned product", () => {
    expect(matchScan(list, "7891234567895", index)).toEqual({
      kind: "separated",
      item: a,
      split: { completedItems: [a, a], uncompletedItems: [b, "CHINELO 1234567X"] },
    });
  });

  it("says when every copy is separated already", () => {
    const done = { ...list, completedItems: [a, a], uncompletedItems: [b, "CHINELO 1234567X"] };
    expect(matchScan(done, "7891234567895", index)).toEqual({ kind: "alreadySeparated", item: a });
  });

  it("refuses a product of the catalog that is not on the list", () => {
    const other = catalogIndex([{ ...runner42, sku: "50000140", eans: ["4006381333931"] }]);
    const outcome = matchScan(list, "4006381333931", other);
    expect(outcome).toEqual({ kind: "unknown" });
    expect(scanRefusal(outcome)).toBe("Código não encontrado nesta lista.");
  });

  it("refuses a wrong check digit", () => {
    const outcome = matchScan(list, "7891234567896", index);
    expect(outcome).toEqual({ kind: "invalid" });
    expect(scanRefusal(outcome)).toBe("Código de barras inválido.");
  });

  it("still matches item texts the spec's way, even an 8-digit code that is not a valid GTIN", () => {
    expect(matchScan(list, "1234567X", index).kind).toBe("separated");
    expect(matchScan(list, "48213043", new Map()).kind).toBe("separated");
  });
});

describe("the catalog's search words", () => {
  it("drops accents and case and splits at anything that is not a letter or a digit", () => {
    expect(searchWords("Tênis Runner-X  42/43 AÇÃO")).toEqual(["tenis", "runner", "x", "42", "43", "acao"]);
    expect(searchWords("Straße Ærø Łódź")).toEqual(["strasse", "aero", "lodz"]);
    expect(searchWords(" -- % ")).toEqual([]);
  });

  it("indexes every beginning of every word, once each, cut at the longest kept", () => {
    expect(searchPrefixes("Bota Botina 38")).toEqual(["b", "bo", "bot", "bota", "boti", "botin", "botina", "3", "38"]);
    const long = "a".repeat(30);
    expect(searchPrefixes(long)).toHaveLength(SEARCH_PREFIX_MAX);
    expect(searchPrefixes(long).at(-1)).toBe("a".repeat(SEARCH_PREFIX_MAX));
    expect(searchPrefixes("")).toEqual([]);
  });

  it("finds a product when every word searched begins a word of its description", () => {
    const indexed = new Set(searchPrefixes("TÊNIS RUNNER MASC PRETO"));
    const found = (search: string) => searchQueryWords(search).every((word) => indexed.has(word));
    expect(found("tenis preto")).toBe(true);
    expect(found("Run PRÉ")).toBe(true);
    expect(found("masc")).toBe(true);
    expect(found("unner")).toBe(false);
    expect(found("tenis branco")).toBe(false);
  });

  it("cuts a long word searched as the index cuts it", () => {
    const word = "supercalifragilisticoexpialidoce";
    expect(searchQueryWords(`${word} ${word.toUpperCase()}`)).toEqual([word.slice(0, SEARCH_PREFIX_MAX)]);
    expect(searchPrefixes(word)).toContain(searchQueryWords(word)[0]);
  });
});
