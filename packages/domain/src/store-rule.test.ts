import { describe, expect, it } from "vitest";
import { storeRuleInputSchema, storeRuleUpdateSchema } from "./store-rule.js";

const firstMessage = (input: unknown) => storeRuleInputSchema.safeParse(input).error?.issues[0]?.message;

describe("a store's notification rule", () => {
  const complete = { store: "Loja Centro", supervisor: "Ana", manager: "Bruno" };

  it("needs a store, a supervisor and a manager, in that order", () => {
    expect(firstMessage({})).toBe("Selecione uma Loja");
    expect(firstMessage({ store: "  " })).toBe("Selecione uma Loja");
    expect(firstMessage({ store: "Loja Centro" })).toBe("Selecione um Supervisor");
    expect(firstMessage({ store: "Loja Centro", supervisor: "Ana", manager: "" })).toBe("Selecione um Gerente");
  });

  it("makes the assistant manager optional and the flags off unless set", () => {
    expect(storeRuleInputSchema.parse({ ...complete, assistantManager: "  " })).toEqual({
      ...complete,
      assistantManager: null,
      notificationPicklist: false,
      notificationPickup: false,
      notificationReturn: false,
    });
    expect(storeRuleInputSchema.parse({ ...complete, assistantManager: " Carla ", notificationPickup: true })).toMatchObject({
      assistantManager: "Carla",
      notificationPickup: true,
    });
  });

  it("refuses a flag that is not a boolean", () => {
    expect(firstMessage({ ...complete, notificationPicklist: "sim" })).toBe("Valor inválido para notificação de lista de separação.");
  });

  it("keeps what an edit leaves out, and a blank assistant manager removes it", () => {
    expect(storeRuleUpdateSchema.parse({ notificationReturn: true })).toEqual({ notificationReturn: true });
    expect(storeRuleUpdateSchema.parse({ assistantManager: "" })).toEqual({ assistantManager: null });
    expect(storeRuleUpdateSchema.safeParse({ manager: " " }).error?.issues[0]?.message).toBe("Selecione um Gerente");
  });
});
