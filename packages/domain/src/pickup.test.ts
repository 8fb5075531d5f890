import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RuleViolation } from "./errors.js";
import {
  CPF_CHECK_MAX_FAILURES,
  PICKUP_MESSAGES,
  checkWithdrawal,
  checkWithdrawalUnderCap,
  confirmPickup,
  confirmReceipt,
  editPickup,
  initialStatus,
  pickupEditSchema,
  pickupFormSchema,
  pickupAlertKind,
  pickupCollector,
  pickupSchema,
  pickupStoreViewSchema,
  pickupUpdateSchema,
  toPickupStoreView,
  withdrawalAuthorizedMessage,
} from "./pickup.js";
import { ADMIN, STORE } from "./roles.js";
import { aPickup, refusal } from "./testing/records.js";

const TZ = "America/Sao_Paulo";
/** 12:30 in São Paulo on 10 March 2025. */
const now = new Date("2025-03-10T15:30:00.000Z");
const later = new Date("2025-03-11T10:00:00.000Z");

const CUSTOMER_CPF = "52998224725";
const THIRD_PARTY_CPF = "11144477735";

const validForm = {
  pickupStoreName: "Loja Centro",
  scheduledPickupDate: "2025-03-12",
  pickupType: "Envio realizado via Correios",
  orderNumber: "PED0000000000001",
  trackingCode: "AA123456789BR",
  invoiceFileName: "0b7e4c1a-8a57-4c52-9f0e-2a8f0f6d1c33.pdf",
  customerFullName: "Maria da Silva",
  customerCPF: "529.982.247-25",
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria@example.com",
  orderItems: ["TENIS RUNNER 42 123456-7X"],
  authorizedThirdPartyPickup: false,
};

const form = pickupFormSchema(TZ);

function issuesOf(input: unknown) {
  const result = form.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

function firstIssue(input: unknown) {
  return issuesOf(input)[0];
}

function withForm(overrides: Record<string, unknown>) {
  return { ...validForm, ...overrides };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the pickup form", () => {
  it("accepts a complete order and keeps CPFs as digits", () => {
    const result = form.parse(withForm({ customerFullName: "  Maria da Silva  " }));
    expect(result).toMatchObject({
      customerCPF: CUSTOMER_CPF,
      customerFullName: "Maria da Silva",
      orderOrigin: "E-commerce",
      authorizedThirdPartyPickup: false,
      authorizedThirdPartyFullName: null,
      authorizedThirdPartyCPF: null,
    });
  });

  it("drops the status and dispatch date a client sends: the server sets them", () => {
    const result = form.parse(withForm({ pickupStatus: "Pedido retirado", orderDispatchDate: "2020-01-01T00:00:00.000Z" }));
    expect(result).not.toHaveProperty("pickupStatus");
    expect(result).not.toHaveProperty("orderDispatchDate");
  });

  it("asks for the store", () => {
    for (const pickupStoreName of [undefined, "", "   ", null]) {
      expect(firstIssue(withForm({ pickupStoreName }))).toEqual({ path: "pickupStoreName", message: "Selecione a loja de retirada." });
    }
  });

  describe("scheduled pickup date", () => {
    it("asks for it", () => {
      for (const scheduledPickupDate of [undefined, "", null, "amanhã", 12]) {
        expect(firstIssue(withForm({ scheduledPickupDate }))).toEqual({
          path: "scheduledPickupDate",
          message: "Informe a data prevista para retirada.",
        });
      }
    });

    it("accepts today and later days, as a day or as an instant", () => {
      expect(issuesOf(withForm({ scheduledPickupDate: "2025-03-10" }))).toEqual([]);
      expect(issuesOf(withForm({ scheduledPickupDate: "2025-03-10T03:00:00.000Z" }))).toEqual([]);
      expect(issuesOf(withForm({ scheduledPickupDate: new Date("2025-04-01T12:00:00.000Z") }))).toEqual([]);
    });

    it("refuses a past day, comparing whole days in the time zone", () => {
      const past = { path: "scheduledPickupDate", message: PICKUP_MESSAGES.dateInPast };
      expect(firstIssue(withForm({ scheduledPickupDate: "2025-03-09" }))).toEqual(past);
      // 23:59 of the 9th in São Paulo, already the 10th in UTC.
      expect(firstIssue(withForm({ scheduledPickupDate: "2025-03-10T02:59:00.000Z" }))).toEqual(past);
    });

    it("stores a day as the instant it starts in the time zone", () => {
      expect(form.parse(withForm({ scheduledPickupDate: "2025-03-12" })).scheduledPickupDate.toISOString()).toBe("2025-03-12T03:00:00.000Z");
    });
  });

  it("asks for the operation type", () => {
    for (const pickupType of [undefined, "", "Motoboy"]) {
      expect(firstIssue(withForm({ pickupType }))).toEqual({ path: "pickupType", message: "Selecione o tipo de operação." });
    }
  });

  describe("order number", () => {
    it("is required", () => {
      expect(firstIssue(withForm({ orderNumber: "" }))?.message).toBe("Informe o número do pedido.");
      expect(firstIssue(withForm({ orderNumber: undefined }))?.message).toBe("Informe o número do pedido.");
    });

    it("has exactly 16 characters", () => {
      expect(firstIssue(withForm({ orderNumber: "PED000000000001" }))?.message).toBe("Número do pedido deve conter 16 caracteres.");
      expect(issuesOf(withForm({ orderNumber: "PED0000000000001" }))).toEqual([]);
      expect(firstIssue(withForm({ orderNumber: "PED00000000000001" }))?.message).toBe("Número do pedido deve conter 16 caracteres.");
    });
  });

  describe("tracking code", () => {
    const postal = "Envio realizado via Correios";
    const inStore = "Disponível na loja";
    const code = (n: number) => "A".repeat(n);
    const trackingMessage = (pickupType: string, trackingCode: string) => {
      const issue = firstIssue(withForm({ pickupType, trackingCode }));
      expect(issue?.path ?? "trackingCode").toBe("trackingCode");
      return issue?.message;
    };

    it("is required", () => {
      expect(trackingMessage(postal, "")).toBe("Informe o código de rastreamento.");
      expect(trackingMessage(inStore, "   ")).toBe("Informe o código de rastreamento.");
    });

    it("has exactly 6 characters for an order available in the store", () => {
      expect(trackingMessage(inStore, code(5))).toBe("Código de rastreamento deve ter no mínimo 6 caracteres.");
      expect(trackingMessage(inStore, code(6))).toBeUndefined();
      expect(trackingMessage(inStore, code(7))).toBe("Código de rastreamento deve ter 6 caracteres para retirada na loja.");
      expect(trackingMessage(inStore, code(13))).toBe("Código de rastreamento deve ter 6 caracteres para retirada na loja.");
      expect(trackingMessage(inStore, code(14))).toBe("Código de rastreamento deve ter no máximo 13 caracteres.");
    });

    it("has exactly 13 characters for a parcel sent by Correios", () => {
      expect(trackingMessage(postal, code(5))).toBe("Código de rastreamento deve ter no mínimo 6 caracteres.");
      expect(trackingMessage(postal, code(6))).toBe("Código de rastreamento deve ter 13 caracteres para envio pelos Correios.");
      expect(trackingMessage(postal, code(12))).toBe("Código de rastreamento deve ter 13 caracteres para envio pelos Correios.");
      expect(trackingMessage(postal, code(13))).toBeUndefined();
      expect(trackingMessage(postal, code(14))).toBe("Código de rastreamento deve ter no máximo 13 caracteres.");
    });

    it("is trimmed before it is measured", () => {
      expect(form.parse(withForm({ trackingCode: "  AA123456789BR  " })).trackingCode).toBe("AA123456789BR");
    });
  });

  it("asks for the invoice", () => {
    for (const invoiceFileName of [undefined, "", "  "]) {
      expect(firstIssue(withForm({ invoiceFileName }))).toEqual({ path: "invoiceFileName", message: "Selecione a nota fiscal do pedido." });
    }
  });

  it("asks for a customer name of at least 3 characters after trimming", () => {
    expect(firstIssue(withForm({ customerFullName: "" }))?.message).toBe("Informe o nome do cliente.");
    expect(firstIssue(withForm({ customerFullName: " Al " }))?.message).toBe("O nome do cliente deve ter no mínimo 3 caracteres.");
    expect(issuesOf(withForm({ customerFullName: "Ana" }))).toEqual([]);
  });

  it("asks for a valid CPF, with or without punctuation", () => {
    expect(firstIssue(withForm({ customerCPF: undefined }))?.message).toBe("Informe o CPF do cliente.");
    expect(firstIssue(withForm({ customerCPF: "" }))?.message).toBe("Informe o CPF do cliente.");
    expect(firstIssue(withForm({ customerCPF: "5299822472" }))?.message).toBe("CPF deve conter exatamente 11 dígitos.");
    expect(firstIssue(withForm({ customerCPF: "529.982.247-2567" }))?.message).toBe("CPF deve conter exatamente 11 dígitos.");
    expect(firstIssue(withForm({ customerCPF: "529.982.247-26" }))?.message).toBe("CPF inválido.");
    expect(firstIssue(withForm({ customerCPF: "111.111.111-11" }))?.message).toBe("CPF inválido.");
    expect(form.parse(withForm({ customerCPF: CUSTOMER_CPF })).customerCPF).toBe(CUSTOMER_CPF);
  });

  it("asks for a phone like (41) 99999-9999, the space being optional", () => {
    expect(firstIssue(withForm({ customerPhone: "" }))?.message).toBe("Informe o telefone do cliente.");
    expect(issuesOf(withForm({ customerPhone: "(41) 99999-9999" }))).toEqual([]);
    expect(issuesOf(withForm({ customerPhone: "(41)99999-9999" }))).toEqual([]);
    for (const customerPhone of ["41 99999-9999", "(41)  99999-9999", "(41) 9999-9999", "(41) 999999999"]) {
      expect(firstIssue(withForm({ customerPhone }))?.message).toBe("Formato de telefone inválido. Ex: (41) 99999-9999");
    }
  });

  it("asks for a valid e-mail", () => {
    expect(firstIssue(withForm({ customerEmail: "" }))?.message).toBe("Informe o e-mail do cliente.");
    expect(firstIssue(withForm({ customerEmail: "maria@" }))?.message).toBe("Informe um e-mail válido.");
  });

  it("asks for at least one item", () => {
    expect(firstIssue(withForm({ orderItems: [] }))).toEqual({ path: "orderItems", message: "Informe ao menos um item no pedido." });
    expect(firstIssue(withForm({ orderItems: undefined }))?.message).toBe("Informe ao menos um item no pedido.");
  });

  describe("pickup by a third party", () => {
    const on = { authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: "111.444.777-35" };

    it("keeps the trimmed name and the CPF's digits", () => {
      expect(form.parse(withForm({ ...on, authorizedThirdPartyFullName: "  João Souza " }))).toMatchObject({
        authorizedThirdPartyPickup: true,
        authorizedThirdPartyFullName: "João Souza",
        authorizedThirdPartyCPF: THIRD_PARTY_CPF,
      });
    });

    it("needs a name of at least 3 characters after trimming", () => {
      for (const authorizedThirdPartyFullName of [undefined, "", " Jo  "]) {
        expect(firstIssue(withForm({ ...on, authorizedThirdPartyFullName }))).toEqual({
          path: "authorizedThirdPartyFullName",
          message: "Nome do terceiro deve ter ao menos 3 caracteres.",
        });
      }
    });

    it("needs a valid CPF of 11 digits", () => {
      for (const authorizedThirdPartyCPF of [undefined, "", "1114447773", "111.444.777-36", "222.222.222-22", "111.444.777-3x"]) {
        expect(firstIssue(withForm({ ...on, authorizedThirdPartyCPF }))).toEqual({ path: "authorizedThirdPartyCPF", message: "CPF do terceiro inválido." });
      }
    });

    it("reports a short name and an invalid CPF together, the name first", () => {
      expect(issuesOf(withForm({ ...on, authorizedThirdPartyFullName: "Jo", authorizedThirdPartyCPF: "111.444.777-36" }))).toEqual([
        { path: "authorizedThirdPartyFullName", message: "Nome do terceiro deve ter ao menos 3 caracteres." },
        { path: "authorizedThirdPartyCPF", message: "CPF do terceiro inválido." },
      ]);
    });

    it("clears the third party's details when the switch is off", () => {
      expect(form.parse(withForm({ ...on, authorizedThirdPartyPickup: false, authorizedThirdPartyCPF: "lixo" }))).toMatchObject({
        authorizedThirdPartyPickup: false,
        authorizedThirdPartyFullName: null,
        authorizedThirdPartyCPF: null,
      });
    });
  });

  it("reports the first failing rule first, in the form's order, each at its field", () => {
    const issues = issuesOf({
      ...validForm,
      pickupType: "Disponível na loja",
      trackingCode: "ABCDEFG",
      customerFullName: "Al",
      authorizedThirdPartyPickup: true,
      authorizedThirdPartyFullName: "Jo",
    });
    expect(issues).toEqual([
      { path: "trackingCode", message: "Código de rastreamento deve ter 6 caracteres para retirada na loja." },
      { path: "customerFullName", message: "O nome do cliente deve ter no mínimo 3 caracteres." },
      { path: "authorizedThirdPartyFullName", message: "Nome do terceiro deve ter ao menos 3 caracteres." },
      { path: "authorizedThirdPartyCPF", message: "CPF do terceiro inválido." },
    ]);
    expect(issuesOf({})[0]).toEqual({ path: "pickupStoreName", message: "Selecione a loja de retirada." });
  });

  it("refuses a body that is not an object with a Portuguese message", () => {
    expect(firstIssue(null)?.message).toBe("Dados da retirada inválidos.");
    expect(firstIssue(["x"])?.message).toBe("Dados da retirada inválidos.");
  });
});

describe("the edit dialog", () => {
  it("accepts any subset of its fields", () => {
    expect(pickupEditSchema.parse({})).toEqual({});
    expect(pickupEditSchema.parse({ customerPhone: "(41)98888-7777" })).toEqual({ customerPhone: "(41)98888-7777" });
  });

  it("validates what it carries with the form's rules", () => {
    const first = (input: unknown) => pickupEditSchema.safeParse(input).error?.issues[0]?.message;
    expect(first({ customerPhone: "41 98888-7777" })).toBe("Formato de telefone inválido. Ex: (41) 99999-9999");
    expect(first({ customerEmail: "x" })).toBe("Informe um e-mail válido.");
    expect(first({ pickupStoreName: "" })).toBe("Selecione a loja de retirada.");
    expect(first({ pickupType: "Drone" })).toBe("Selecione o tipo de operação.");
    expect(first({ orderItems: [] })).toBe("Informe ao menos um item no pedido.");
    expect(first({ trackingCode: "ABC" })).toBe("Código de rastreamento deve ter no mínimo 6 caracteres.");
    expect(first({ pickupType: "Disponível na loja", trackingCode: "AA123456789BR" })).toBe(
      "Código de rastreamento deve ter 6 caracteres para retirada na loja.",
    );
    expect(first({ authorizedThirdPartyPickup: true, authorizedThirdPartyCPF: "123" })).toBe("CPF do terceiro inválido.");
  });

  it("reports a short third-party name and an invalid CPF together, the name first", () => {
    const issues = pickupEditSchema.safeParse({ authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "Jo", authorizedThirdPartyCPF: "123" }).error?.issues;
    expect(issues?.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["authorizedThirdPartyFullName", "Nome do terceiro deve ter ao menos 3 caracteres."],
      ["authorizedThirdPartyCPF", "CPF do terceiro inválido."],
    ]);
  });

  it("clears the third party when the switch is turned off", () => {
    expect(pickupEditSchema.parse({ authorizedThirdPartyPickup: false, authorizedThirdPartyFullName: "João" })).toEqual({
      authorizedThirdPartyPickup: false,
      authorizedThirdPartyFullName: null,
      authorizedThirdPartyCPF: null,
    });
  });
});

describe("the update body", () => {
  it("reads back a store's view of the record, masked CPFs included", () => {
    const view = pickupStoreViewSchema.encode(toPickupStoreView(aPickup()));
    expect(pickupUpdateSchema.parse({ ...view, pickupStatus: "Aguardando retirada" })).toMatchObject({
      customerCPF: "***.***.247-25",
      pickupStatus: "Aguardando retirada",
    });
  });

  it("refuses an unknown status", () => {
    expect(pickupUpdateSchema.safeParse({ pickupStatus: "Perdido" }).error?.issues[0]?.message).toBe("Status da retirada inválido.");
  });
});

describe("what a store is shown", () => {
  it("masks both CPFs and leaves out the phone and the e-mail", () => {
    const view = toPickupStoreView(aPickup({ authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: THIRD_PARTY_CPF }));
    expect(view.customerCPF).toBe("***.***.247-25");
    expect(view.authorizedThirdPartyCPF).toBe("***.***.777-35");
    expect(view).not.toHaveProperty("customerPhone");
    expect(view).not.toHaveProperty("customerEmail");
  });

  it("travels with ISO dates", () => {
    const wire = pickupSchema.encode(aPickup());
    expect(wire.orderDispatchDate).toBe("2025-03-09T12:00:00.000Z");
    expect(wire.actualPickupDate).toBeNull();
  });
});

describe("pickup states", () => {
  it("starts an order available in the store as awaiting pickup, any other in transit", () => {
    expect(initialStatus("Disponível na loja")).toBe("Aguardando retirada");
    expect(initialStatus("Envio realizado via Correios")).toBe("Em trânsito");
  });

  it("confirms receipt of an order in transit", () => {
    const received = confirmReceipt(aPickup({ actualPickupDate: later }), now);
    expect(received).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: now, actualPickupDate: null });
  });

  it("confirms receipt only while in transit", () => {
    for (const pickupStatus of ["Aguardando retirada", "Pedido retirado"] as const) {
      expect(() => confirmReceipt(aPickup({ pickupStatus }), now)).toThrow(
        new RuleViolation("Só é possível confirmar o recebimento de um pedido em trânsito.", "conflict"),
      );
    }
  });

  it("sends an alert while in transit and a reminder afterwards", () => {
    expect(pickupAlertKind({ pickupStatus: "Em trânsito" })).toBe("alert");
    expect(pickupAlertKind({ pickupStatus: "Aguardando retirada" })).toBe("reminder");
    expect(pickupAlertKind({ pickupStatus: "Pedido retirado" })).toBe("reminder");
  });
});

describe("the withdrawal check at the counter", () => {
  const withThirdParty = aPickup({
    pickupStatus: "Aguardando retirada",
    authorizedThirdPartyPickup: true,
    authorizedThirdPartyFullName: "João Souza",
    authorizedThirdPartyCPF: THIRD_PARTY_CPF,
  });

  it("authorises the customer, with or without punctuation", () => {
    expect(checkWithdrawal(withThirdParty, "529.982.247-25")).toEqual({ authorized: true, name: "Maria da Silva", collector: "customer" });
    expect(checkWithdrawal(withThirdParty, CUSTOMER_CPF)).toEqual({ authorized: true, name: "Maria da Silva", collector: "customer" });
  });

  it("authorises the third party only while authorised", () => {
    expect(checkWithdrawal(withThirdParty, "111.444.777-35")).toEqual({ authorized: true, name: "João Souza", collector: "thirdParty" });
    const revoked = { ...withThirdParty, authorizedThirdPartyPickup: false };
    expect(checkWithdrawal(revoked, THIRD_PARTY_CPF)).toEqual({ authorized: false });
  });

  it("refuses anyone else", () => {
    for (const typed of ["", "123", "987.654.321-00", "***.***.247-25", "52998224726"]) {
      expect(checkWithdrawal(withThirdParty, typed)).toEqual({ authorized: false });
    }
  });

  it("words the result as the counter shows it", () => {
    expect(withdrawalAuthorizedMessage("João Souza")).toBe(
      "João Souza está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário.",
    );
    expect(PICKUP_MESSAGES.withdrawalUnauthorized).toBe("O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.");
  });

  it("confirms the pickup of an awaiting order for a matching CPF", () => {
    expect(confirmPickup(withThirdParty, THIRD_PARTY_CPF, later, "Loja Centro")).toMatchObject({ pickupStatus: "Pedido retirado", actualPickupDate: later });
  });

  it("records who collected the order, by the CPF that matched, and who handed it over", () => {
    const byThirdParty = confirmPickup(withThirdParty, THIRD_PARTY_CPF, later, "Loja Centro");
    expect(byThirdParty).toMatchObject({ collectedBy: "thirdParty", handedOverBy: "Loja Centro" });
    expect(pickupCollector({ ...withThirdParty, ...byThirdParty })).toEqual({
      name: withThirdParty.authorizedThirdPartyFullName,
      cpf: `***.***.${THIRD_PARTY_CPF.replace(/\D/g, "").slice(6, 9)}-${THIRD_PARTY_CPF.replace(/\D/g, "").slice(9)}`,
      thirdParty: true,
    });
    const byCustomer = confirmPickup(withThirdParty, CUSTOMER_CPF, later, "Loja Centro");
    expect(byCustomer.collectedBy).toBe("customer");
    expect(pickupCollector({ ...withThirdParty, ...byCustomer })).toMatchObject({ name: withThirdParty.customerFullName, thirdParty: false });
    expect(pickupCollector({ ...withThirdParty, collectedBy: null })).toBeUndefined();
  });

  it("refuses the pickup for a CPF that matches nobody", () => {
    expect(() => confirmPickup(withThirdParty, "987.654.321-00", later, "Loja Centro")).toThrow(
      new RuleViolation(PICKUP_MESSAGES.withdrawalUnauthorized, "forbidden"),
    );
  });

  it("refuses the pickup of an order not yet received or already collected", () => {
    for (const pickupStatus of ["Em trânsito", "Pedido retirado"] as const) {
      expect(() => confirmPickup({ ...withThirdParty, pickupStatus }, CUSTOMER_CPF, later, "Loja Centro")).toThrow(
        new RuleViolation("Só é possível confirmar a retirada de um pedido aguardando retirada.", "conflict"),
      );
    }
  });
});

describe("the administrator's edit", () => {
  it("changes the contact details and the items", () => {
    const edited = editPickup(aPickup(), { customerPhone: "(11) 98888-7777", orderItems: ["A", "B"] });
    expect(edited).toMatchObject({ customerPhone: "(11) 98888-7777", orderItems: ["A", "B"], pickupStatus: "Em trânsito" });
  });

  it("re-derives the status when the type changes before the order reached the store", () => {
    const toStore = editPickup(aPickup(), { pickupType: "Disponível na loja", trackingCode: "TR1234" });
    expect(toStore).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: null });
    const backToPost = editPickup(toStore, { pickupType: "Envio realizado via Correios", trackingCode: "AA123456789BR" });
    expect(backToPost.pickupStatus).toBe("Em trânsito");
  });

  it("keeps a received order waiting when its type changes", () => {
    const received = confirmReceipt(aPickup(), now);
    const toStore = editPickup(received, { pickupType: "Disponível na loja", trackingCode: "TR1234" });
    const backToPost = editPickup(toStore, { pickupType: "Envio realizado via Correios", trackingCode: "AA123456789BR" });
    expect(backToPost).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: now });
  });

  it("checks the tracking code against the resulting type", () => {
    expect(() => editPickup(aPickup(), { pickupType: "Disponível na loja" })).toThrow(
      new RuleViolation("Código de rastreamento deve ter 6 caracteres para retirada na loja.", "invalid", "trackingCode"),
    );
    expect(() => editPickup(aPickup(), { trackingCode: "AA12345678BR" })).toThrow(
      "Código de rastreamento deve ter 13 caracteres para envio pelos Correios.",
    );
  });

  it("needs the third party's details once the switch is on, and clears them once it is off", () => {
    expect(() => editPickup(aPickup(), { authorizedThirdPartyPickup: true })).toThrow("Nome do terceiro deve ter ao menos 3 caracteres.");
    const on = editPickup(aPickup(), { authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: THIRD_PARTY_CPF });
    expect(on.authorizedThirdPartyCPF).toBe(THIRD_PARTY_CPF);
    expect(editPickup(on, { authorizedThirdPartyPickup: false })).toMatchObject({ authorizedThirdPartyFullName: null, authorizedThirdPartyCPF: null });
  });

  it("refuses to change a collected order", () => {
    expect(() => editPickup(aPickup({ pickupStatus: "Pedido retirado" }), { customerPhone: "(11) 98888-7777" })).toThrow(
      new RuleViolation("Uma retirada já concluída não pode ser alterada.", "conflict"),
    );
  });
});

describe("the CPF check under its cap", () => {
  const waiting = { ...aPickup({ pickupStatus: "Aguardando retirada" }), cpfCheckFailures: 0 };
  const locked = { ...waiting, cpfCheckFailures: CPF_CHECK_MAX_FAILURES };

  it("checks the CPF of a pickup that waits in the store, a wrong valid CPF costing a store one try", () => {
    expect(checkWithdrawalUnderCap(waiting, "529.982.247-25", STORE, "check")).toEqual({ authorized: true, name: "Maria da Silva", collector: "customer", failed: false });
    expect(checkWithdrawalUnderCap(waiting, "987.654.321-00", STORE, "check")).toEqual({ authorized: false, failed: true });
    const lastTry = { ...waiting, cpfCheckFailures: CPF_CHECK_MAX_FAILURES - 1 };
    expect(checkWithdrawalUnderCap(lastTry, "987.654.321-00", STORE, "confirm")).toEqual({ authorized: false, failed: true });
  });

  it("costs nothing for a typo that is no CPF, nor for an administrator, who reads CPFs whole", () => {
    expect(checkWithdrawalUnderCap(waiting, "529.982.247-26", STORE, "check")).toEqual({ authorized: false, failed: false });
    expect(checkWithdrawalUnderCap(waiting, "987.654.321-00", ADMIN, "check")).toEqual({ authorized: false, failed: false });
  });

  it("refuses a store once the check is locked, never an administrator", () => {
    for (const route of ["check", "confirm"] as const) {
      expect(refusal(() => checkWithdrawalUnderCap(locked, "529.982.247-25", STORE, route))).toEqual({ message: PICKUP_MESSAGES.cpfCheckLocked, kind: "forbidden" });
    }
    expect(checkWithdrawalUnderCap(locked, "529.982.247-25", ADMIN, "check")).toMatchObject({ authorized: true });
  });

  it("checks only a pickup waiting in the store: the counter's check refuses another, the confirmation leaves it to the move", () => {
    for (const pickupStatus of ["Em trânsito", "Pedido retirado"] as const) {
      const other = { ...waiting, pickupStatus };
      expect(refusal(() => checkWithdrawalUnderCap(other, "529.982.247-25", STORE, "check"))).toEqual({ message: PICKUP_MESSAGES.pickupOnlyAwaiting, kind: "conflict" });
      expect(checkWithdrawalUnderCap({ ...other, cpfCheckFailures: CPF_CHECK_MAX_FAILURES }, "529.982.247-25", STORE, "confirm")).toBeUndefined();
    }
  });
});
