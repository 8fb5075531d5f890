import { TZDate } from "@date-fns/tz";
import { RuleViolation } from "./errors.js";

/**
 * Calendar days as the chain reads them: a day is YYYY-MM-DD in a time zone (the server's
 * APP_TIMEZONE), and its instants run from the moment it starts there to the next day's start.
 */

export const DATE_MESSAGES = {
  invalidDay: "Data inválida. Use AAAA-MM-DD.",
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD of an instant in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return dayIn(now, timeZone);
}

const dayStarts = new Map<string, number>();

/**
 * The instant a calendar day starts in a time zone; a day that does not exist is invalid input.
 * Remembered: every list filter asks for it.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  const start = computeStartOfDay(day, timeZone);
  if (dayStarts.size >= 4096) dayStarts.clear();
  dayStarts.set(key, start.getTime());
  return start;
}

function computeStartOfDay(day: string, timeZone: string): Date {
  const m = DAY.exec(day);
  if (!m) throw new RuleViolation(DATE_MESSAGES.invalidDay, "invalid");
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new TZDate(y, mo - 1, d, timeZone);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) throw new RuleViolation(DATE_MESSAGES.invalidDay, "invalid");
  return new Date(date.getTime());
}

/**
 * The instant the day after `day` starts. Counted on the calendar, not by adding 24 hours to
 * the first instant: where clocks change, a day is 23 or 25 hours long, or starts at 01:00.
 */
function startOfNextDayIn(day: string, timeZone: string): Date {
  startOfDayIn(day, timeZone); // refuses a day that does not exist
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return startOfDayIn(next.toISOString().slice(0, 10), timeZone);
}

function parseInstant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new RuleViolation(DATE_MESSAGES.invalidDay, "invalid");
  return date;
}

/**
 * A list filter's `from`/`to`: whole days, inclusive, in the time zone, or full instants.
 * Returned half-open, [gte, lt).
 */
export function dateRange(from: string | undefined, to: string | undefined, timeZone: string): { gte?: Date; lt?: Date } {
  const range: { gte?: Date; lt?: Date } = {};
  if (from) range.gte = withinCalendar(DAY.test(from) ? startOfDayIn(from, timeZone) : parseInstant(from));
  if (to) range.lt = withinCalendar(DAY.test(to) ? startOfNextDayIn(to, timeZone) : new Date(parseInstant(to).getTime() + 1));
  return range;
}

/** The first and last instants a filter may name: years 1 to 9999, the ones a four-digit date writes. */
const EARLIEST = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST = Date.parse("9999-12-31T00:00:00.000Z");

/**
 * An instant the database can compare with: JavaScript writes years past 9999 (`+275760-09-13`, the
 * last day a Date holds) in an extended form PostgreSQL does not read, and one millisecond later is no
 * date at all. Such a filter is invalid input, not a server error.
 */
function withinCalendar(instant: Date): Date {
  const time = instant.getTime();
  if (!(time >= EARLIEST && time <= LATEST)) throw new RuleViolation(DATE_MESSAGES.invalidDay, "invalid");
  return instant;
}

/** Hours:minutes:seconds from one instant to another (hours past 24 keep counting), or null until both exist. */
export function formatDuration(start: Date | null | undefined, end: Date | null | undefined): string | null {
  if (!start || !end) return null;
  const seconds = Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
