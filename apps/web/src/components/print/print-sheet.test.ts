import { describe, expect, it } from "vitest";
import { printPages } from "./print-sheet";

describe("printed pages", () => {
  it("put a fixed number of rows on each page, the rest on the last", () => {
    const rows = Array.from({ length: 25 }, (_, n) => `item ${n + 1}`);
    const pages = printPages(rows, 12);
    expect(pages.map((page) => page.length)).toEqual([12, 12, 1]);
    expect(pages.flat()).toEqual(rows);
  });

  it("fill exactly as many pages as needed", () => {
    expect(printPages(Array.from({ length: 24 }, (_, n) => n), 12)).toHaveLength(2);
  });

  it("print one page even with no rows", () => {
    expect(printPages([], 12)).toEqual([[]]);
  });
});
