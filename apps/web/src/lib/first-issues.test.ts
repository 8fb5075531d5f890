import { loginSchema } from "@passo/domain/auth";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { firstIssues } from "./first-issues";

describe("firstIssues: a domain schema's first message per field", () => {
  it("gives the login form the messages the API would answer, one per field", async () => {
    const result = await firstIssues(loginSchema, { email: "maria", password: "curta" });
    expect(result.value).toBeUndefined();
    expect(result.errors).toEqual({
      email: { code: "invalid_format", message: "E-mail inválido" },
      password: { code: "too_small", message: "A senha deve ter pelo menos 8 caracteres" },
    });
  });

  it("hands back the schema's output when the values pass", async () => {
    const result = await firstIssues(loginSchema, { email: "  loja.batel@exemplo.com.br ", password: "loja12345" });
    expect(result).toEqual({ value: { email: "loja.batel@exemplo.com.br", password: "loja12345" } });
  });

  it("writes zod's own messages in Portuguese when a schema sets none", async () => {
    const result = await firstIssues(z.object({ quantity: z.number() }), { quantity: "três" });
    expect(result.errors?.quantity?.message).toBe("Entrada inválida: esperava um número, recebeu um texto");
  });
});
