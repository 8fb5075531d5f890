import { describe, expect, it } from "vitest";
import { mailServerFormSchema, mailServerUpdateSchema } from "./mail-server.js";

const valid = { host: "smtp.passo.test", port: "587", secure: true, user: "avisos@passo.test", pass: "abcdEFGH12345678" };
const firstMessage = (input: unknown) => mailServerFormSchema.safeParse(input).error?.issues[0]?.message;

describe("the notification service form", () => {
  it("accepts an SMTP server", () => {
    expect(mailServerFormSchema.parse(valid)).toEqual(valid);
  });

  it("needs a host shaped like smtp.<domain>", () => {
    expect(firstMessage({ ...valid, host: "" })).toBe("O endereço do servidor é obrigatório.");
    expect(firstMessage({ ...valid, host: "mail.passo.test" })).toBe("Host inválido. Ex: smtp.seudominio.com.br");
    expect(firstMessage({ ...valid, host: "smtp." })).toBe("Host inválido. Ex: smtp.seudominio.com.br");
  });

  it("needs a port of one to three digits, between 1 and 999", () => {
    for (const port of ["", "0", "1000", "58a", "-1"]) {
      expect(firstMessage({ ...valid, port }), port).toBe("O número da porta deve ser entre 1 e 999.");
    }
    expect(mailServerFormSchema.parse({ ...valid, port: 25 }).port).toBe("25");
    expect(mailServerFormSchema.parse({ ...valid, port: "999" }).port).toBe("999");
  });

  it("needs the user as an e-mail", () => {
    expect(firstMessage({ ...valid, user: "" })).toBe("O usuário é obrigatório.");
    expect(firstMessage({ ...valid, user: "avisos" })).toBe("E-mail inválido.");
  });

  it("needs a password of at least 16 letters and digits", () => {
    expect(firstMessage({ ...valid, pass: "" })).toBe("A senha é obrigatória.");
    expect(firstMessage({ ...valid, pass: "abcdEFGH1234567" })).toBe("A senha deve ter pelo menos 16 caracteres, apenas letras e números.");
    expect(firstMessage({ ...valid, pass: "abcdEFGH1234567!" })).toBe("A senha deve ter pelo menos 16 caracteres, apenas letras e números.");
  });

  it("lets the API update keep the stored password when it is blank or absent", () => {
    const { pass: _pass, ...withoutPass } = valid;
    expect(mailServerUpdateSchema.parse(withoutPass).pass).toBeUndefined();
    expect(mailServerUpdateSchema.parse({ ...valid, pass: "" }).pass).toBeUndefined();
    expect(mailServerUpdateSchema.safeParse({ ...valid, pass: "curta" }).error?.issues[0]?.message).toBe(
      "A senha deve ter pelo menos 16 caracteres, apenas letras e números.",
    );
  });
});
