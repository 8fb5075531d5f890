import { describe, expect, it } from "vitest";
import {
  REFUSAL_REASONS,
  RETURN_STATUSES,
  acceptReturn,
  canDeleteReturn,
  canEditReturn,
  completeReturn,
  expireReturn,
  isOverdue,
  isValidReturnTransferNumber,
  refusalReasonLabel,
  refuseReturn,
  returnEditSchema,
  returnFormSchema,
  returnSchema,
  returnUpdateSchema,
  toReturnStoreView,
  type ReturnOrder,
  type ReturnStatus,
} from "./return.js";
import { aReturn as aReturnRecord, refusal } from "./testing/records.js";

const DAY = 24 * 60 * 60 * 1000;
const created = new Date("2025-03-01T12:00:00.000Z");
const now = new Date("2025-03-10T15:30:00.000Z");

/** The return of these stories, created at `created`. */
const aReturn = (overrides: Partial<ReturnOrder> = {}) => aReturnRecord({ dateOfCreation: created, ...overrides });

const validForm = {
  orderNumber: "PED0000000000001",
  customerFullName: "Maria da Silva",
  customerCPF: "529.982.247-25",
  customerPhone: "(41) 99999-9999",
  customerEmail: "maria@example.com",
  returnItems: ["TENIS RUNNER 42 123456-7X"],
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("the return form", () => {
  it("accepts a complete form, trimming text and dropping the CPF's punctuation", () => {
    const parsed = returnFormSchema.parse({ ...validForm, customerFullName: "  Maria da Silva ", returnItems: [" TENIS 42 "] });
    expect(parsed).toEqual({ ...validForm, customerCPF: "52998224725", returnItems: ["TENIS 42"] });
  });

  it("ignores a creation date sent by the browser", () => {
    const parsed = returnFormSchema.parse({ ...validForm, dateOfCreation: "2020-01-01T00:00:00.000Z" });
    expect(parsed).not.toHaveProperty("dateOfCreation");
  });

  it.each([
    [{ orderNumber: undefined }, "Informe o número do pedido."],
    [{ orderNumber: "  " }, "Informe o número do pedido."],
    [{ orderNumber: "PED123" }, "Número do pedido deve conter 16 caracteres."],
    [{ customerFullName: undefined }, "Informe o nome do cliente."],
    [{ customerFullName: "" }, "Informe o nome do cliente."],
    [{ customerFullName: " Jo " }, "O nome do cliente deve ter no mínimo 3 caracteres."],
    [{ customerCPF: undefined }, "Informe o CPF do cliente."],
    [{ customerCPF: "" }, "Informe o CPF do cliente."],
    [{ customerCPF: "5299822472" }, "CPF deve conter exatamente 11 dígitos."],
    [{ customerCPF: "52998224726" }, "CPF inválido."],
    [{ customerCPF: "111.111.111-11" }, "CPF inválido."],
    [{ customerPhone: undefined }, "Informe o telefone do cliente."],
    [{ customerPhone: "" }, "Informe o telefone do cliente."],
    [{ customerPhone: "41 99999 9999" }, "Formato de telefone inválido. Ex: (41) 99999-9999"],
    [{ customerEmail: undefined }, "Informe o e-mail do cliente."],
    [{ customerEmail: "" }, "Informe o e-mail do cliente."],
    [{ customerEmail: "maria@" }, "Informe um e-mail válido."],
    [{ returnItems: [] }, "Informe ao menos um item no pedido."],
    [{ returnItems: undefined }, "Informe ao menos um item no pedido."],
    [{ returnStatus: "Devolvida" }, "Status da devolução inválido."],
  ])("refuses %o with the rule's message", (change, message) => {
    expect(firstMessage(returnFormSchema.safeParse({ ...validForm, ...change }))).toBe(message);
  });

  it("accepts each of the five statuses", () => {
    for (const returnStatus of RETURN_STATUSES) expect(returnFormSchema.safeParse({ ...validForm, returnStatus }).success).toBe(true);
  });

  it("reports the first failing field in the form's order", () => {
    expect(firstMessage(returnFormSchema.safeParse({}))).toBe("Informe o número do pedido.");
  });
});

describe("the edit dialog and the update body", () => {
  it("validates phone, e-mail and items only when present", () => {
    expect(returnEditSchema.parse({})).toEqual({});
    expect(firstMessage(returnEditSchema.safeParse({ customerPhone: "999" }))).toBe("Formato de telefone inválido. Ex: (41) 99999-9999");
    expect(firstMessage(returnEditSchema.safeParse({ customerEmail: "x" }))).toBe("Informe um e-mail válido.");
    expect(firstMessage(returnEditSchema.safeParse({ returnItems: [] }))).toBe("Informe ao menos um item no pedido.");
  });

  it("takes back a store's masked view as it was served", () => {
    const view = toReturnStoreView(aReturn());
    const parsed = returnUpdateSchema.parse({ ...view, dateOfCreation: view.dateOfCreation.toISOString() });
    expect(parsed.customerCPF).toBe("***.***.247-25");
    expect(parsed).not.toHaveProperty("dateOfCreation");
    expect(parsed).not.toHaveProperty("id");
  });
});

describe("the store's view", () => {
  it("masks the CPF and leaves out phone and e-mail", () => {
    const view = toReturnStoreView(aReturn());
    expect(view.customerCPF).toBe("***.***.247-25");
    expect(view).not.toHaveProperty("customerPhone");
    expect(view).not.toHaveProperty("customerEmail");
    expect(view.customerFullName).toBe("Maria da Silva");
  });

  it("serialises dates as ISO strings", () => {
    expect(returnSchema.encode(aReturn()).dateOfCreation).toBe("2025-03-01T12:00:00.000Z");
  });
});

describe("refusal reasons", () => {
  it("offers three reasons, the marks of use under the value 'all'", () => {
    expect(REFUSAL_REASONS.map((r) => r.label)).toEqual(["Produto com sinais de uso", "Produto sem a nota fiscal", "Produto sem a caixa original"]);
    expect(REFUSAL_REASONS[0].value).toBe("all");
  });

  it("takes the value or the label and gives the label", () => {
    expect(refusalReasonLabel("all")).toBe("Produto com sinais de uso");
    expect(refusalReasonLabel("Produto com sinais de uso")).toBe("Produto com sinais de uso");
    expect(refusalReasonLabel(" Produto sem a nota fiscal ")).toBe("Produto sem a nota fiscal");
    expect(refusalReasonLabel("Produto sem a caixa original")).toBe("Produto sem a caixa original");
  });

  it("knows no other reason", () => {
    for (const reason of ["", "  ", null, undefined, "Não gostei", "ALL"]) expect(refusalReasonLabel(reason)).toBeUndefined();
  });
});

describe("the 30-day rule", () => {
  it("is not overdue at exactly 30 days", () => {
    expect(isOverdue(created, new Date(created.getTime() + 30 * DAY))).toBe(false);
  });

  it("is overdue 1 ms after 30 days", () => {
    expect(isOverdue(created, new Date(created.getTime() + 30 * DAY + 1))).toBe(true);
  });

  it("is not overdue on the day of creation", () => {
    expect(isOverdue(created, created)).toBe(false);
  });
});

describe("accepting in the store", () => {
  it("marks the return received in that store, dated now, with no refusal reason", () => {
    const accepted = acceptReturn(aReturn({ reasonForRefusal: "stale", dateOfTransfer: now }), "Loja Centro", now);
    expect(accepted).toMatchObject({
      returnStatus: "Devolvido em loja física",
      dateOfReturn: now,
      reasonForRefusal: "",
      returnStore: "Loja Centro",
      dateOfTransfer: null,
    });
  });

  it("does not change the return it was given", () => {
    const original = aReturn();
    acceptReturn(original, "Loja Centro", now);
    expect(original.returnStatus).toBe("Devolução pendente");
  });
});

describe("refusing in the store", () => {
  it("marks the return refused by that store with the reason's label and no return date", () => {
    const refused = refuseReturn(aReturn({ dateOfReturn: now, dateOfTransfer: now }), "Loja Centro", "all");
    expect(refused).toMatchObject({
      returnStatus: "Devolução recusada",
      dateOfReturn: null,
      reasonForRefusal: "Produto com sinais de uso",
      returnStore: "Loja Centro",
      dateOfTransfer: null,
    });
  });

  it("needs one of the offered reasons", () => {
    for (const reason of [undefined, "", "Outro motivo"]) {
      const err = refusal(() => refuseReturn(aReturn(), "Loja Centro", reason));
      expect(err).toMatchObject({ kind: "invalid", message: "Selecione o motivo da recusa." });
    }
  });
});

describe("expiring", () => {
  it("expires a pending return older than 30 days and clears its dates", () => {
    const later = new Date(created.getTime() + 30 * DAY + 1);
    const expired = expireReturn(aReturn({ dateOfReturn: now, dateOfTransfer: now }), later);
    expect(expired).toMatchObject({ returnStatus: "Devolução expirada", dateOfReturn: null, dateOfTransfer: null, returnStore: null });
  });

  it("refuses a return exactly 30 days old", () => {
    const err = refusal(() => expireReturn(aReturn(), new Date(created.getTime() + 30 * DAY)));
    expect(err).toMatchObject({ kind: "conflict", message: "A devolução só pode ser expirada após 30 dias." });
  });
});

describe("completing", () => {
  const received = aReturn({ returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: created });

  it("closes a received return with the trimmed transfer number, dated now", () => {
    const completed = completeReturn(received, "  TR-123456 ", now);
    expect(completed).toMatchObject({
      returnStatus: "Devolução concluída",
      transferNumber: "TR-123456",
      dateOfTransfer: now,
      returnStore: "Loja Centro",
      dateOfReturn: created,
    });
  });

  it.each(["", "12345", "12 3456", "abcdef", null, undefined])("refuses the transfer number %o", (transferNumber) => {
    const err = refusal(() => completeReturn(received, transferNumber, now));
    expect(err).toMatchObject({ kind: "invalid", message: "O número da transferência deve conter 6 dígitos." });
  });

  it("finds six digits anywhere in the transfer number", () => {
    expect(isValidReturnTransferNumber("123456")).toBe(true);
    expect(isValidReturnTransferNumber("NF 0012345678 loja")).toBe(true);
    expect(isValidReturnTransferNumber("12-34-56")).toBe(false);
  });
});

describe("the transition table", () => {
  const transitions: Record<string, (r: ReturnOrder) => ReturnOrder> = {
    accept: (r) => acceptReturn(r, "Loja Centro", now),
    refuse: (r) => refuseReturn(r, "Loja Centro", "all"),
    expire: (r) => expireReturn(r, new Date(created.getTime() + 31 * DAY)),
    complete: (r) => completeReturn(r, "123456", now),
  };
  const allowedFrom: Record<string, ReturnStatus> = {
    accept: "Devolução pendente",
    refuse: "Devolução pendente",
    expire: "Devolução pendente",
    complete: "Devolvido em loja física",
  };

  for (const [action, apply] of Object.entries(transitions)) {
    for (const status of RETURN_STATUSES) {
      const allowed = allowedFrom[action] === status;
      it(`${allowed ? "allows" : "refuses"} ${action} from "${status}"`, () => {
        const ret = aReturn({ returnStatus: status });
        if (allowed) expect(apply(ret).returnStatus).not.toBe(status);
        else expect(refusal(() => apply(ret)).kind).toBe("conflict");
      });
    }
  }

  it("lets only a pending return be edited or deleted", () => {
    for (const returnStatus of RETURN_STATUSES) {
      expect(canEditReturn({ returnStatus })).toBe(returnStatus === "Devolução pendente");
      expect(canDeleteReturn({ returnStatus })).toBe(returnStatus === "Devolução pendente");
    }
  });
});
