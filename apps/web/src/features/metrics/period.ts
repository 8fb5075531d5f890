import { previousPeriod } from "@passo/domain";
import { todayKey } from "@/lib/dates";

export type PeriodKind = "today" | "7" | "30" | "range";

export interface Period {
  kind: PeriodKind;
  from: string;
  to: string;
}

/** YYYY-MM-DD `days` calendar days before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

export function periodOf(kind: Exclude<PeriodKind, "range">, today = todayKey()): Period {
  const length = kind === "today" ? 1 : Number(kind);
  return { kind, from: daysBefore(today, length - 1), to: today };
}

export { previousPeriod };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period a dashboard's address names (`?period=7`, or `?period=range&from=&to=`), so that a
 * dashboard can be shared and reloaded; the last 30 days when it names none or a bad one.
 */
export function periodFromParams(params: URLSearchParams, today?: string): Period {
  const kind = params.get("period");
  if (kind === "today" || kind === "7" || kind === "30") return periodOf(kind, today);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (kind === "range" && DAY.test(from) && DAY.test(to) && from <= to) return { kind: "range", from, to };
  return periodOf("30", today);
}

/** The address's parameters for a period: a chosen range keeps its days, the others are relative to today. */
export function periodParams(period: Period): Record<string, string> {
  return period.kind === "range" ? { period: "range", from: period.from, to: period.to } : { period: period.kind };
}
