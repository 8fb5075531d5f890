import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { changePasswordSchema, homePath, loginSchema, userCreateSchema, userUpdateSchema } from "./user.js";

const message = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
};
const company = { name: "Calçados Exemplo", emailDomain: "exemplo.com.br" };

describe("signing in", () => {
  it("takes a trimmed e-mail and a password", () => {
    expect(loginSchema.parse({ email: " admin@exemplo.com.br ", password: "12345678" })).toEqual({ email: "admin@exemplo.com.br", password: "12345678" });
  });

  it("refuses an invalid e-mail", () => {
    expect(message(loginSchema, { email: "admin", password: "12345678" })).toBe("E-mail inválido");
    expect(message(loginSchema, { password: "12345678" })).toBe("E-mail inválido");
  });

  it("refuses a password under 8 characters", () => {
    expect(message(loginSchema, { email: "admin@exemplo.com.br", password: "1234567" })).toBe("A senha deve ter pelo menos 8 caracteres");
  });
});

describe("changing the password", () => {
  const valid = { password: "senha-antiga", newPassword: "senha-nova-1", confirmNewPassword: "senha-nova-1" };

  it("accepts a new password typed twice alike", () => {
    expect(changePasswordSchema.parse(valid)).toEqual(valid);
  });

  it("names each empty field", () => {
    expect(message(changePasswordSchema, { ...valid, password: "" })).toBe("A senha não pode estar vazia");
    expect(message(changePasswordSchema, { ...valid, newPassword: "" })).toBe("A nova senha não pode estar vazia");
    expect(message(changePasswordSchema, { ...valid, confirmNewPassword: "" })).toBe("A confirmação da nova senha não pode estar vazia");
    expect(message(changePasswordSchema, { ...valid, confirmNewPassword: undefined })).toBe("A confirmação da nova senha não pode estar vazia");
  });

  it("wants at least 8 characters in each", () => {
    expect(message(changePasswordSchema, { ...valid, newPassword: "curta", confirmNewPassword: "curta" })).toBe("A senha deve ter pelo menos 8 caracteres");
  });

  it("refuses a confirmation that does not match, on the confirmation field", () => {
    const result = changePasswordSchema.safeParse({ ...valid, confirmNewPassword: "senha-nova-2" });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ message: "As senhas não coincidem", path: ["confirmNewPassword"] });
  });
});

describe("creating a user", () => {
  const create = userCreateSchema(company);

  it("makes a store (Usuário básico) unless told otherwise", () => {
    expect(create.parse({ username: "  Loja Batel ", email: "Loja.Batel@Exemplo.com.br", password: "loja12345" })).toEqual({
      username: "Loja Batel",
      email: "loja.batel@exemplo.com.br",
      password: "loja12345",
      role: "Usuário básico",
    });
    expect(create.parse({ username: "Ana", email: "ana@exemplo.com.br", password: "12345678", role: "Administrador" }).role).toBe("Administrador");
  });

  it("checks each field with its message", () => {
    const valid = { username: "Loja Batel", email: "loja.batel@exemplo.com.br", password: "loja12345" };
    expect(message(create, { ...valid, username: " L " })).toBe("O nome de usuário deve ter pelo menos 2 caracteres.");
    expect(message(create, { ...valid, email: "loja.batel@gmail.com" })).toBe("O e-mail precisa ser da Calçados Exemplo");
    expect(message(create, { ...valid, password: "1234567" })).toBe("A senha deve ter pelo menos 8 caracteres");
    expect(message(create, { ...valid, role: "Gerente" })).toBe("Selecione o tipo de permissão do usuário.");
  });

  it("lets an edit carry only what changes, under the same rules", () => {
    const update = userUpdateSchema(company);
    expect(update.parse({})).toEqual({});
    expect(update.parse({ email: "Nova@Exemplo.com.br" })).toEqual({ email: "nova@exemplo.com.br" });
    expect(message(update, { password: "curta" })).toBe("A senha deve ter pelo menos 8 caracteres");
  });
});

describe("after signing in", () => {
  it("an administrator lands on the picklists and a store on its pending pickups", () => {
    expect(homePath("Administrador")).toBe("/picklist-process");
    expect(homePath("Usuário básico")).toBe("/pickup-pending");
  });
});
