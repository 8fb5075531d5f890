import { describe, expect, it } from "vitest";
import { SCAN_MESSAGES, scanItem, scanMatchesItem } from "./picklist-scan.js";

const RUNNER = "TENIS RUNNER 42 1234567X";
const SANDAL = "SANDALIA 37 6543210Y";
const BOOT = "BOTA COURO 40 1112229Z";

const started = (listItems: string[], completedItems: string[] = []) => {
  const uncompletedItems = [...listItems];
  for (const item of completedItems) uncompletedItems.splice(uncompletedItems.indexOf(item), 1);
  return { listItems, completedItems, uncompletedItems };
};

describe("scanning an item on a list in progress", () => {
  it("matches the product code, the code with its check characters, and the end of the text", () => {
    expect(scanMatchesItem(RUNNER, "123456")).toBe(true);
    expect(scanMatchesItem(RUNNER, "1234567X")).toBe(true);
    expect(scanMatchesItem(RUNNER, "42 1234567X")).toBe(true);
    expect(scanMatchesItem(RUNNER, " 1234567x\n")).toBe(true);
    expect(scanMatchesItem(RUNNER, "654321")).toBe(false);
    expect(scanMatchesItem(RUNNER, "")).toBe(false);
    expect(scanMatchesItem(RUNNER, "   ")).toBe(false);
  });

  it("needs at least a product code's length to match the end of the text, so a stray key ticks nothing", () => {
    expect(scanMatchesItem(RUNNER, "X")).toBe(false);
    expect(scanMatchesItem(RUNNER, "567X")).toBe(false);
    expect(scanMatchesItem(RUNNER, "34567X")).toBe(true);
    expect(scanItem(started([RUNNER]), "7X")).toEqual({ kind: "unknown" });
  });

  it("ticks the item whose product code was scanned, leaving the rest to separate", () => {
    const outcome = scanItem(started([RUNNER, SANDAL, BOOT]), "654321");
    expect(outcome).toEqual({
      kind: "separated",
      item: SANDAL,
      split: { completedItems: [SANDAL], uncompletedItems: [RUNNER, BOOT] },
    });
  });

  it("ticks by the full eight-character code and by the end of the item's text", () => {
    expect(scanItem(started([RUNNER, BOOT]), "1112229Z")).toMatchObject({ kind: "separated", item: BOOT });
    expect(scanItem(started([RUNNER, BOOT]), "COURO 40 1112229Z")).toMatchObject({ kind: "separated", item: BOOT });
  });

  it("says the code is not on the list and changes nothing", () => {
    expect(scanItem(started([RUNNER, SANDAL]), "999999")).toEqual({ kind: "unknown" });
    expect(SCAN_MESSAGES.unknown).toBe("Código não encontrado nesta lista.");
  });

  it("says a product is already separated, never unticking it", () => {
    const list = started([RUNNER, SANDAL], [RUNNER]);
    expect(scanItem(list, "123456")).toEqual({ kind: "alreadySeparated", item: RUNNER });
    expect(SCAN_MESSAGES.alreadySeparated).toBe("Produto já separado.");
  });

  it("ticks repeated items one at a time, then says they are separated", () => {
    let list = started([RUNNER, SANDAL, RUNNER]);
    const first = scanItem(list, "1234567X");
    expect(first).toMatchObject({ kind: "separated", split: { completedItems: [RUNNER], uncompletedItems: [SANDAL, RUNNER] } });
    if (first.kind !== "separated") throw new Error("not separated");
    list = { ...list, ...first.split };
    const second = scanItem(list, "1234567X");
    expect(second).toMatchObject({ kind: "separated", split: { completedItems: [RUNNER, RUNNER], uncompletedItems: [SANDAL] } });
    if (second.kind !== "separated") throw new Error("not separated");
    expect(scanItem({ ...list, ...second.split }, "1234567X")).toEqual({ kind: "alreadySeparated", item: RUNNER });
  });

  it("ticks the first item not yet separated when one code names several items", () => {
    const small = "TENIS RUNNER 38 1234567X";
    const list = started([small, SANDAL, RUNNER], [small]);
    expect(scanItem(list, "123456")).toEqual({
      kind: "separated",
      item: RUNNER,
      split: { completedItems: [small, RUNNER], uncompletedItems: [SANDAL] },
    });
    expect(scanItem(started([small, RUNNER]), "123456")).toMatchObject({ kind: "separated", item: small });
  });
});
