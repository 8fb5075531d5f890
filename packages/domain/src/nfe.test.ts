import { describe, expect, it } from "vitest";
import {
  accessKeyCheckDigit,
  accessKeyFields,
  accessKeyParts,
  formatAccessKey,
  formatCnpj,
  formatNfeNumber,
  IBGE_UF,
  isValidAccessKey,
  nfePhone,
  nfeSchema,
  ufOfIbgeCode,
} from "./nfe.js";

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

describe("an access key's fields on screen", () => {
  it("names the state of each IBGE code, the 26 states and the Federal District", () => {
    expect(ufOfIbgeCode("35")).toEqual({ uf: "SP", name: "São Paulo" });
    expect(ufOfIbgeCode("41")).toEqual({ uf: "PR", name: "Paraná" });
    expect(ufOfIbgeCode("53")).toEqual({ uf: "DF", name: "Distrito Federal" });
    expect(ufOfIbgeCode("11")).toEqual({ uf: "RO", name: "Rondônia" });
    expect(ufOfIbgeCode("43")).toEqual({ uf: "RS", name: "Rio Grande do Sul" });
    const states = Object.values(IBGE_UF).map((state) => state.uf);
    expect(states).toHaveLength(27);
    expect(new Set(states).size).toBe(27);
    // The code's first digit is the region: 1 North, 2 Northeast, 3 Southeast, 4 South, 5 Center-West.
    expect(Object.keys(IBGE_UF).every((code) => /^[1-5]\d$/.test(code))).toBe(true);
  });

  it("knows no state for other codes", () => {
    for (const code of ["00", "10", "18", "30", "34", "99", "3", "035", "toString", "__proto__"]) expect(ufOfIbgeCode(code)).toBeUndefined();
  });

  it("shows the key in groups of four with its state, month, CNPJ, model, series and number", () => {
    const k = key({ uf: "35", aamm: "2611", cnpj: "12345678000195", model: "55", series: "1", number: "1234" });
    expect(accessKeyFields(k)).toEqual({
      key: formatAccessKey(k),
      state: "SP (São Paulo)",
      issued: "11/2026",
      cnpj: "12.345.678/0001-95",
      model: "55 (NF-e)",
      series: "1",
      number: "000.001.234",
    });
    expect(accessKeyFields(key({ uf: "41", model: "65", series: "890" }))).toMatchObject({ state: "PR (Paraná)", model: "65 (NFC-e)", series: "890" });
    // A key of a code no state has still shows, with its bare code.
    expect(accessKeyFields(key({ uf: "99" }))?.state).toBe("99");
    expect(accessKeyFields(key({ model: "57" }))).toBeUndefined();
  });

  it("writes a CNPJ and an NF-e number as the DANFE prints them", () => {
    expect(formatCnpj("07526557000100")).toBe("07.526.557/0001-00");
    expect(formatCnpj("123")).toBe("123");
    expect(formatNfeNumber("1234")).toBe("000.001.234");
    expect(formatNfeNumber("000005678")).toBe("000.005.678");
    expect(formatNfeNumber("1234567890")).toBe("1234567890");
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
