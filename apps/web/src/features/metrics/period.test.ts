import { describe, expect, it } from "vitest";
import { periodFromParams, periodParams } from "./period";

describe("periodFromParams", () => {
  it("reads a relative period against today, and a range as its days", () => {
    expect(periodFromParams(new URLSearchParams("period=7"), "2026-03-10")).toEqual({ kind: "7", from: "2026-03-04", to: "2026-03-10" });
    expect(periodFromParams(new URLSearchParams("period=range&from=2026-01-01&to=2026-01-31"), "2026-03-10")).toEqual({ kind: "range", from: "2026-01-01", to: "2026-01-31" });
  });

  it("falls back to the last 30 days without a period or with a bad one", () => {
    const last30 = { kind: "30", from: "2026-02-09", to: "2026-03-10" };
    expect(periodFromParams(new URLSearchParams(""), "2026-03-10")).toEqual(last30);
    expect(periodFromParams(new URLSearchParams("period=range&from=2026-02-30x&to=2026-01-01"), "2026-03-10")).toEqual(last30);
    expect(periodFromParams(new URLSearchParams("period=range&from=2026-03-05&to=2026-03-01"), "2026-03-10")).toEqual(last30);
  });

  it("round-trips through periodParams", () => {
    const range = { kind: "range" as const, from: "2026-01-01", to: "2026-01-31" };
    expect(periodFromParams(new URLSearchParams(periodParams(range)))).toEqual(range);
  });
});
