import { describe, expect, it } from "vitest";
import { applyPicklistRequest, readPicklistRequest, sameInstant } from "./picklist-move.js";
import { markUnavailable, startPicklist, type PicklistState, type PicklistUpdateInput } from "./picklist.js";
import { ADMIN, STORE, type Role } from "./roles.js";
import { aPicklist, refusal, sentBack as sentBackRecord } from "./testing/records.js";

const now = new Date("2024-05-02T15:30:00.000Z");
const later = new Date("2024-05-02T16:45:10.000Z");
const ITEMS = ["TENIS A 123456-7X", "SANDALIA B 654321-0Y", "BOTA C 111111-1Z"];

const notStarted = aPicklist({ listItems: ITEMS });
const inProgress = startPicklist(notStarted, now);
const unavailable = markUnavailable(inProgress);

/** The list sent back as the spec's client holds it, with its changes. */
const sentBack = (list: PicklistState, changes: PicklistUpdateInput = {}) => sentBackRecord<PicklistUpdateInput>(list, changes);

/** The list after the body, read and applied as the API does it. */
const after = (list: PicklistState, body: PicklistUpdateInput, at = later, role: Role = STORE) => applyPicklistRequest(list, readPicklistRequest(list, body, role), at);

describe("a store working through its list", () => {
  it("starts it by sending it back as Em andamento", () => {
    const body = sentBack(notStarted, { currentStatus: "Em andamento" });
    expect(readPicklistRequest(notStarted, body, STORE)).toEqual({ move: "start" });
    expect(after(notStarted, body, now)).toMatchObject({ currentStatus: "Em andamento", timeStarted: now, uncompletedItems: ITEMS });
  });

  it("asks for nothing when it sends the list back unchanged", () => {
    expect(readPicklistRequest(notStarted, sentBack(notStarted), STORE)).toEqual({ move: "none" });
    expect(readPicklistRequest(inProgress, { currentStatus: undefined }, STORE)).toEqual({ move: "none" });
    expect(after(notStarted, sentBack(notStarted))).toBe(notStarted);
  });

  it("ticks items, the side it leaves out being the rest of the list", () => {
    const body: PicklistUpdateInput = { completedItems: [ITEMS[1]!] };
    expect(readPicklistRequest(inProgress, body, STORE)).toEqual({ move: "split", split: { completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] } });
    expect(readPicklistRequest(inProgress, { uncompletedItems: [ITEMS[1]!] }, STORE)).toEqual({
      move: "split",
      split: { completedItems: [ITEMS[0], ITEMS[2]], uncompletedItems: [ITEMS[1]] },
    });
    expect(after(inProgress, body)).toMatchObject({ completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] });
  });

  it("cannot tick an item the list does not have, nor tick before it starts", () => {
    expect(refusal(() => readPicklistRequest(inProgress, { completedItems: ["OUTRO"] }, STORE))).toEqual({
      message: "Os itens separados e não separados devem ser exatamente os itens da lista.",
      kind: "invalid",
    });
    expect(refusal(() => after(notStarted, { completedItems: [ITEMS[0]!] }))).toEqual({ message: "Inicie a lista de separação antes de separar os itens.", kind: "conflict" });
  });

  it("switches 'Produtos indisponíveis' on and off", () => {
    expect(readPicklistRequest(inProgress, sentBack(inProgress, { currentStatus: "Não concluído" }), STORE)).toEqual({ move: "unavailable" });
    const back = sentBack(unavailable, { currentStatus: "Em andamento", completedItems: [ITEMS[0]!], uncompletedItems: [ITEMS[1]!, ITEMS[2]!] });
    expect(readPicklistRequest(unavailable, back, STORE)).toEqual({ move: "restore", split: { completedItems: [ITEMS[0]], uncompletedItems: [ITEMS[1], ITEMS[2]] } });
    expect(after(unavailable, back)).toMatchObject({ currentStatus: "Em andamento", completedItems: [ITEMS[0]] });
    expect(refusal(() => after(unavailable, { currentStatus: "Não concluído" }))).toEqual({ message: "Os produtos desta lista já estão marcados como indisponíveis.", kind: "conflict" });
  });

  it("finishes with a filled-in timeCompleted, as Não concluído when it switches the products off at once", () => {
    const finish = sentBack(inProgress, { timeCompleted: later.toISOString(), currentStatus: "Não concluído" });
    expect(readPicklistRequest(inProgress, finish, STORE)).toMatchObject({ move: "finish", unavailable: true });
    expect(after(inProgress, finish)).toMatchObject({ currentStatus: "Não concluído", timeCompleted: later });
    const done = sentBack(inProgress, { currentStatus: "Concluído", numberTransfer: "123456" });
    expect(readPicklistRequest(inProgress, done, STORE)).toMatchObject({ move: "finish", unavailable: false, numberTransfer: "123456" });
    expect(after(inProgress, done)).toMatchObject({ currentStatus: "Concluído", numberTransfer: "123456" });
  });

  it("finishes with the last ticks sent along, but a Não concluído list keeps every item unavailable", () => {
    const lastTick = { timeCompleted: later.toISOString(), completedItems: ITEMS, uncompletedItems: [], numberTransfer: "123456" };
    expect(after(inProgress, lastTick)).toMatchObject({ currentStatus: "Concluído", completedItems: ITEMS, uncompletedItems: [] });
    expect(after(unavailable, lastTick)).toMatchObject({ currentStatus: "Não concluído", completedItems: [], uncompletedItems: ITEMS });
  });

  it("refuses a finish without its transfer number, and one before the start", () => {
    expect(refusal(() => after(inProgress, { currentStatus: "Concluído" }))).toMatchObject({ kind: "invalid" });
    expect(refusal(() => after(notStarted, { currentStatus: "Concluído", numberTransfer: "123456" }))).toEqual({
      message: "Inicie a lista de separação antes de finalizá-la.",
      kind: "conflict",
    });
  });

  it("reads a start that lost a race as a start, which the state machine then refuses", () => {
    const second = sentBack(notStarted, { currentStatus: "Em andamento", timeStarted: later.toISOString() });
    expect(readPicklistRequest(inProgress, second, STORE)).toEqual({ move: "start" });
    expect(refusal(() => after(inProgress, second))).toEqual({ message: "Esta lista de separação já foi iniciada.", kind: "conflict" });
  });

  it("cannot take a started list back to Não iniciado, nor touch a finished one", () => {
    expect(refusal(() => readPicklistRequest(inProgress, { currentStatus: "Não iniciado" }, STORE))).toEqual({
      message: "Uma lista de separação já iniciada não pode voltar para Não iniciado.",
      kind: "conflict",
    });
    const finished = after(unavailable, { currentStatus: "Concluído" });
    expect(refusal(() => readPicklistRequest(finished, sentBack(finished), STORE))).toEqual({ message: "Esta lista de separação já foi finalizada.", kind: "conflict" });
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
    expect(readPicklistRequest(notStarted, sentBack(notStarted), ADMIN)).toEqual({ move: "none" });
    expect(readPicklistRequest(notStarted, redirect, ADMIN)).toEqual({ move: "edit", edit: { destination: "Loja Norte" } });
    expect(readPicklistRequest(notStarted, { sender: "CD", listItems: [ITEMS[0]!] }, ADMIN)).toEqual({ move: "edit", edit: { sender: "CD", listItems: [ITEMS[0]] } });
  });

  it("sends the list anew and remembers the store it was taken from", () => {
    expect(after(notStarted, redirect, later, ADMIN)).toMatchObject({ destination: "Loja Norte", sendDate: later, previousDestinations: ["Loja Centro"] });
  });

  it("is the administrator's alone, before the store starts, and never together with a move", () => {
    expect(refusal(() => readPicklistRequest(notStarted, redirect, STORE))).toEqual({
      message: "Somente o administrador pode alterar a loja, o remetente ou os itens da lista.",
      kind: "forbidden",
    });
    expect(refusal(() => readPicklistRequest(inProgress, sentBack(inProgress, { destination: "Loja Norte" }), ADMIN))).toEqual({
      message: "Só é possível editar uma lista que ainda não foi iniciada.",
      kind: "conflict",
    });
    expect(refusal(() => readPicklistRequest(notStarted, { ...redirect, currentStatus: "Em andamento" }, ADMIN))).toEqual({
      message: "Edite a lista ou altere o seu andamento, não os dois ao mesmo tempo.",
      kind: "conflict",
    });
  });
});
