import { TZDate } from "@date-fns/tz";
import { badRequest } from "./errors.js";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayStarts = new Map<string, number>();

/** The instant a calendar day starts in the given time zone (remembered: every list filter asks for it). */
export function startOfDayIn(day: string, timezone: string): Date {
  const key = `${timezone} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = computeStartOfDay(day, timezone);
  if (dayStarts.size >= 4096) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

function computeStartOfDay(day: string, timezone: string): Date {
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
      range.lt = startOfNextDayIn(to, timezone);
    } else {
      range.lt = new Date(parseInstant(to).getTime() + 1);
    }
  }
  return range;
}

/**
 * The instant the day after `day` starts. Counted on the calendar, not by adding 24 hours or a day to
 * the first instant: where clocks change, a day is 23 or 25 hours long, or starts at 01:00.
 */
function startOfNextDayIn(day: string, timezone: string): Date {
  const m = DAY.exec(day);
  if (!m) throw badRequest("Data inválida. Use AAAA-MM-DD.");
  startOfDayIn(day, timezone); // refuses a day that does not exist
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return startOfDayIn(next.toISOString().slice(0, 10), timezone);
}
