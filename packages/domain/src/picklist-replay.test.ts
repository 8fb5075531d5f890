import { describe, expect, it } from "vitest";
import { applyPicklistRequest } from "./picklist-move.js";
import { PICKLIST_REPLAY_MESSAGES, judgeReplayedChange, mergeTicks } from "./picklist-replay.js";
import { PICKLIST_MESSAGES, finishPicklist, markUnavailable, setItemSplit, startPicklist, type PicklistState, type PicklistUpdateInput } from "./picklist.js";
import { aPicklist, refusal } from "./testing/records.js";

const started = new Date("2024-05-02T15:30:00.000Z");
const later = new Date("2024-05-02T16:45:10.000Z");
const TENIS = "TENIS A 123456-7X";
const BOTA = "BOTA C 111111-1Z";
const SANDALIA = "SANDALIA B 654321-0Y";
const ITEMS = [TENIS, SANDALIA, TENIS, BOTA];

const notStarted = aPicklist({ listItems: ITEMS });
const inProgress = startPicklist(notStarted, started);
/** The version the tablet saw before it lost the connection. */
const base = "2024-05-02T15:30:00.000Z";
const officeEditAfterBase = new Date("2024-05-02T15:40:00.000Z");
const officeEditBeforeBase = new Date("2024-05-02T15:00:00.000Z");

/** The list after a replayed change, as the API applies it; the same list when its effect is already there. */
function replayed(list: PicklistState, body: PicklistUpdateInput, officeEditedAt: Date | null = null): PicklistState {
  const judged = judgeReplayedChange(list, { baseVersion: base, ...body }, officeEditedAt);
  return judged.outcome === "apply" ? applyPicklistRequest(list, judged.request, later) : list;
}
const outcome = (list: PicklistState, body: PicklistUpdateInput, officeEditedAt: Date | null = null) =>
  judgeReplayedChange(list, { baseVersion: base, ...body }, officeEditedAt).outcome;

describe("ticks replayed on an older version", () => {
  it("merge with the other tablet's ticks of different items", () => {
    const otherTablet = replayed(inProgress, { separate: [SANDALIA] });
    const merged = replayed(otherTablet, { separate: [BOTA] });
    expect(merged).toMatchObject({ completedItems: [SANDALIA, BOTA], uncompletedItems: [TENIS, TENIS] });
  });

  it("move one copy of a repeated item each, and untick one copy back", () => {
    const once = replayed(inProgress, { separate: [TENIS] });
    expect(once).toMatchObject({ completedItems: [TENIS], uncompletedItems: [SANDALIA, TENIS, BOTA] });
    expect(replayed(once, { unseparate: [TENIS] })).toMatchObject({ completedItems: [], uncompletedItems: [SANDALIA, TENIS, BOTA, TENIS] });
  });

  it("are already applied when every copy is separated (two tablets ticked the same box)", () => {
    const ticked = replayed(inProgress, { separate: [SANDALIA] });
    expect(outcome(ticked, { separate: [SANDALIA] })).toBe("applied");
    expect(outcome(inProgress, { unseparate: [SANDALIA] })).toBe("applied");
  });

  it("are refused for a text no longer on the list (the office changed it)", () => {
    expect(refusal(() => outcome(inProgress, { separate: ["CHINELO D 222222-2W"] }))).toEqual({
      message: PICKLIST_REPLAY_MESSAGES.itemGone("CHINELO D 222222-2W"),
      kind: "conflict",
    });
  });

  it("are refused before the start and while 'Produtos indisponíveis' is on", () => {
    expect(refusal(() => outcome(notStarted, { separate: [BOTA] })).message).toBe(PICKLIST_MESSAGES.startBeforeTicking);
    expect(refusal(() => outcome(markUnavailable(inProgress), { separate: [BOTA] })).message).toBe(PICKLIST_MESSAGES.unavailableBlocksTicking);
  });

  it("asking for nothing change nothing; back to Não iniciado is refused once started", () => {
    expect(outcome(inProgress, {})).toBe("applied");
    expect(outcome(notStarted, { currentStatus: "Não iniciado" })).toBe("applied");
    expect(refusal(() => outcome(inProgress, { currentStatus: "Não iniciado" })).message).toBe(PICKLIST_MESSAGES.noWayBack);
  });

  it("never come with the whole record", () => {
    expect(refusal(() => outcome(inProgress, { separate: [BOTA], completedItems: [BOTA] }))).toEqual({ message: PICKLIST_REPLAY_MESSAGES.wholeRecord, kind: "invalid" });
  });
});

describe("'Iniciar' replayed", () => {
  it("starts a list not started", () => {
    expect(replayed(notStarted, { currentStatus: "Em andamento", baseStatus: "Não iniciado" })).toMatchObject({ currentStatus: "Em andamento", timeStarted: later });
  });

  it("is already applied on a list the other tablet started, even with 'Produtos indisponíveis' on since", () => {
    expect(outcome(inProgress, { currentStatus: "Em andamento", baseStatus: "Não iniciado" })).toBe("applied");
    expect(outcome(markUnavailable(inProgress), { currentStatus: "Em andamento", baseStatus: "Não iniciado" })).toBe("applied");
  });
});

describe("'Produtos indisponíveis' replayed", () => {
  it("switches on, and is already applied when the other tablet switched it on", () => {
    expect(replayed(inProgress, { currentStatus: "Não concluído", baseStatus: "Em andamento" })).toMatchObject({ currentStatus: "Não concluído" });
    expect(outcome(markUnavailable(inProgress), { currentStatus: "Não concluído" })).toBe("applied");
  });

  it("switches off with the ticks sent with it, and is already applied when it is off", () => {
    const off = replayed(markUnavailable(inProgress), { currentStatus: "Em andamento", baseStatus: "Não concluído", separate: [BOTA] });
    expect(off).toMatchObject({ currentStatus: "Em andamento", completedItems: [BOTA] });
    expect(outcome(inProgress, { currentStatus: "Em andamento", baseStatus: "Não concluído" })).toBe("applied");
  });

  it("is refused after the other tablet finished", () => {
    const finished = finishPicklist(inProgress, { numberTransfer: "123456" }, later);
    expect(refusal(() => outcome(finished, { currentStatus: "Não concluído" })).message).toBe(PICKLIST_MESSAGES.alreadyFinished);
  });
});

describe("'Finalizar' replayed", () => {
  const finish: PicklistUpdateInput = { currentStatus: "Concluído", numberTransfer: "123456" };

  it("is refused when the office edited the list after the version it was made on", () => {
    expect(refusal(() => outcome(inProgress, finish, officeEditAfterBase))).toEqual({ message: PICKLIST_REPLAY_MESSAGES.changedByOffice, kind: "conflict" });
  });

  it("finishes when only the store's own ticks came since, merging the ticks sent with it", () => {
    const ticked = setItemSplit(inProgress, { completedItems: [SANDALIA], uncompletedItems: [TENIS, TENIS, BOTA] });
    expect(replayed(ticked, { ...finish, separate: [BOTA] }, officeEditBeforeBase)).toMatchObject({
      currentStatus: "Concluído",
      numberTransfer: "123456",
      completedItems: [SANDALIA, BOTA],
      timeCompleted: later,
    });
  });

  it("is refused on a list already finished (a transfer number typed twice)", () => {
    const finished = finishPicklist(inProgress, { numberTransfer: "123456" }, later);
    expect(refusal(() => outcome(finished, finish))).toEqual({ message: PICKLIST_MESSAGES.alreadyFinished, kind: "conflict" });
  });

  it("with 'Produtos indisponíveis' on finishes as Não concluído", () => {
    expect(replayed(inProgress, { currentStatus: "Não concluído", timeCompleted: later.toISOString() })).toMatchObject({ currentStatus: "Não concluído", timeCompleted: later });
  });
});

describe("mergeTicks", () => {
  it("moves nothing when nothing is to move", () => {
    expect(mergeTicks(ITEMS, { completedItems: [], uncompletedItems: ITEMS }, [], [])).toBeUndefined();
  });
});
