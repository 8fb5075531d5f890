import { describe, expect, it } from "vitest";
import { fillDays, splitRanking } from "./series";

describe("fillDays", () => {
  it("gives every day of the period, a day without lists as zero with no median", () => {
    const days = fillDays([{ day: "2026-03-02", byStatus: { Concluído: 2 }, picklistsSent: 2, medianPickSeconds: 300 }], "2026-03-01", "2026-03-03");
    expect(days).toEqual([
      { day: "2026-03-01", byStatus: {}, picklistsSent: 0, medianPickSeconds: null },
      { day: "2026-03-02", byStatus: { Concluído: 2 }, picklistsSent: 2, medianPickSeconds: 300 },
      { day: "2026-03-03", byStatus: {}, picklistsSent: 0, medianPickSeconds: null },
    ]);
  });

  it("crosses a month's end", () => {
    expect(fillDays([], "2026-02-27", "2026-03-02").map((d) => d.day)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});

describe("splitRanking", () => {
  const stores = (n: number) => Array.from({ length: n }, (_, i) => `L${i + 1}`);

  it("shows the five slowest and the five fastest, fastest first", () => {
    expect(splitRanking(stores(12))).toEqual({ slowest: ["L1", "L2", "L3", "L4", "L5"], fastest: ["L12", "L11", "L10", "L9", "L8"] });
  });

  it("with fewer than ten stores splits them, no store in both", () => {
    expect(splitRanking(stores(7))).toEqual({ slowest: ["L1", "L2", "L3", "L4"], fastest: ["L7", "L6", "L5"] });
    expect(splitRanking(stores(1))).toEqual({ slowest: ["L1"], fastest: [] });
    expect(splitRanking([])).toEqual({ slowest: [], fastest: [] });
  });
});
