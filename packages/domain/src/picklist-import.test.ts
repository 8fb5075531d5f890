import { describe, expect, it } from "vitest";
import { PICKLIST_IMPORT_MESSAGES as M, planPicklistImport, picklistImportSchema } from "./picklist-import.js";

const stores = new Map([
  ["loja batel", "Loja Batel"],
  ["loja centro", "Loja Centro"],
]);
const find = (name: string) => stores.get(name.toLowerCase());

describe("planning an import of picking lists", () => {
  it("makes one list per store, in the order the stores appear, matching names without regard to case", () => {
    const plan = planPicklistImport(
      [
        { line: 2, store: "Loja Centro", item: " TENIS A 111111-1X " },
        { line: 3, store: "loja batel", item: "TENIS B 222222-2X" },
        { line: 4, store: "LOJA CENTRO", item: "TENIS C 333333-3X" },
        { line: 5, store: "", item: "" },
      ],
      find,
    );
    expect(plan).toEqual({
      lists: [
        { destination: "Loja Centro", items: ["TENIS A 111111-1X", "TENIS C 333333-3X"] },
        { destination: "Loja Batel", items: ["TENIS B 222222-2X"] },
      ],
      problems: [],
      unknownStores: [],
    });
  });

  it("says what is wrong with each bad row, and flags each unknown store once", () => {
    const plan = planPicklistImport(
      [
        { line: 2, store: "Loja Lua", item: "TENIS" },
        { line: 3, store: "", item: "TENIS" },
        { line: 4, store: "Loja Batel", item: "  " },
        { line: 5, store: "loja lua", item: "X".repeat(501) },
      ],
      find,
    );
    expect(plan.problems).toEqual([
      { line: 2, message: M.storeUnknown(2, "Loja Lua") },
      { line: 3, message: M.storeMissing(3) },
      { line: 4, message: M.itemMissing(4) },
      { line: 5, message: M.storeUnknown(5, "loja lua") },
      { line: 5, message: M.itemTooLong(5) },
    ]);
    expect(plan.unknownStores).toEqual(["Loja Lua"]);
    expect(plan.lists).toEqual([]);
  });

  it("refuses a file without rows and a list of more than 500 items", () => {
    expect(planPicklistImport([], find).problems).toEqual([{ line: null, message: M.noRows }]);
    const many = Array.from({ length: 501 }, (_, i) => ({ store: "Loja Batel", item: `ITEM ${i}` }));
    expect(planPicklistImport(many, find).problems).toEqual([{ line: null, message: M.tooManyItems("Loja Batel", 501) }]);
  });

  it("numbers rows by their position when the file's lines are not given", () => {
    expect(planPicklistImport([{ store: "Loja Batel", item: "A" }, { store: "", item: "B" }], find).problems).toEqual([{ line: 2, message: M.storeMissing(2) }]);
  });

  it("takes at most 5,000 rows, and E-commerce as the sender", () => {
    const parsed = picklistImportSchema.parse({ rows: [] });
    expect(parsed).toEqual({ dryRun: false, sender: "E-commerce", rows: [] });
    const result = picklistImportSchema.safeParse({ rows: Array.from({ length: 5001 }, () => ({ store: "a", item: "b" })) });
    expect(result.error?.issues[0]?.message).toBe(M.tooManyRows);
  });
});
