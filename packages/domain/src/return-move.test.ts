import { describe, expect, it } from "vitest";
import { applyReturnRequest, readReturnRequest, type ReturnMover } from "./return-move.js";
import { toReturnStoreView, type ReturnOrder, type ReturnUpdateInput } from "./return.js";
import { aReturn, refusal, sentBack } from "./testing/records.js";

const DAY = 24 * 60 * 60 * 1000;
const created = new Date("2025-03-01T12:00:00.000Z");
const now = new Date("2025-03-10T15:30:00.000Z");

const pending = aReturn({ dateOfCreation: created });
const received: ReturnOrder = { ...pending, returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: now };

const store: ReturnMover = { role: "Usuário básico", username: "Loja Centro" };
const admin: ReturnMover = { role: "Administrador", username: "admin" };

/** The move a body asks for, as the API reads it. */
const moveOf = (current: ReturnOrder, body: ReturnUpdateInput, by: ReturnMover) => readReturnRequest(current, body, by)?.move;
/** The return after the body, read and applied as the API does it. */
const after = (current: ReturnOrder, body: ReturnUpdateInput, by: ReturnMover, at = now) => applyReturnRequest(current, readReturnRequest(current, body, by)!, at);

describe("a store receiving a customer's return", () => {
  const shown = toReturnStoreView(pending);

  it("takes it in, in its own name", () => {
    const body = sentBack<ReturnUpdateInput>(shown, { returnStatus: "Devolvido em loja física" });
    expect(readReturnRequest(pending, body, store)).toMatchObject({ move: "accept", edit: {}, store: "Loja Centro" });
    expect(after(pending, body, store)).toMatchObject({ returnStatus: "Devolvido em loja física", returnStore: "Loja Centro", dateOfReturn: now });
  });

  it("turns it down for one of the offered reasons, and needs one", () => {
    const body = sentBack<ReturnUpdateInput>(shown, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    expect(readReturnRequest(pending, body, store)).toMatchObject({ move: "refuse", reasonForRefusal: "all" });
    expect(after(pending, body, store)).toMatchObject({ reasonForRefusal: "Produto com sinais de uso", returnStore: "Loja Centro" });
    expect(refusal(() => after(pending, { ...body, reasonForRefusal: "" }, store))).toEqual({
      message: "Selecione o motivo da recusa.",
      kind: "invalid",
    });
  });

  it("may do nothing else", () => {
    const forbidden = { message: "A loja só pode aceitar ou recusar uma devolução pendente.", kind: "forbidden" };
    expect(refusal(() => readReturnRequest(pending, sentBack<ReturnUpdateInput>(shown, { customerPhone: "(41) 98888-7777" }), store))).toEqual(forbidden);
    expect(refusal(() => readReturnRequest(received, sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução concluída", transferNumber: "123456" }), store))).toEqual(forbidden);
    expect(refusal(() => readReturnRequest(pending, sentBack<ReturnUpdateInput>(shown), store))).toEqual(forbidden);
  });

  it("cannot decide twice", () => {
    expect(refusal(() => readReturnRequest(received, sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução recusada", reasonForRefusal: "all" }), store))).toEqual({
      message: "Esta devolução não está mais pendente.",
      kind: "conflict",
    });
  });

  it("knows nothing of a return another store decided on, except that it lost the race to take it in", () => {
    const elsewhere: ReturnOrder = { ...received, returnStore: "Loja Norte" };
    expect(readReturnRequest({ ...elsewhere, returnStatus: "Devolução concluída" }, sentBack<ReturnUpdateInput>({ ...elsewhere, returnStatus: "Devolução concluída" }), store)).toBeUndefined();
    expect(readReturnRequest(elsewhere, { customerPhone: "(41) 98888-7777" }, store)).toBeUndefined();
    for (const returnStatus of ["Devolvido em loja física", "Devolução recusada"] as const) {
      expect(refusal(() => readReturnRequest(elsewhere, { returnStatus, reasonForRefusal: "all" }, store))).toEqual({ message: "Esta devolução já foi processada.", kind: "conflict" });
    }
  });
});

describe("the central office", () => {
  it("edits phone, e-mail and items of a pending return, and asks for nothing when it sends it back as it is", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { customerPhone: "(41) 98888-7777" });
    expect(readReturnRequest(pending, body, admin)).toMatchObject({ move: "edit", edit: { customerPhone: "(41) 98888-7777" } });
    expect(after(pending, body, admin)).toMatchObject({ customerPhone: "(41) 98888-7777", returnStatus: "Devolução pendente" });
    expect(readReturnRequest(pending, sentBack<ReturnUpdateInput>(pending), admin)).toMatchObject({ move: "none", edit: {} });
    expect(refusal(() => readReturnRequest(received, sentBack<ReturnUpdateInput>(received, { customerPhone: "(41) 98888-7777" }), admin))).toEqual({
      message: "Só é possível editar uma devolução pendente.",
      kind: "conflict",
    });
  });

  it("never changes the order number, the customer's name or CPF", () => {
    expect(refusal(() => readReturnRequest(pending, sentBack<ReturnUpdateInput>(pending, { customerFullName: "Outra Pessoa" }), admin))).toEqual({
      message: "O número do pedido, o nome e o CPF do cliente não podem ser alterados.",
      kind: "invalid",
    });
  });

  it("records a store's decision on its behalf, naming the store", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { returnStatus: "Devolvido em loja física", returnStore: " Loja Norte " });
    expect(readReturnRequest(pending, body, admin)).toMatchObject({ move: "accept", store: "Loja Norte" });
    expect(after(pending, body, admin)).toMatchObject({ returnStore: "Loja Norte" });
  });

  it("expires a return after 30 days and completes a received one with its transfer number", () => {
    const late = new Date(created.getTime() + 31 * DAY);
    expect(after(pending, { returnStatus: "Devolução expirada" }, admin, late)).toMatchObject({ returnStatus: "Devolução expirada" });
    expect(refusal(() => after(pending, { returnStatus: "Devolução expirada" }, admin))).toEqual({ message: "A devolução só pode ser expirada após 30 dias.", kind: "conflict" });
    const complete = sentBack<ReturnUpdateInput>(received, { returnStatus: "Devolução concluída", transferNumber: "123456" });
    expect(moveOf(received, complete, admin)).toBe("complete");
    expect(after(received, complete, admin)).toMatchObject({ returnStatus: "Devolução concluída", transferNumber: "123456", dateOfTransfer: now });
  });

  it("sends the store, the reason and the transfer number only with the moves that take them", () => {
    const body = sentBack<ReturnUpdateInput>(pending, { customerPhone: "(41) 98888-7777", transferNumber: "123456" });
    expect(refusal(() => after(pending, body, admin))).toEqual({
      message: "O número da transferência só é informado ao concluir a devolução.",
      kind: "invalid",
    });
    expect(refusal(() => after(pending, { returnStore: "Loja Norte" }, admin))).toEqual({
      message: "A loja só é informada ao aceitar ou recusar a devolução.",
      kind: "invalid",
    });
    expect(refusal(() => after(pending, { reasonForRefusal: "all" }, admin))).toEqual({
      message: "O motivo só é informado ao recusar a devolução.",
      kind: "invalid",
    });
  });

  it("cannot take a return back to pending", () => {
    expect(refusal(() => readReturnRequest(received, { returnStatus: "Devolução pendente" }, admin))).toEqual({
      message: 'Não é possível passar a devolução de "Devolvido em loja física" para "Devolução pendente".',
      kind: "conflict",
    });
  });
});
