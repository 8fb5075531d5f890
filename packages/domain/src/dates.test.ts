import { describe, expect, it } from "vitest";
import { dateRange, dayIn, formatDuration, startOfDayIn, todayIn } from "./dates.js";
import { RuleViolation } from "./errors.js";

const SP = "America/Sao_Paulo";

describe("whole days in a time zone", () => {
  it("start at local midnight, the same instant however often they are asked", () => {
    expect(startOfDayIn("2026-11-22", SP).toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfDayIn("2026-11-22", SP).toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfDayIn("2026-11-22", "UTC").toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(startOfDayIn("2025-07-01", "Europe/Lisbon").toISOString()).toBe("2025-06-30T23:00:00.000Z");
  });

  it("name the day an instant falls on there, today included", () => {
    // 23:59 of the 9th in São Paulo, already the 10th in UTC.
    expect(dayIn(new Date("2025-03-10T02:59:00.000Z"), SP)).toBe("2025-03-09");
    expect(todayIn(SP, new Date("2025-03-10T03:00:00.000Z"))).toBe("2025-03-10");
  });

  it("make an inclusive from/to range half-open, up to the next day's start", () => {
    expect(dateRange("2026-10-24", "2026-11-22", SP)).toEqual({
      gte: new Date("2026-10-24T03:00:00.000Z"),
      lt: new Date("2026-11-23T03:00:00.000Z"),
    });
    // a day on which clocks moved (São Paulo kept summer time until 2019): 23 hours long
    expect(dateRange("2018-11-04", "2018-11-04", SP)).toEqual({
      gte: new Date("2018-11-04T03:00:00.000Z"),
      lt: new Date("2018-11-05T02:00:00.000Z"),
    });
  });

  it("refuse a day that does not exist, in Portuguese, as invalid input", () => {
    expect(() => startOfDayIn("2026-02-30", SP)).toThrow("Data inválida. Use AAAA-MM-DD.");
    expect(() => dateRange(undefined, "2026-13-01", SP)).toThrow("Data inválida. Use AAAA-MM-DD.");
    expect(() => dateRange("ontem", undefined, SP)).toThrow(new RuleViolation("Data inválida. Use AAAA-MM-DD.", "invalid"));
  });
});

describe("a duration", () => {
  const now = new Date("2024-05-02T15:30:00.000Z");
  const later = new Date("2024-05-02T16:45:10.000Z");

  it("is h:m:s from start to end, only when both exist", () => {
    expect(formatDuration(now, later)).toBe("01:15:10");
    expect(formatDuration(now, now)).toBe("00:00:00");
    expect(formatDuration(now, new Date(now.getTime() + 26 * 3600_000 + 59_999))).toBe("26:00:59");
    expect(formatDuration(now, null)).toBeNull();
    expect(formatDuration(undefined, later)).toBeNull();
  });
});
