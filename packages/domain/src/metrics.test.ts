import { describe, expect, it } from "vitest";
import { medianOf, medianStore, notFoundProductItem, notFoundProductName, notFoundSizesLabel, type ChainMetrics } from "./metrics.js";

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

describe("a product not found, as the screens name it", () => {
  const bySku = { key: "48213042", sku: "48213042", reference: "482130", description: "TÊNIS RUNNER MASC PRETO", size: "42", color: "PRETO", count: 3 };
  const byModel = { ...bySku, key: "482130", sku: null, size: null, count: 5, sizes: [{ size: "40", sku: "48213040", count: 2 }, { size: null, sku: "48213099", count: 3 }] };
  const typed = { key: "SANDALIA 37 11112201", sku: null, reference: null, description: "SANDALIA 37 11112201", size: null, color: null, count: 1 };

  it("stands for the item text made from its product, or for its own text when it is not from the catalog", () => {
    expect(notFoundProductItem(bySku)).toBe("TÊNIS RUNNER MASC PRETO 42 48213042");
    expect(notFoundProductItem(typed)).toBe("SANDALIA 37 11112201");
  });

  it("is named by SKU with its size, by model with its reference, or by its text", () => {
    expect(notFoundProductName(bySku, "sku")).toBe("TÊNIS RUNNER MASC PRETO 42 · SKU 48213042");
    expect(notFoundProductName(byModel, "reference")).toBe("TÊNIS RUNNER MASC PRETO · Ref. 482130");
    expect(notFoundProductName(typed, "reference")).toBe("SANDALIA 37 11112201");
  });

  it("lists a model's sizes with their counts, a size not given by its SKU", () => {
    expect(notFoundSizesLabel(byModel)).toBe("40 (2) · 48213099 (3)");
    expect(notFoundSizesLabel(bySku)).toBe("");
  });
});
