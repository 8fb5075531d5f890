import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

/** Rows read from the database per round: the export's memory stays this size whatever the total. */
export const CSV_BATCH = 1000;

/** One field as Excel pt-BR reads it: quoted when it holds `;`, `"` or a line break. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number | null | undefined)[]) => `${fields.map(csvField).join(";")}\r\n`;

const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per time zone, each UTC hour's local "dd/MM/yyyy HH:" when the whole hour keeps one whole-hour offset, else null. */
const hours = new Map<string, Map<number, string | null>>();

function localParts(instant: number, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** The local "dd/MM/yyyy HH:" of a UTC hour, when its 60 minutes are minutes 00–59 of one local hour. */
function localHour(hour: number, timeZone: string): string | null {
  const start = localParts(hour, timeZone);
  const end = localParts(hour + HOUR_MS - 1000, timeZone);
  const whole = start.minute === "00" && start.second === "00" && end.minute === "59" && end.second === "59" && end.hour === start.hour && end.day === start.day;
  return whole ? `${start.day}/${start.month}/${start.year} ${start.hour}:` : null;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * dd/MM/yyyy HH:mm:ss in the chain's time zone; empty for no date. An export writes hundreds of
 * thousands of dates: the formatter is made once per time zone and each hour's local day and hour
 * once (an hour holding a change of offset, or in a zone of half-hour offsets, is formatted whole).
 */
export function csvDate(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "";
  const instant = new Date(value).getTime();
  const hour = Math.floor(instant / HOUR_MS) * HOUR_MS;
  let zone = hours.get(timeZone);
  if (!zone) hours.set(timeZone, (zone = new Map()));
  let prefix = zone.get(hour);
  if (prefix === undefined) {
    if (zone.size >= 10_000) zone.clear();
    prefix = localHour(hour, timeZone);
    zone.set(hour, prefix);
  }
  if (prefix !== null) {
    const seconds = Math.floor((instant - hour) / 1000);
    return `${prefix}${two(Math.floor(seconds / 60))}:${two(seconds % 60)}`;
  }
  const parts = localParts(instant, timeZone);
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export const csvItems = (items: readonly string[] | null | undefined) => (items ?? []).join(" | ");

/**
 * Sends a CSV file as it is read: a BOM, the header row, then each batch of rows as `next(page)`
 * answers it (a short batch ends the file). The first batch is read before anything is sent, so
 * that a bad filter still answers its 400.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: readonly string[],
  next: (page: number) => Promise<T[]>,
  toFields: (row: T) => (string | number | null | undefined)[],
) {
  const first = await next(1);
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for (let page = 1; ; page++) {
      const rows = page === 1 ? first : await next(page);
      if (rows.length > 0) yield rows.map((row) => csvLine(toFields(row))).join("");
      if (rows.length < CSV_BATCH) return;
    }
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}.csv"`)
    .send(Readable.from(lines()));
}
