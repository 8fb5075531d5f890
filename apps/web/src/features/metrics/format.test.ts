import { describe, expect, it } from "vitest";
import { formatChange, formatRate, formatSeconds } from "./format";
import { daysBefore, periodOf, previousPeriod } from "./period";

describe("the dashboards' figures in pt-BR", () => {
  it("reads durations as people say them", () => {
    expect(formatSeconds(null)).toBe("—");
    expect(formatSeconds(45)).toBe("45 s");
    expect(formatSeconds(150)).toBe("3 min");
    expect(formatSeconds(3 * 3600 + 5 * 60)).toBe("3 h 05 min");
    expect(formatSeconds(52 * 3600)).toBe("2 d 4 h");
  });

  it("writes rates and changes with a decimal comma", () => {
    expect(formatRate(0.625)).toBe("62,5%");
    expect(formatRate(null)).toBe("—");
    expect(formatChange(112, 100)).toBe("+12%");
    expect(formatChange(95, 100)).toBe("−5%");
    expect(formatChange(100, 100)).toBe("igual");
    expect(formatChange(5, 0)).toBeNull();
    expect(formatChange(null, 3)).toBeNull();
  });
});

describe("periods", () => {
  it("counts today, 7 and 30 days back from today, and the previous period of the same length", () => {
    expect(periodOf("today", "2026-03-01")).toEqual({ kind: "today", from: "2026-03-01", to: "2026-03-01" });
    expect(periodOf("7", "2026-03-01")).toEqual({ kind: "7", from: "2026-02-23", to: "2026-03-01" });
    expect(periodOf("30", "2026-03-30")).toMatchObject({ from: "2026-03-01" });
    expect(previousPeriod("2026-03-01", "2026-03-30")).toEqual({ from: "2026-01-30", to: "2026-02-28" });
    expect(daysBefore("2024-03-01", 1)).toBe("2024-02-29");
  });
});
