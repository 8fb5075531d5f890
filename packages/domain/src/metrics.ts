import { z } from "zod";

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

/** The same number of days just before a period, for 'change against the previous period'. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / 86_400_000) + 1;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: day(start - days * 86_400_000), to: day(start - 86_400_000) };
}
