import { describe, expect, it } from "vitest";
import { medianOf, medianStore, type ChainMetrics } from "./metrics.js";

const store = (overrides: Partial<ChainMetrics>): ChainMetrics => ({
  picklistsSent: 0,
  picklistsFinished: 0,
  medianStartSeconds: null,
  medianPickSeconds: null,
  fillRate: null,
  notFoundItems: 0,
  pickupsWaiting: 0,
  pickupsOverdue: 0,
  returnsReceived: 0,
  returnsRefused: 0,
  ...overrides,
});

describe("medianOf", () => {
  it("takes the middle value, or the mean of the two middle ones, leaving nulls out", () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(medianOf([null, 5, null])).toBe(5);
    expect(medianOf([null])).toBeNull();
    expect(medianOf([])).toBeNull();
  });
});

describe("medianStore", () => {
  it("is the median of the stores' figures, not the chain's sum: one busy store does not drag it", () => {
    const stores = [store({ picklistsSent: 100 }), store({ picklistsSent: 2 }), store({ picklistsSent: 4 })];
    expect(medianStore(stores).picklistsSent).toBe(4);
  });

  it("counts every store's count, zeros included, and a time only over the stores that have one", () => {
    const stores = [store({ returnsRefused: 0, medianPickSeconds: 600 }), store({ returnsRefused: 0 }), store({ returnsRefused: 3, medianPickSeconds: 1200 })];
    const median = medianStore(stores);
    expect(median.returnsRefused).toBe(0);
    expect(median.medianPickSeconds).toBe(900);
    expect(median.fillRate).toBeNull();
  });

  it("is all zeros and nulls for a chain without stores", () => {
    expect(medianStore([])).toMatchObject({ picklistsSent: 0, medianPickSeconds: null });
  });
});
