import { describe, expect, it } from "vitest";
import { dateRange, startOfDayIn } from "./dates.js";

const SP = "America/Sao_Paulo";

describe("whole days in APP_TIMEZONE", () => {
  it("start at local midnight, the same instant however often they are asked", () => {
    expect(startOfDayIn("2026-11-22", SP).toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfDayIn("2026-11-22", SP).toISOString()).toBe("2026-11-22T03:00:00.000Z");
    expect(startOfDayIn("2026-11-22", "UTC").toISOString()).toBe("2026-11-22T00:00:00.000Z");
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

  it("refuse a day that does not exist, in Portuguese", () => {
    expect(() => startOfDayIn("2026-02-30", SP)).toThrow("Data inválida. Use AAAA-MM-DD.");
    expect(() => dateRange(undefined, "2026-13-01", SP)).toThrow("Data inválida. Use AAAA-MM-DD.");
  });
});
