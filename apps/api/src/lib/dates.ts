import { TZDate } from "@date-fns/tz";
import { badRequest } from "./errors.js";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a calendar day starts in the given time zone. */
export function startOfDayIn(day: string, timezone: string): Date {
  const m = DAY.exec(day);
  if (!m) throw badRequest("Data inválida. Use AAAA-MM-DD.");
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new TZDate(y, mo - 1, d, timezone);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) throw badRequest("Data inválida. Use AAAA-MM-DD.");
  return new Date(date.getTime());
}

/** Today's date (YYYY-MM-DD) in the given time zone. */
export function todayIn(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

function parseInstant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badRequest("Data inválida. Use AAAA-MM-DD.");
  return date;
}

/**
 * CONTRACT.md: `from`/`to` are whole days, inclusive, in APP_TIMEZONE, or full instants.
 * Returns a half-open range [gte, lt).
 */
export function dateRange(from: string | undefined, to: string | undefined, timezone: string): { gte?: Date; lt?: Date } {
  const range: { gte?: Date; lt?: Date } = {};
  if (from) range.gte = DAY.test(from) ? startOfDayIn(from, timezone) : parseInstant(from);
  if (to) {
    if (DAY.test(to)) {
      const start = startOfDayIn(to, timezone);
      const next = new TZDate(start.getTime(), timezone);
      next.setDate(next.getDate() + 1);
      range.lt = new Date(next.getTime());
    } else {
      range.lt = new Date(parseInstant(to).getTime() + 1);
    }
  }
  return range;
}
