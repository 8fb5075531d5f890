import { describe, expect, it } from "vitest";
import { csvDate } from "./csv.js";

/** The date as the time zone's own clock reads it, formatted afresh each time. */
function reference(instant: number, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

describe("csvDate", () => {
  it("writes dd/MM/yyyy HH:mm:ss in the chain's time zone, empty for no date", () => {
    expect(csvDate(new Date("2026-03-10T15:04:05Z"), "America/Sao_Paulo")).toBe("10/03/2026 12:04:05");
    expect(csvDate("2026-03-01T02:59:59.999Z", "America/Sao_Paulo")).toBe("28/02/2026 23:59:59");
    expect(csvDate(null, "America/Sao_Paulo")).toBe("");
  });

  it("reads every second around changes of offset as the zone's clock does, whole-hour, half-hour and odd zones alike", () => {
    const around = [
      ["America/Sao_Paulo", "2018-11-04T03:00:00Z"], // daylight saving began in Brazil
      ["America/Sao_Paulo", "2019-02-17T02:00:00Z"], // and ended
      ["Europe/London", "2026-03-29T01:00:00Z"],
      ["Asia/Kolkata", "2026-03-10T00:00:00Z"], // +05:30
      ["Australia/Lord_Howe", "2026-04-04T15:00:00Z"], // half an hour of daylight saving
      ["America/Sao_Paulo", "1913-12-31T23:00:00Z"], // local mean time, an offset with seconds
    ] as const;
    for (const [zone, at] of around) {
      const start = Date.parse(at) - 2 * 3_600_000;
      for (let instant = start; instant < start + 4 * 3_600_000; instant += 7_000) {
        expect(csvDate(new Date(instant), zone), `${zone} ${new Date(instant).toISOString()}`).toBe(reference(instant, zone));
      }
    }
  });
});
