import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  companyEmailSchema,
  customerEmailSchema,
  customerNameSchema,
  itemListSchema,
  itemSchema,
  orderNumberSchema,
  phoneSchema,
  timestampSchema,
  transferNumberSchema,
} from "./fields.js";

const message = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};

describe("the order number", () => {
  it("has exactly 16 characters", () => {
    expect(orderNumberSchema.parse("1382450917263-01")).toBe("1382450917263-01");
    expect(message(orderNumberSchema, "138245091726-01")).toBe("Número do pedido deve conter 16 caracteres.");
    expect(message(orderNumberSchema, "13824509172631-01")).toBe("Número do pedido deve conter 16 caracteres.");
  });

  it("is trimmed before it is counted", () => {
    expect(orderNumberSchema.parse("  1382450917263-01 ")).toBe("1382450917263-01");
  });

  it("is required", () => {
    expect(message(orderNumberSchema, "")).toBe("Informe o número do pedido.");
    expect(message(orderNumberSchema, undefined)).toBe("Informe o número do pedido.");
  });
});

describe("the customer's name", () => {
  it("needs at least 3 characters after trimming", () => {
    expect(customerNameSchema.parse("  Ana Souza ")).toBe("Ana Souza");
    expect(message(customerNameSchema, " Jo ")).toBe("O nome do cliente deve ter no mínimo 3 caracteres.");
    expect(message(customerNameSchema, "")).toBe("Informe o nome do cliente.");
  });
});

describe("the customer's phone", () => {
  it("takes a parenthesised area code, an optional space, 5 digits, a hyphen and 4 digits", () => {
    expect(phoneSchema.parse("(41) 99999-9999")).toBe("(41) 99999-9999");
    expect(phoneSchema.parse("(41)99999-9999")).toBe("(41)99999-9999");
  });

  it("refuses other shapes with the example of the right one", () => {
    for (const phone of ["41 99999-9999", "(41) 9999-9999", "(41) 999999999", "(41)  99999-9999"]) {
      expect(message(phoneSchema, phone)).toBe("Formato de telefone inválido. Ex: (41) 99999-9999");
    }
  });

  it("is required", () => {
    expect(message(phoneSchema, "")).toBe("Informe o telefone do cliente.");
  });
});

describe("the customer's e-mail", () => {
  it("is required and valid", () => {
    expect(customerEmailSchema.parse(" ana.souza@gmail.com ")).toBe("ana.souza@gmail.com");
    expect(message(customerEmailSchema, "")).toBe("Informe o e-mail do cliente.");
    expect(message(customerEmailSchema, "ana.souza@")).toBe("Informe um e-mail válido.");
  });
});

describe("item lines", () => {
  it("are trimmed and never empty", () => {
    expect(itemSchema.parse("  TENIS RUNNER MESH MASC PRETO 42 4829137A  ")).toBe("TENIS RUNNER MESH MASC PRETO 42 4829137A");
    expect(message(itemSchema, "   ")).toBe("Informe o item.");
  });

  it("form a list of at least one, with the screen's own message", () => {
    const items = itemListSchema("Informe ao menos um item no pedido.");
    expect(items.parse([" BOTA CHELSEA FEM PRETO 37 5512340B "])).toEqual(["BOTA CHELSEA FEM PRETO 37 5512340B"]);
    expect(message(items, [])).toBe("Informe ao menos um item no pedido.");
    expect(message(items, undefined)).toBe("Informe ao menos um item no pedido.");
  });
});

describe("the transfer number", () => {
  it("is exactly 6 digits", () => {
    expect(transferNumberSchema.parse(" 123456 ")).toBe("123456");
    for (const wrong of ["12345", "1234567", "12345a", ""]) {
      expect(message(transferNumberSchema, wrong)).toBe("O número da transferência deve conter 6 dígitos.");
    }
  });
});

describe("the company's e-mail", () => {
  const email = companyEmailSchema({ name: "Calçados Exemplo", emailDomain: "exemplo.com.br" });

  it("must be of the company's own domain, named in the message", () => {
    expect(message(email, "joao@gmail.com")).toBe("O e-mail precisa ser da Calçados Exemplo");
    expect(message(email, "joao@exemplo.com.br.evil.com")).toBe("O e-mail precisa ser da Calçados Exemplo");
  });

  it("is required and valid", () => {
    expect(message(email, "")).toBe("Insira o e-mail");
    expect(message(email, "joao")).toBe("Por favor, insira um e-mail válido.");
  });

  it("is trimmed and kept in lower case", () => {
    expect(email.parse("  Joao.Silva@Exemplo.com.br ")).toBe("joao.silva@exemplo.com.br");
  });
});

describe("timestamps", () => {
  it("arrive as ISO strings and become Dates", () => {
    const date = timestampSchema.parse("2025-03-10T12:00:00-03:00");
    expect(date).toBeInstanceOf(Date);
    expect(date.toISOString()).toBe("2025-03-10T15:00:00.000Z");
  });

  it("leave as ISO strings", () => {
    expect(z.encode(timestampSchema, new Date("2025-03-10T15:00:00Z"))).toBe("2025-03-10T15:00:00.000Z");
  });

  it("refuse what is not an ISO instant", () => {
    expect(timestampSchema.safeParse("10/03/2025").success).toBe(false);
    expect(timestampSchema.safeParse("2025-03-10").success).toBe(false);
  });
});

describe("names and items are plain text", () => {
  it("refuses bidi overrides and isolates, control characters and a lone surrogate, each with the field's message", () => {
    for (const bad of ["Maria \u202Eavlis", "Maria \u2066x\u2069", "Maria\u0000Silva", "Maria\u0007", "Maria\u0085Silva", "Maria\tSilva", "Maria\nSilva", "Maria \uD800 Silva"]) {
      expect(message(customerNameSchema, bad)).toBe("O nome do cliente tem caracteres não permitidos.");
      expect(message(itemSchema, bad)).toBe("O item tem caracteres não permitidos.");
    }
    expect(message(itemSchema, "TENIS 42 \uDFFF")).toBe("O item tem caracteres não permitidos.");
  });

  it("keeps accents, emoji (a whole surrogate pair) and the formula-like names the CSV neutralises", () => {
    for (const good of ["João Conceição", "Zoë 👟 Ñandú", '=HYPERLINK("http://x")', "Ana\u200Dria"]) {
      expect(customerNameSchema.safeParse(good).success).toBe(true);
      expect(itemSchema.safeParse(good).success).toBe(true);
    }
  });
});
