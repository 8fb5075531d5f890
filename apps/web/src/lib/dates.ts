import { todayIn } from "@passo/domain/dates";
import { displayTimezone } from "./display-timezone";

/** Dates as the chain reads them: pt-BR, 24-hour clock, in the server's APP_TIMEZONE. */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: "date" | "datetime" | "time"): Intl.DateTimeFormat {
  const timezone = displayTimezone();
  const key = `${kind}|${timezone}`;
  let f = formatters.get(key);
  if (!f) {
    const base: Intl.DateTimeFormatOptions = { timeZone: timezone, hourCycle: "h23" };
    const options: Intl.DateTimeFormatOptions =
      kind === "date"
        ? { ...base, day: "2-digit", month: "2-digit", year: "numeric" }
        : kind === "time"
          ? { ...base, hour: "2-digit", minute: "2-digit", second: "2-digit" }
          : { ...base, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" };
    f = new Intl.DateTimeFormat("pt-BR", options);
    formatters.set(key, f);
  }
  return f;
}

type DateLike = Date | string | null | undefined;

function toDate(value: DateLike): Date | null {
  if (!value) return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 22/11/2026 14:05:09 */
export function formatDateTime(value: DateLike): string {
  const d = toDate(value);
  return d ? formatter("datetime").format(d).replace(",", "") : "";
}

/** 22/11/2026 */
export function formatDate(value: DateLike): string {
  const d = toDate(value);
  return d ? formatter("date").format(d) : "";
}

/** Today as YYYY-MM-DD in the display time zone (what the API's `from`/`to` take). */
export function todayKey(now = new Date()): string {
  return todayIn(displayTimezone(), now);
}

/** A calendar day picked in the browser as YYYY-MM-DD. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}
