import { describe, expect, it } from "vitest";
import {
  PICKLIST_MESSAGES,
  canDeletePicklist,
  canEditPicklist,
  canFinishPicklist,
  canStartPicklist,
  canSwitchUnavailable,
  canTickPicklist,
  editPicklist,
  finishPicklist,
  isPartitionOf,
  markUnavailable,
  notFoundItems,
  picklistAlertKind,
  picklistCreateSchema,
  picklistSchema,
  picklistUpdateSchema,
  progressPercent,
  restoreAvailable,
  setItemSplit,
  startPicklist,
  tickItems,
  type PicklistState,
} from "./picklist.js";
import { aPicklist, refusal } from "./testing/records.js";

const sent = new Date("2024-05-02T12:00:00.000Z");
const now = new Date("2024-05-02T15:30:00.000Z");
const later = new Date("2024-05-02T16:45:10.000Z");

/** The list of these stories, sent at `sent`. */
const newList = (overrides: Partial<PicklistState> = {}) => aPicklist({ sendDate: sent, ...overrides });

const started = () => startPicklist(newList(), now);

describe("creating a list", () => {
  it("defaults the sender, trims the items and drops what the server sets", () => {
    const input = picklistCreateSchema.parse({
      destination: " Loja Centro ",
      listItems: ["  TENIS A 123456-7X  "],
      sendDate: "1999-01-01T00:00:00Z",
      timeStarted: "",
      timeCompleted: "",
      completedItems: ["x"],
      uncompletedItems: ["y"],
      numberTransfer: "123",
      currentStatus: "Não iniciado",
    });
    expect(input).toEqual({ sender: "E-commerce", destination: "Loja Centro", listItems: ["TENIS A 123456-7X"], currentStatus: "Não iniciado" });
  });

  it.each([
    [{ listItems: ["a"] }, "Selecione a loja de destino."],
    [{ destination: "   ", listItems: ["a"] }, "Selecione a loja de destino."],
    [{ destination: "Loja", listItems: [] }, "Adicione ao menos um item à lista."],
    [{ destination: "Loja" }, "Adicione ao menos um item à lista."],
    [{ destination: "Loja", listItems: ["  "] }, "Informe o item."],
    [{ destination: "Loja", listItems: ["a"], sender: " " }, "Informe o remetente."],
    [{ destination: "Loja", listItems: ["a"], currentStatus: "Em andamento" }, "Uma nova lista de separação começa com o status Não iniciado."],
    [{ destination: "Loja", listItems: ["a"], currentStatus: "" }, "Uma nova lista de separação começa com o status Não iniciado."],
  ])("refuses %j with '%s'", (body, message) => {
    const result = picklistCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe("the update body", () => {
  it("takes the whole record back, timestamps as ISO strings, empty strings or null", () => {
    const body = picklistUpdateSchema.parse({
      id: "ignored",
      sender: "E-commerce",
      destination: "Loja Centro",
      sendDate: "2024-05-02T12:00:00.000Z",
      timeStarted: "",
      timeCompleted: null,
      listItems: [" a "],
      completedItems: [],
      uncompletedItems: ["a"],
      numberTransfer: " 123456 ",
      currentStatus: "Em andamento",
    });
    expect(body).toMatchObject({ timeStarted: "", timeCompleted: null, listItems: ["a"], numberTransfer: "123456" });
    expect(body).not.toHaveProperty("id");
  });

  it("accepts an empty body and refuses unknown statuses and garbled dates", () => {
    expect(picklistUpdateSchema.parse({})).toEqual({});
    expect(picklistUpdateSchema.safeParse({ currentStatus: "Pronto" }).error?.issues[0]?.message).toBe("Status inválido.");
    expect(picklistUpdateSchema.safeParse({ timeCompleted: "ontem" }).error?.issues[0]?.message).toBe("Data inválida.");
    expect(picklistUpdateSchema.safeParse({ listItems: [] }).error?.issues[0]?.message).toBe("Adicione ao menos um item à lista.");
    expect(picklistUpdateSchema.safeParse({ completedItems: "a" }).error?.issues[0]?.message).toBe("Os itens separados e não separados devem ser listas de itens.");
    expect(picklistUpdateSchema.safeParse({ numberTransfer: 123456 }).error?.issues[0]?.message).toBe("O número da transferência deve conter 6 dígitos.");
    expect(picklistUpdateSchema.safeParse([]).error?.issues[0]?.message).toBe("Envie os dados da lista de separação como um objeto JSON.");
    expect(picklistCreateSchema.safeParse(null).error?.issues[0]?.message).toBe("Envie os dados da lista de separação como um objeto JSON.");
  });
});

describe("the wire schema", () => {
  it("encodes dates as ISO strings and leaves unset ones null", () => {
    const wire = picklistSchema.encode({ id: "1", number: 1, ...started(), previousDestinations: undefined } as never);
    expect(wire).toMatchObject({ number: 1, sendDate: "2024-05-02T12:00:00.000Z", timeStarted: "2024-05-02T15:30:00.000Z", timeCompleted: null });
    expect(wire).not.toHaveProperty("previousDestinations");
  });
});

describe("starting", () => {
  it("sets timeStarted, moves every item to uncompleted and goes Em andamento", () => {
    const list = started();
    expect(list).toMatchObject({ currentStatus: "Em andamento", timeStarted: now, completedItems: [] });
    expect(list.uncompletedItems).toEqual(newList().listItems);
  });

  it("happens once", () => {
    expect(refusal(() => startPicklist(started(), later))).toEqual({ message: PICKLIST_MESSAGES.alreadyStarted, kind: "conflict" });
    expect(refusal(() => startPicklist(markUnavailable(started()), later)).message).toBe(PICKLIST_MESSAGES.alreadyStarted);
    const finished = finishPicklist(started(), { numberTransfer: "123456" }, later);
    expect(refusal(() => startPicklist(finished, later)).message).toBe(PICKLIST_MESSAGES.alreadyFinished);
  });
});

describe("ticking items", () => {
  it("moves one occurrence of an item at a time, and back", () => {
    const once = tickItems(started(), ["TENIS A 123456-7X"]);
    expect(once.completedItems).toEqual(["TENIS A 123456-7X"]);
    expect(once.uncompletedItems).toEqual(["SANDALIA B 654321-0Y", "TENIS A 123456-7X"]);
    const twice = tickItems(once, ["TENIS A 123456-7X"]);
    expect(twice.completedItems).toEqual(["TENIS A 123456-7X", "TENIS A 123456-7X"]);
    expect(twice.uncompletedItems).toEqual(["SANDALIA B 654321-0Y"]);
    const back = tickItems(tickItems(started(), ["SANDALIA B 654321-0Y"]), ["SANDALIA B 654321-0Y"]);
    expect(back.completedItems).toEqual([]);
  });

  it("refuses an item that is not on the list", () => {
    expect(refusal(() => tickItems(started(), ["OUTRO"]))).toEqual({ message: PICKLIST_MESSAGES.itemNotInList, kind: "invalid" });
  });

  it("takes any split that holds exactly the list's items, repeats included", () => {
    const split = { completedItems: ["TENIS A 123456-7X", "TENIS A 123456-7X"], uncompletedItems: ["SANDALIA B 654321-0Y"] };
    expect(setItemSplit(started(), split)).toMatchObject(split);
    const missing = { completedItems: ["TENIS A 123456-7X"], uncompletedItems: ["SANDALIA B 654321-0Y"] };
    expect(refusal(() => setItemSplit(started(), missing))).toEqual({ message: PICKLIST_MESSAGES.splitMismatch, kind: "invalid" });
    const extra = { ...split, uncompletedItems: ["SANDALIA B 654321-0Y", "OUTRO"] };
    expect(refusal(() => setItemSplit(started(), extra)).kind).toBe("invalid");
  });

  it("only while in progress", () => {
    const split = { completedItems: [], uncompletedItems: newList().listItems };
    expect(refusal(() => setItemSplit(newList(), split)).message).toBe(PICKLIST_MESSAGES.startBeforeTicking);
    expect(refusal(() => setItemSplit(markUnavailable(started()), split)).message).toBe(PICKLIST_MESSAGES.unavailableBlocksTicking);
    const finished = finishPicklist(started(), { numberTransfer: "123456" }, later);
    expect(refusal(() => setItemSplit(finished, split)).message).toBe(PICKLIST_MESSAGES.alreadyFinished);
  });

  it("checks partitions as multisets", () => {
    expect(isPartitionOf(["a", "a", "b"], { completedItems: ["a"], uncompletedItems: ["b", "a"] })).toBe(true);
    expect(isPartitionOf(["a", "a", "b"], { completedItems: ["a"], uncompletedItems: ["b", "b"] })).toBe(false);
    expect(isPartitionOf([], { completedItems: [], uncompletedItems: [] })).toBe(true);
  });
});

describe("'Produtos indisponíveis'", () => {
  it("on: Não concluído with every item uncompleted", () => {
    const list = markUnavailable(tickItems(started(), ["SANDALIA B 654321-0Y"]));
    expect(list).toMatchObject({ currentStatus: "Não concluído", completedItems: [], uncompletedItems: newList().listItems });
  });

  it("on: refused before start, twice, or after finishing", () => {
    expect(refusal(() => markUnavailable(newList())).message).toBe(PICKLIST_MESSAGES.startBeforeUnavailable);
    expect(refusal(() => markUnavailable(markUnavailable(started()))).message).toBe(PICKLIST_MESSAGES.alreadyUnavailable);
    const finished = finishPicklist(started(), { numberTransfer: "123456" }, later);
    expect(refusal(() => markUnavailable(finished)).message).toBe(PICKLIST_MESSAGES.alreadyFinished);
  });

  it("off: back to Em andamento with the split the client kept", () => {
    const split = { completedItems: ["SANDALIA B 654321-0Y"], uncompletedItems: ["TENIS A 123456-7X", "TENIS A 123456-7X"] };
    expect(restoreAvailable(markUnavailable(started()), split)).toMatchObject({ currentStatus: "Em andamento", ...split });
    expect(restoreAvailable(markUnavailable(started()))).toMatchObject({ currentStatus: "Em andamento", completedItems: [] });
  });

  it("off: refused unless the switch is on, or with a split that is not the list", () => {
    expect(refusal(() => restoreAvailable(started())).message).toBe(PICKLIST_MESSAGES.notUnavailable);
    expect(refusal(() => restoreAvailable(newList())).message).toBe(PICKLIST_MESSAGES.notUnavailable);
    const bad = { completedItems: [], uncompletedItems: ["OUTRO"] };
    expect(refusal(() => restoreAvailable(markUnavailable(started()), bad)).kind).toBe("invalid");
    const failed = finishPicklist(markUnavailable(started()), {}, later);
    expect(refusal(() => restoreAvailable(failed)).message).toBe(PICKLIST_MESSAGES.alreadyFinished);
  });
});

describe("finishing", () => {
  it("from Em andamento: Concluído with a 6-digit transfer number and timeCompleted = now", () => {
    const list = finishPicklist(started(), { numberTransfer: " 012345 " }, later);
    expect(list).toMatchObject({ currentStatus: "Concluído", numberTransfer: "012345", timeCompleted: later, timeStarted: now });
  });

  it.each([[undefined], [null], [""], ["12345"], ["1234567"], ["12345a"], ["12 345"]])("refuses transfer number %j for Concluído", (numberTransfer) => {
    expect(refusal(() => finishPicklist(started(), { numberTransfer }, later))).toEqual({
      message: "O número da transferência deve conter 6 dígitos.",
      kind: "invalid",
    });
  });

  it("from Não concluído: stays Não concluído and needs no transfer number", () => {
    const list = finishPicklist(markUnavailable(started()), { numberTransfer: "" }, later);
    expect(list).toMatchObject({ currentStatus: "Não concluído", numberTransfer: null, timeCompleted: later });
    expect(finishPicklist(markUnavailable(started()), { numberTransfer: "654321" }, later).numberTransfer).toBe("654321");
    expect(refusal(() => finishPicklist(markUnavailable(started()), { numberTransfer: "12" }, later)).kind).toBe("invalid");
  });

  it("refuses a list not started or already finished", () => {
    expect(refusal(() => finishPicklist(newList(), { numberTransfer: "123456" }, later)).message).toBe(PICKLIST_MESSAGES.startBeforeFinishing);
    const done = finishPicklist(started(), { numberTransfer: "123456" }, later);
    expect(refusal(() => finishPicklist(done, { numberTransfer: "123456" }, later))).toEqual({ message: PICKLIST_MESSAGES.alreadyFinished, kind: "conflict" });
  });
});

describe("whether 'Finalizar' may be pressed", () => {
  it("agrees with finishing itself, for every state and transfer number", () => {
    const finished = finishPicklist(started(), { numberTransfer: "123456" }, later);
    const lists = [newList(), started(), markUnavailable(started()), finished];
    for (const list of lists) {
      for (const numberTransfer of [undefined, null, "", "12345", " 654321 ", "65432a"]) {
        let finishes = true;
        try {
          finishPicklist(list, { numberTransfer }, later);
        } catch {
          finishes = false;
        }
        expect(canFinishPicklist(list, numberTransfer), `${list.currentStatus} ${JSON.stringify(numberTransfer)}`).toBe(finishes);
      }
    }
    expect(canFinishPicklist(started(), "654321")).toBe(true);
    expect(canFinishPicklist(started(), "")).toBe(false);
    expect(canFinishPicklist(markUnavailable(started()), null)).toBe(true);
    expect(canFinishPicklist(newList(), "654321")).toBe(false);
  });
});

describe("what the store's card and the office's table enable", () => {
  const goes = (move: () => unknown) => {
    try {
      move();
      return true;
    } catch {
      return false;
    }
  };

  it("agrees with the moves themselves, for every state", () => {
    const lists = [newList(), started(), markUnavailable(started()), finishPicklist(started(), { numberTransfer: "123456" }, later), finishPicklist(markUnavailable(started()), {}, later)];
    for (const list of lists) {
      const state = `${list.currentStatus} ${list.timeCompleted ? "finished" : "open"}`;
      expect(canStartPicklist(list), state).toBe(goes(() => startPicklist(list, later)));
      expect(canTickPicklist(list), state).toBe(goes(() => setItemSplit(list, { completedItems: [], uncompletedItems: list.listItems })));
      expect(canSwitchUnavailable(list), state).toBe(goes(() => markUnavailable(list)) || goes(() => restoreAvailable(list)));
      expect(canEditPicklist(list), state).toBe(goes(() => editPicklist(list, {}, later)));
      expect(canDeletePicklist(list), state).toBe(canEditPicklist(list));
    }
  });
});

describe("the administrator's edit", () => {
  it("changes items and sender without touching sendDate", () => {
    const list = editPicklist(newList(), { sender: "CD Sul", listItems: ["NOVO"] }, later);
    expect(list).toMatchObject({ sender: "CD Sul", listItems: ["NOVO"], sendDate: sent, previousDestinations: [] });
  });

  it("redirects: sendDate = now and the old store is remembered once", () => {
    const moved = editPicklist(newList(), { destination: "Loja Norte" }, later);
    expect(moved).toMatchObject({ destination: "Loja Norte", sendDate: later, previousDestinations: ["Loja Centro"] });
    const back = editPicklist(editPicklist(moved, { destination: "Loja Centro" }, later), { destination: "Loja Norte" }, later);
    expect(back.previousDestinations).toEqual(["Loja Centro", "Loja Norte"]);
    const same = editPicklist(newList(), { destination: "Loja Centro" }, later);
    expect(same.sendDate).toBe(sent);
    expect(editPicklist({ ...newList(), previousDestinations: undefined }, { destination: "Loja Sul" }, later).previousDestinations).toEqual(["Loja Centro"]);
  });

  it("only before the store starts", () => {
    expect(refusal(() => editPicklist(started(), { sender: "x" }, later))).toEqual({ message: PICKLIST_MESSAGES.editOnlyNotStarted, kind: "conflict" });
    expect(refusal(() => editPicklist(markUnavailable(started()), {}, later)).message).toBe(PICKLIST_MESSAGES.editOnlyNotStarted);
  });

  it("deletes only lists not started", () => {
    expect(canDeletePicklist(newList())).toBe(true);
    expect(canDeletePicklist(started())).toBe(false);
    expect(canDeletePicklist(markUnavailable(started()))).toBe(false);
    expect(canDeletePicklist(finishPicklist(started(), { numberTransfer: "123456" }, later))).toBe(false);
  });
});

describe("what the screens show", () => {
  it("progress is completed over total, rounded", () => {
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(1, 8)).toBe(13);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 3)).toBe(100);
  });

  it("notification kind is alert before start, reminder after", () => {
    expect(picklistAlertKind("Não iniciado")).toBe("alert");
    expect(picklistAlertKind("Em andamento")).toBe("reminder");
    expect(picklistAlertKind("Concluído")).toBe("reminder");
    expect(picklistAlertKind("Não concluído")).toBe("reminder");
  });

  it("not-found items come only from Concluído or Não concluído lists", () => {
    const partial = finishPicklist(tickItems(started(), ["TENIS A 123456-7X", "TENIS A 123456-7X"]), { numberTransfer: "123456" }, later);
    expect(notFoundItems(partial)).toEqual([{ destination: "Loja Centro", sendDate: sent, item: "SANDALIA B 654321-0Y" }]);
    const failed = finishPicklist(markUnavailable(started()), {}, later);
    expect(notFoundItems(failed)).toHaveLength(3);
    expect(notFoundItems(started())).toEqual([]);
    expect(notFoundItems(markUnavailable(started()))).toHaveLength(3);
    expect(notFoundItems(newList())).toEqual([]);
    const complete = finishPicklist(tickItems(started(), newList().listItems), { numberTransfer: "123456" }, later);
    expect(notFoundItems(complete)).toEqual([]);
  });
});
