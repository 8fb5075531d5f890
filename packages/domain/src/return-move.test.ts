import { describe, expect, it } from "vitest";
import { applyReturnMove, returnMove, type ReturnMover } from "./return-move.js";
import { toReturnStoreView, type ReturnOrder, type ReturnUpdateInput } from "./return.js";
import { aReturn, refusal, sentBack } from "./testing/records.js";

const DAY = 24 * 60 * 60 * 1000;
const created = new Date("2025-03-01T12:00:00.000Z");
const now = new Date("2025-03-10T15:30:00.000Z");

const pending = aReturn({ dateOfCreation: created });
const received: ReturnOrder = { ...pending, returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: now };

const store: ReturnMover = { role: "Usuário básico", username: "Loja Centro" };
const admin: ReturnMover = { role: "Administrador", username: "admin" };

describe("a store receiving a customer's return", () => {
  const shown = toReturnStoreView(pending);

  it("takes it in, in its own name", () => {
    const body = sentBack<ReturnUpdateInput>(shown, { returnStatus: "Devolvido em loja física" });
    expect(returnMove(pending, body, store)).toBe("accept");
    expect(applyReturnMove(pending, "accept", body, store, now)).toMatchObject({ returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: now });
  });

  it("turns it down for one of the offered reasons, and needs one", () => {
    const body = sentBack<ReturnUpdateInput>(shown, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    expect(returnMove(pending, body, store)).toBe("refuse");
    expect(applyReturnMove(pending, "refuse", body, store, now)).toMatchObject({ reasonForRefusal: "Produto com sinais de uso", returnStore: "Loja Centro" });
    expect(refusal(() => applyReturnMove(pending, "refuse", { ...body, reasonForRefusal: "" }, store, now))).toEqual({
      message: "Selecione o motivo da recusa.",
      kind: "invalid",
    });
  });

  it("may do nothing else", () => {
    const forbidden = { message: "A loja só pode aceitar ou recusar uma devolução pendente.", kind: "forbidden" };
    expect(refusal(() => returnMove(pending, sentBack<ReturnUpdateInput>(shown, { customerPhone: "(41) 98888-7777" }), store))).toEqual(forbidden);
    expect(refusal(() => returnMove(received, sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução concluída", transferNumber: "123456" }), store))).toEqual(forbidden);
    expect(refusal(() => returnMove(pending, sentBack<ReturnUpdateInput>(shown), store))).toEqual(forbidden);
  });

  it("cannot decide twice", () => {
    expect(refusal(() => returnMove(received, sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução recusada", reasonForRefusal: "all" }), store))).toEqual({
      message: "Esta devolução não está mais pendente.",
      kind: "conflict",
    });
  });
});

describe("the central office", () => {
  it("edits phone, e-mail and items of a pending return, and asks for nothing when it sends it back as it is", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { customerPhone: "(41) 98888-7777" });
    expect(returnMove(pending, body, admin)).toBe("edit");
    expect(applyReturnMove(pending, "edit", body, admin, now)).toMatchObject({ customerPhone: "(41) 98888-7777", returnStatus: "Devolução pendente" });
    expect(returnMove(pending, sentBack<ReturnUpdateInput>(pending), admin)).toBe("none");
    expect(refusal(() => returnMove(received, sentBack<ReturnUpdateInput>(received, { customerPhone: "(41) 98888-7777" }), admin))).toEqual({
      message: "Só é possível editar uma devolução pendente.",
      kind: "conflict",
    });
  });

  it("never changes the order number, the customer's name or CPF", () => {
    expect(refusal(() => returnMove(pending, sentBack<ReturnUpdateInput>(pending, { customerFullName: "Outra Pessoa" }), admin))).toEqual({
      message: "O número do pedido, o nome e o CPF do cliente não podem ser alterados.",
      kind: "invalid",
    });
  });

  it("records a store's decision on its behalf, naming the store", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { returnStatus: "Devolvido em loja física", returnStore: "Loja Norte" });
    expect(returnMove(pending, body, admin)).toBe("accept");
    expect(applyReturnMove(pending, "accept", body, admin, now)).toMatchObject({ returnStore: "Loja Norte" });
  });

  it("expires a return after 30 days and completes a received one with its transfer number", () => {
    const late = new Date(created.getTime() + 31 * DAY);
    expect(applyReturnMove(pending, returnMove(pending, { returnStatus: "Devolução expirada" }, admin), {}, admin, late)).toMatchObject({ returnStatus: "Devolução expirada" });
    const complete = sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução concluída", transferNumber: "123456" });
    expect(returnMove(received, complete, admin)).toBe("complete");
    expect(applyReturnMove(received, "complete", complete, admin, now)).toMatchObject({ returnStatus: "Devolução concluída", transferNumber: "123456", dateOfTransfer: now });
  });

  it("sends the store, the reason and the transfer number only with the moves that take them", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { customerPhone: "(41) 98888-7777", transferNumber: "123456" });
    expect(refusal(() => applyReturnMove(pending, returnMove(pending, body, admin), body, admin, now))).toEqual({
      message: "O número da transferência só é informado ao concluir a devolução.",
      kind: "invalid",
    });
    expect(refusal(() => applyReturnMove(pending, "none", { returnStore: "Loja Norte" }, admin, now))).toEqual({
      message: "A loja só é informada ao aceitar ou recusar a devolução.",
      kind: "invalid",
    });
  });

  it("cannot take a return back to pending", () => {
    expect(refusal(() => returnMove(received, { returnStatus: "Devolução pendente" }, admin))).toEqual({
      message: 'Não é possível passar a devolução de "Devolvido em loja física" para "Devolução pendente".',
      kind: "conflict",
    });
  });
});
