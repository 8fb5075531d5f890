import { z } from "zod";
import { productItemText } from "./catalog.js";

/**
 * The chain's figures per store over a period: lists by their send date, returns by their
 * creation, pickups waiting now whatever the dates. Medians are continuous (the mean of the two
 * middle values for an even count); a median or rate over nothing is null.
 */
export const storeMetricsSchema = z.object({
  store: z.string(),
  picklistsSent: z.number().int(),
  picklistsFinished: z.number().int(),
  medianStartSeconds: z.number().nullable(),
  medianPickSeconds: z.number().nullable(),
  fillRate: z.number().nullable(),
  notFoundItems: z.number().int(),
  pickupsWaiting: z.number().int(),
  pickupsOverdue: z.number().int(),
  returnsReceived: z.number().int(),
  returnsRefused: z.number().int(),
});
export type StoreMetrics = z.infer<typeof storeMetricsSchema>;

/** The same figures over the whole chain (every store together): what a store compares itself with. */
export const chainMetricsSchema = storeMetricsSchema.omit({ store: true });
export type ChainMetrics = z.infer<typeof chainMetricsSchema>;

/** One calendar day (YYYY-MM-DD in the chain's time zone) of the lists sent. */
export const dailyMetricsSchema = z.object({
  day: z.string(),
  /** Lists sent that day, by their status now. */
  byStatus: z.record(z.string(), z.number().int()),
  picklistsSent: z.number().int(),
  medianPickSeconds: z.number().nullable(),
});
export type DailyMetrics = z.infer<typeof dailyMetricsSchema>;

/** A product left unfound in finished lists, and how many times. */
export const notFoundProductSchema = z.object({ item: z.string(), count: z.number().int() });
export type NotFoundProduct = z.infer<typeof notFoundProductSchema>;

/**
 * 'Produtos não encontrados' by product: an item made from the catalog counts under its SKU (or, by
 * reference, under its model, with a count per size); any other item under its own text, with no SKU.
 */
export const NOT_FOUND_GROUPINGS = ["sku", "reference"] as const;
export type NotFoundGrouping = (typeof NOT_FOUND_GROUPINGS)[number];

export const notFoundByProductSchema = z.object({
  /** The SKU, the reference, or the item's text when it is not from the catalog. */
  key: z.string(),
  sku: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  count: z.number().int(),
  /** By reference: each size's count, sizes in order. */
  sizes: z.array(z.object({ size: z.string().nullable(), sku: z.string(), count: z.number().int() })).optional(),
});
export type NotFoundByProduct = z.infer<typeof notFoundByProductSchema>;

/** The item text a row stands for: the catalog product's, or the text itself of an item not from the catalog. */
export function notFoundProductItem(row: NotFoundByProduct): string {
  return row.sku ? productItemText({ sku: row.sku, description: row.description, size: row.size }) : row.key;
}

/** A row's name: 'TÊNIS RUNNER MASC PRETO 42 · SKU 48213042', 'TÊNIS RUNNER MASC PRETO · Ref. 482130', or the item's text. */
export function notFoundProductName(row: NotFoundByProduct, by: NotFoundGrouping): string {
  if (by === "reference" && row.reference) return `${row.description} · Ref. ${row.reference}`;
  if (row.sku) return `${row.description}${row.size ? ` ${row.size}` : ""} · SKU ${row.sku}`;
  return row.key;
}

/** A model's sizes and their counts: '38 (2) · 40 (1)'. */
export function notFoundSizesLabel(row: NotFoundByProduct, formatCount: (count: number) => string = String): string {
  return (row.sizes ?? []).map((s) => `${s.size ?? s.sku} (${formatCount(s.count)})`).join(" · ");
}

export const NOT_FOUND_PRODUCTS_CSV_HEADER = ["SKU", "Referência", "Descrição", "Tamanho", "Cor", "Não encontrados"] as const;

/** The same number of days just before a period, for 'change against the previous period'. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / 86_400_000) + 1;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * 86_400_000), to: day(start - 86_400_000) };
}

/** How long a pickup has waited, in whole days since it became 'Aguardando retirada': the charts' four bands. */
export const PICKUP_AGE_BANDS = [
  { key: "days0to2", label: "0–2 dias", minDays: 0 },
  { key: "days3to6", label: "3–6 dias", minDays: 3 },
  { key: "days7to14", label: "7–14 dias", minDays: 7 },
  { key: "days15plus", label: "15 dias ou mais", minDays: 15 },
] as const;
export type PickupAgeBand = (typeof PICKUP_AGE_BANDS)[number]["key"];

const bandCounts = { days0to2: z.number(), days3to6: z.number(), days7to14: z.number(), days15plus: z.number() };

/** A store's pickups waiting now, counted by band. */
export const pickupAgeSchema = z.object({
  store: z.string(),
  days0to2: z.number().int(),
  days3to6: z.number().int(),
  days7to14: z.number().int(),
  days15plus: z.number().int(),
});
export type PickupAge = z.infer<typeof pickupAgeSchema>;

/** `GET /api/metrics/pickups-age`: each visible store's bands, and the median store's (over every store, zeros included). */
export const pickupsAgeResponseSchema = z.object({ stores: z.array(pickupAgeSchema), chainMedian: z.object(bandCounts) });
export type PickupsAgeResponse = z.infer<typeof pickupsAgeResponseSchema>;

/** Returns refused in a period for one reason: the visible stores' count and the median store's. */
export const refusalReasonCountSchema = z.object({ reason: z.string(), count: z.number().int(), chainMedian: z.number() });
export type RefusalReasonCount = z.infer<typeof refusalReasonCountSchema>;

/** `GET /api/metrics/refusals`: every offered reason (zero included), most frequent first. */
export const refusalsResponseSchema = z.object({ reasons: z.array(refusalReasonCountSchema) });
export type RefusalsResponse = z.infer<typeof refusalsResponseSchema>;

/**
 * The median store: each figure the median of the stores' own (the mean of the two middle values for
 * an even count). Counts take every store, zeros included; a median time or a rate takes the stores
 * that have one, and is null when none has. What a store compares itself with, not the chain's sums.
 */
export const medianStoreSchema = z.object({
  picklistsSent: z.number(),
  picklistsFinished: z.number(),
  medianStartSeconds: z.number().nullable(),
  medianPickSeconds: z.number().nullable(),
  fillRate: z.number().nullable(),
  notFoundItems: z.number(),
  pickupsWaiting: z.number(),
  pickupsOverdue: z.number(),
  returnsReceived: z.number(),
  returnsRefused: z.number(),
});
export type MedianStoreMetrics = z.infer<typeof medianStoreSchema>;

/** The median of the numbers given, nulls left out; null when there is none. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function medianStore(stores: readonly ChainMetrics[]): MedianStoreMetrics {
  const count = (pick: (m: ChainMetrics) => number) => medianOf(stores.map(pick)) ?? 0;
  const figure = (pick: (m: ChainMetrics) => number | null) => medianOf(stores.map(pick));
  return {
    picklistsSent: count((m) => m.picklistsSent),
    picklistsFinished: count((m) => m.picklistsFinished),
    medianStartSeconds: figure((m) => m.medianStartSeconds),
    medianPickSeconds: figure((m) => m.medianPickSeconds),
    fillRate: figure((m) => m.fillRate),
    notFoundItems: count((m) => m.notFoundItems),
    pickupsWaiting: count((m) => m.pickupsWaiting),
    pickupsOverdue: count((m) => m.pickupsOverdue),
    returnsReceived: count((m) => m.returnsReceived),
    returnsRefused: count((m) => m.returnsRefused),
  };
}

/**
 * `GET /api/metrics/staff`: one store's people over a period ('Por atendente'): the lists each
 * finished (among the lists sent in the period, as every list figure), the median of their picking
 * time (start to finish, in seconds), and the pickups each handed over (by the day of the handover).
 * The work signed with no PIN is one row, `named: false`, so the rows add up to the store's figures.
 */
export const STAFF_UNNAMED = "Sem atendente informado";
export const staffFiguresSchema = z.object({
  name: z.string(),
  named: z.boolean(),
  picklistsFinished: z.number().int(),
  medianPickSeconds: z.number().nullable(),
  handovers: z.number().int(),
});
export type StaffFigures = z.infer<typeof staffFiguresSchema>;
export const staffMetricsResponseSchema = z.object({ store: z.string(), staff: z.array(staffFiguresSchema) });
export type StaffMetricsResponse = z.infer<typeof staffMetricsResponseSchema>;
export const STAFF_METRICS_MESSAGES = { storeRequired: "Escolha uma loja." } as const;
