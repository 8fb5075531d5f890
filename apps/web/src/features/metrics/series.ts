import type { DailyMetrics } from "@passo/domain";

/**
 * Every day of the period, in order: a day with nothing sent is there as zero lists and no median,
 * so that a daily chart's axis is time, not the days that happen to have data.
 */
export function fillDays(days: readonly DailyMetrics[], from: string, to: string): DailyMetrics[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const filled: DailyMetrics[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= end; ms += 86_400_000) {
    const day = new Date(ms).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, byStatus: {}, picklistsSent: 0, medianPickSeconds: null });
  }
  return filled;
}

/**
 * 'Mais lentas' and 'Mais rápidas' from stores ranked slowest first: up to `size` each, never the same
 * store in both; with fewer than twice `size`, the slower half (the middle one with it) and the faster.
 */
export function splitRanking<T>(ranked: readonly T[], size = 5): { slowest: T[]; fastest: T[] } {
  const slowCount = Math.min(size, Math.ceil(ranked.length / 2));
  const rest = ranked.slice(slowCount);
  return { slowest: ranked.slice(0, slowCount), fastest: rest.slice(Math.max(0, rest.length - size)).reverse() };
}
