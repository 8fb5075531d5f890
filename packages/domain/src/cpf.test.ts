import { describe, expect, it } from "vitest";
import { completeCpf, cpfDigits, formatCpf, isValidCpf, maskCpf } from "./cpf.js";
import { cpfSchema } from "./fields.js";

const message = (value: unknown) => {
  const result = cpfSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe("the CPF check-digit test", () => {
  it("accepts CPFs whose two check digits add up", () => {
    for (const cpf of ["52998224725", "11144477735", "39053344705", "12345678909"]) expect(isValidCpf(cpf)).toBe(true);
  });

  it("refuses a wrong first or second check digit", () => {
    expect(isValidCpf("52998224735")).toBe(false);
    expect(isValidCpf("52998224726")).toBe(false);
  });

  it("refuses all-equal digits, which pass the arithmetic", () => {
    for (const digit of "0123456789") expect(isValidCpf(digit.repeat(11))).toBe(false);
  });

  it("refuses 10 or 12 digits", () => {
    expect(isValidCpf("5299822472")).toBe(false);
    expect(isValidCpf("529982247250")).toBe(false);
  });

  it("appends the two check digits to the first nine", () => {
    expect(completeCpf("529982247")).toBe("52998224725");
    expect(completeCpf("111444777")).toBe("11144477735");
    expect(completeCpf("123456789")).toBe("12345678909");
  });

  it("reads a punctuated CPF by its digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(cpfDigits("529.982.247-25")).toBe("52998224725");
  });
});

describe("the CPF field", () => {
  it("keeps the digits of a valid CPF typed with or without punctuation", () => {
    expect(cpfSchema.parse("529.982.247-25")).toBe("52998224725");
    expect(cpfSchema.parse(" 52998224725 ")).toBe("52998224725");
  });

  it("asks for a CPF when there is none", () => {
    expect(message(undefined)).toBe("Informe o CPF do cliente.");
    expect(message("")).toBe("Informe o CPF do cliente.");
  });

  it("wants exactly 11 digits", () => {
    expect(message("5299822472")).toBe("CPF deve conter exatamente 11 dígitos.");
    expect(message("529.982.247-250")).toBe("CPF deve conter exatamente 11 dígitos.");
  });

  it("refuses wrong check digits and all-equal digits", () => {
    expect(message("529.982.247-35")).toBe("CPF inválido.");
    expect(message("52998224726")).toBe("CPF inválido.");
    expect(message("111.111.111-11")).toBe("CPF inválido.");
  });
});

describe("showing a CPF", () => {
  it("punctuates it for the administrator", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
  });

  it("masks all but the last five digits for a store", () => {
    expect(maskCpf("52998224725")).toBe("***.***.247-25");
    expect(maskCpf("529.982.247-25")).toBe("***.***.247-25");
    expect(maskCpf("123")).toBe("***.***.***-**");
  });
});
