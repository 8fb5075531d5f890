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
