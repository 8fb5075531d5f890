import { describe, expect, it } from "vitest";
import { accessKeyCheckDigit, accessKeyParts, formatAccessKey, isValidAccessKey, nfePhone, nfeSchema } from "./nfe.js";

/**
 * A key from its fields, its check digit computed here from the rule itself (weights 2–9 from
 * the right, remainder 0 or 1 → 0, else 11 − remainder), not by the function under test.
 */
function key(fields: { uf?: string; aamm?: string; cnpj?: string; model?: string; series?: string; number?: string; tpEmis?: string; cNF?: string }): string {
  const first43 = [
    fields.uf ?? "35",
    fields.aamm ?? "2611",
    fields.cnpj ?? "12345678000195",
    fields.model ?? "55",
    (fields.series ?? "1").padStart(3, "0"),
    (fields.number ?? "1234").padStart(9, "0"),
    fields.tpEmis ?? "1",
    fields.cNF ?? "00001234",
  ].join("");
  const weights = [...first43].reverse().map((_, i) => 2 + (i % 8));
  const sum = [...first43].reverse().reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const rest = sum % 11;
  return `${first43}${rest < 2 ? 0 : 11 - rest}`;
}

describe("the NF-e access key", () => {
  it("accepts keys whose mod-11 check digit adds up, for NF-e (55) and NFC-e (65)", () => {
    const keys = [
      key({}),
      key({ uf: "41", cnpj: "07526557000100", number: "987654321", cNF: "87654321" }),
      key({ model: "65", series: "2", number: "77" }),
      key({ uf: "33", aamm: "2512", cnpj: "33000167000101", series: "890", tpEmis: "9" }),
    ];
    for (const k of keys) {
      expect(k).toHaveLength(44);
      expect(isValidAccessKey(k)).toBe(true);
    }
  });

  it("holds a key written out in full, and refuses it with any other last digit", () => {
    const written = "35180508427847000181550010000000011000000015";
    expect(isValidAccessKey(written)).toBe(true);
    for (let digit = 0; digit <= 9; digit++) if (digit !== 5) expect(isValidAccessKey(`${written.slice(0, 43)}${digit}`)).toBe(false);
  });

  it("gives 0 when the remainder is 0 or 1", () => {
    // Find bodies whose remainder is 0 and 1 by varying the random code, and check the digit is 0.
    const seen = new Set<number>();
    for (let n = 0; n < 200 && seen.size < 2; n++) {
      const first43 = key({ cNF: String(n).padStart(8, "0") }).slice(0, 43);
      const sum = [...first43].reverse().reduce((total, digit, i) => total + Number(digit) * (2 + (i % 8)), 0);
      if (sum % 11 < 2) {
        seen.add(sum % 11);
        expect(accessKeyCheckDigit(first43)).toBe(0);
      }
    }
    expect(seen).toEqual(new Set([0, 1]));
  });

  it("refuses a wrong check digit, a swapped pair of digits and a changed digit", () => {
    const good = key({ number: "4321" });
    const wrongDigit = `${good.slice(0, 43)}${(Number(good[43]) + 1) % 10}`;
    expect(isValidAccessKey(wrongDigit)).toBe(false);
    const changed = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}${good.slice(11)}`;
    expect(isValidAccessKey(changed)).toBe(false);
    const swapped = `${good.slice(0, 30)}${good[31]}${good[30]}${good.slice(32)}`;
    if (good[30] !== good[31]) expect(isValidAccessKey(swapped)).toBe(false);
  });

  it("refuses another model, another length and anything but digits", () => {
    expect(isValidAccessKey(key({ model: "57" }))).toBe(false);
    expect(isValidAccessKey(key({ model: "01" }))).toBe(false);
    expect(isValidAccessKey(key({}).slice(0, 43))).toBe(false);
    expect(isValidAccessKey(`${key({})}0`)).toBe(false);
    expect(isValidAccessKey(`NFe${key({})}`)).toBe(false);
    expect(isValidAccessKey(formatAccessKey(key({})))).toBe(false);
    expect(isValidAccessKey("")).toBe(false);
    expect(isValidAccessKey("0".repeat(44))).toBe(false);
  });

  it("shows its fields: state, year and month, CNPJ, model, series, number", () => {
    const k = key({ uf: "41", aamm: "2611", cnpj: "07526557000100", model: "65", series: "3", number: "5678", tpEmis: "1", cNF: "11223344" });
    expect(accessKeyParts(k)).toEqual({
      uf: "41",
      yearMonth: "2611",
      cnpj: "07526557000100",
      model: "65",
      series: "003",
      number: "000005678",
      emissionType: "1",
      code: "11223344",
      checkDigit: k[43],
    });
    expect(accessKeyParts(`${k.slice(0, 43)}${(Number(k[43]) + 1) % 10}`)).toBeUndefined();
  });

  it("prints in groups of four", () => {
    const k = key({});
    expect(formatAccessKey(k)).toBe(k.match(/.{4}/g)!.join(" "));
  });
});

describe("the NF-e as data", () => {
  const nfe = {
    accessKey: key({}),
    number: "1234",
    series: "1",
    issuedAt: "2026-11-20T10:15:00-03:00",
    customer: { name: "Maria da Silva", cpf: "52998224725", email: "maria@example.com", phone: "(41) 99999-9999" },
    items: [{ description: "Tênis Corrida Azul 40", code: "TEN-AZ-40", ean: "7891234567895", quantity: 2 }],
  };

  it("takes a parsed NF-e as it is", () => {
    expect(nfeSchema.parse(nfe)).toEqual(nfe);
  });

  it("refuses a bad key with the upload's message, no items, and a quantity that is not a count", () => {
    expect(nfeSchema.safeParse({ ...nfe, accessKey: `${nfe.accessKey.slice(0, 43)}${(Number(nfe.accessKey[43]) + 1) % 10}` }).error?.issues[0]?.message).toBe(
      "Chave de acesso da NF-e inválida.",
    );
    expect(nfeSchema.safeParse({ ...nfe, items: [] }).error?.issues[0]?.message).toBe("A NF-e não tem itens.");
    expect(nfeSchema.safeParse({ ...nfe, items: [{ ...nfe.items[0], quantity: 1.5 }] }).success).toBe(false);
    expect(nfeSchema.safeParse({ ...nfe, items: [{ ...nfe.items[0], quantity: 0 }] }).success).toBe(false);
  });

  it("writes the NF-e's phone the way the pickup form asks for it", () => {
    expect(nfePhone("41999999999")).toBe("(41) 99999-9999");
    expect(nfePhone("5541988887777")).toBe("(41) 98888-7777");
    expect(nfePhone("4133334444")).toBe("4133334444");
    expect(nfePhone("")).toBe("");
  });
});
