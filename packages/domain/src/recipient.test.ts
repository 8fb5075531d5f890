import { describe, expect, it } from "vitest";
import { recipientInputSchema, recipientUpdateSchema } from "./recipient.js";

const company = { name: "Calçados Teste", emailDomain: "passo.test" };
const schema = recipientInputSchema(company);
const firstMessage = (input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe("the recipient form", () => {
  it("accepts a supervisor with a company e-mail, trimmed and lower-cased", () => {
    expect(schema.parse({ username: "  Ana Souza ", email: " Ana@Passo.test ", role: "Supervisor" })).toEqual({
      username: "Ana Souza",
      email: "ana@passo.test",
      role: "Supervisor",
    });
  });

  it("needs a name of at least two characters", () => {
    expect(firstMessage({ username: " A ", email: "a@passo.test", role: "Gerente" })).toBe("O nome de usuário deve ter pelo menos 2 caracteres.");
    expect(firstMessage({ email: "a@passo.test", role: "Gerente" })).toBe("O nome de usuário deve ter pelo menos 2 caracteres.");
  });

  it("needs a valid e-mail of the company", () => {
    const base = { username: "Ana", role: "Gerente" };
    expect(firstMessage({ ...base, email: "" })).toBe("Insira o e-mail");
    expect(firstMessage(base)).toBe("Insira o e-mail");
    expect(firstMessage({ ...base, email: "ana@" })).toBe("Por favor, insira um e-mail válido.");
    expect(firstMessage({ ...base, email: "ana@gmail.com" })).toBe("O e-mail precisa ser da Calçados Teste");
  });

  it("needs one of the recipient roles", () => {
    const base = { username: "Ana", email: "ana@passo.test" };
    expect(firstMessage(base)).toBe("Por favor, selecione o cargo do usuário.");
    expect(firstMessage({ ...base, role: "" })).toBe("Por favor, selecione o cargo do usuário.");
    expect(firstMessage({ ...base, role: "Diretor" })).toBe("Por favor, selecione o cargo do usuário.");
    expect(schema.parse({ ...base, role: " Subgerente " }).role).toBe("Subgerente");
  });

  it("lets an edit carry only what changes, with the same rules", () => {
    const update = recipientUpdateSchema(company);
    expect(update.parse({ email: " Nova@Passo.test " })).toEqual({ email: "nova@passo.test" });
    expect(update.safeParse({ username: "B" }).error?.issues[0]?.message).toBe("O nome de usuário deve ter pelo menos 2 caracteres.");
  });
});
