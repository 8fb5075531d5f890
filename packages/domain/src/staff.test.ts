import { describe, expect, it } from "vitest";
import { STAFF_MESSAGES, staffCreateSchema, staffPinField, staffPinSchema, staffUpdateSchema } from "./staff.js";

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("a staff member's PIN", () => {
  it.each(["1234", "12345", "123456", "0000"])("takes %j (4 to 6 digits)", (pin) => {
    expect(staffPinSchema.safeParse(pin).success).toBe(true);
  });

  it.each(["123", "1234567", "12a4", " 1234", "１２３４", "", "12.4"])("refuses %j with its message", (pin) => {
    expect(message(staffPinSchema.safeParse(pin))).toBe("O PIN deve ter de 4 a 6 dígitos.");
  });

  it("refuses a PIN that is not text", () => {
    expect(message(staffPinSchema.safeParse(1234))).toBe(STAFF_MESSAGES.pinFormat);
  });

  it("takes any short text as the staffPin a change carries (the server judges it), nothing long or not text", () => {
    expect(staffPinField.safeParse("12").success).toBe(true);
    expect(message(staffPinField.safeParse("9".repeat(21)))).toBe("PIN inválido.");
    expect(message(staffPinField.safeParse(1234))).toBe("PIN inválido.");
  });
});

describe("the staff forms", () => {
  it("need a name, a store and a PIN to create; the manager flag is optional", () => {
    expect(staffCreateSchema.parse({ name: "  Ana Lima ", store: "Loja Centro", pin: "1234" })).toEqual({ name: "Ana Lima", store: "Loja Centro", pin: "1234" });
    expect(message(staffCreateSchema.safeParse({ name: " ", store: "Loja Centro", pin: "1234" }))).toBe("Informe o nome do atendente.");
    expect(message(staffCreateSchema.safeParse({ name: "Ana", store: "", pin: "1234" }))).toBe("Selecione a loja.");
    expect(message(staffCreateSchema.safeParse({ name: "Ana\u202E", store: "Loja Centro", pin: "1234" }))).toBe("O nome do atendente tem caracteres não permitidos.");
  });

  it("edit any field alone", () => {
    expect(staffUpdateSchema.parse({ manager: true })).toEqual({ manager: true });
    expect(message(staffUpdateSchema.safeParse({ pin: "12" }))).toBe("O PIN deve ter de 4 a 6 dígitos.");
  });
});
