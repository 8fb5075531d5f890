import { describe, expect, it } from "vitest";
import { applyPicklistMove, picklistMove, requestedItemSplit, requestedPicklistEdit, sameInstant } from "./picklist-move.js";
import { markUnavailable, startPicklist, type PicklistState, type PicklistUpdateInput } from "./picklist.js";
import { ADMIN, STORE } from "./roles.js";
import { aPicklist, refusal, sentBack as sentBackRecord } from "./testing/records.js";

const now = new Date("2024-05-02T15:30:00.000Z");
const later = new Date("2024-05-02T16:45:10.000Z");
const ITEMS = ["TENIS A 123456-7X", "SANDALIA B 654321-0Y", "BOTA C 111111-1Z"];

const notStarted = aPicklist({ listItems: ITEMS });
const inProgress = startPicklist(notStarted, now);
const unavailable = markUnavailable(inProgress);

/** The list sent back as the spec's client holds it, with its changes. */
const sentBack = (list: PicklistState, changes: PicklistUpdateInput = {}) => sentBackRecord<PicklistUpdateInput>(list, changes);

describe("a store working through its list", () => {
  it("starts it by sending it back as Em andamento", () => {
    const body = sentBack(notStarted, { currentStatus: "Em andamento" });
    expect(picklistMove(notStarted, body, STORE)).toBe("start");
    expect(applyPicklistMove(notStarted, "start", body, now)).toMatchObject({ currentStatus: "Em andamento", timeStarted: now, uncompletedItems: ITEMS });
  });

  it("asks for nothing when it sends the list back unchanged", () => {
    expect(picklistMove(notStarted, sentBack(notStarted), STORE)).toBe("none");
    expect(picklistMove(inProgress, { currentStatus: undefined }, STORE)).toBe("none");
  });

  it("ticks items, the side it leaves out being the rest of the list", () => {
    const body: PicklistUpdateInput = { completedItems: [ITEMS[1]!] };
    expect(requestedItemSplit(inProgress, body)).toEqual({ completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] });
    expect(picklistMove(inProgress, body, STORE)).toBe("split");
    expect(applyPicklistMove(inProgress, "split", body, later)).toMatchObject({ completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] });
  });

  it("cannot tick an item the list does not have", () => {
    expect(refusal(() => picklistMove(inProgress, { completedItems: ["OUTRO"] }, STORE))).toEqual({
      message: "Os itens separados e não separados devem ser exatamente os itens da lista.",
      kind: "invalid",
    });
  });

  it("switches 'Produtos indisponíveis' on and off", () => {
    expect(picklistMove(inProgress, sentBack(inProgress, { currentStatus: "Não concluído" }), STORE)).toBe("unavailable");
    const back = sentBack(unavailable, { currentStatus: "Em andamento", completedItems: [ITEMS[0]!], uncompletedItems: [ITEMS[1]!, ITEMS[2]!] });
    expect(picklistMove(unavailable, back, STORE)).toBe("restore");
    expect(applyPicklistMove(unavailable, "restore", back, later)).toMatchObject({ currentStatus: "Em andamento", completedItems: [ITEMS[0]] });
  });

  it("finishes with a filled-in timeCompleted, as Não concluído when it switches the products off at once", () => {
    const finish = sentBack(inProgress, { timeCompleted: later.toISOString(), currentStatus: "Não concluído" });
    expect(picklistMove(inProgress, finish, STORE)).toBe("finish");
    expect(applyPicklistMove(inProgress, "finish", finish, later)).toMatchObject({ currentStatus: "Não concluído", timeCompleted: later });
    const done = sentBack(inProgress, { currentStatus: "Concluído", numberTransfer: "123456" });
    expect(applyPicklistMove(inProgress, picklistMove(inProgress, done, STORE), done, later)).toMatchObject({ currentStatus: "Concluído", numberTransfer: "123456" });
  });

  it("reads a start that lost a race as a start, which the state machine then refuses", () => {
    const second = sentBack(notStarted, { currentStatus: "Em andamento", timeStarted: later.toISOString() });
    expect(picklistMove(inProgress, second, STORE)).toBe("start");
    expect(refusal(() => applyPicklistMove(inProgress, "start", second, later))).toEqual({ message: "Esta lista de separação já foi iniciada.", kind: "conflict" });
  });

  it("cannot take a started list back to Não iniciado, nor touch a finished one", () => {
    expect(refusal(() => picklistMove(inProgress, { currentStatus: "Não iniciado" }, STORE))).toEqual({
      message: "Uma lista de separação já iniciada não pode voltar para Não iniciado.",
      kind: "conflict",
    });
    const finished = applyPicklistMove(unavailable, "finish", {}, later);
    expect(refusal(() => picklistMove(finished, sentBack(finished), STORE))).toEqual({ message: "Esta lista de separação já foi finalizada.", kind: "conflict" });
  });

  it("compares a timestamp sent back with the stored instant, empty with empty", () => {
    expect(sameInstant(now.toISOString(), now)).toBe(true);
    expect(sameInstant("2024-05-02T12:30:00-03:00", now)).toBe(true);
    expect(sameInstant(null, null)).toBe(true);
    expect(sameInstant("", null)).toBe(true);
    expect(sameInstant(null, now)).toBe(false);
    expect(sameInstant(later.toISOString(), now)).toBe(false);
  });
});

describe("the administrator's edit", () => {
  const redirect = sentBack(notStarted, { destination: "Loja Norte" });

  it("is what a body changing the sender, the destination or the items asks for", () => {
    expect(requestedPicklistEdit(notStarted, sentBack(notStarted))).toBeUndefined();
    expect(requestedPicklistEdit(notStarted, redirect)).toEqual({ destination: "Loja Norte" });
    expect(picklistMove(notStarted, redirect, ADMIN)).toBe("edit");
  });

  it("sends the list anew and remembers the store it was taken from", () => {
    expect(applyPicklistMove(notStarted, "edit", redirect, later)).toMatchObject({ destination: "Loja Norte", sendDate: later, previousDestinations: ["Loja Centro"] });
  });

  it("is the administrator's alone, before the store starts, and never together with a move", () => {
    expect(refusal(() => picklistMove(notStarted, redirect, STORE))).toEqual({
      message: "Somente o administrador pode alterar a loja, o remetente ou os itens da lista.",
      kind: "forbidden",
    });
    expect(refusal(() => picklistMove(inProgress, sentBack(inProgress, { destination: "Loja Norte" }), ADMIN))).toEqual({
      message: "Só é possível editar uma lista que ainda não foi iniciada.",
      kind: "conflict",
    });
    expect(refusal(() => picklistMove(notStarted, { ...redirect, currentStatus: "Em andamento" }, ADMIN))).toEqual({
      message: "Edite a lista ou altere o seu andamento, não os dois ao mesmo tempo.",
      kind: "conflict",
    });
  });
});
