/**
 * The CSV files Passo writes, as Excel pt-BR opens them with a double click: a UTF-8 BOM, `;`
 * between fields, CRLF line ends, a field quoted when it holds `;`, `"` or a line break. The API's
 * exports and the screens' own downloads both write through these.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

export type CsvValue = string | number | null | undefined;

/** What a spreadsheet would run as a formula at the start of a cell: `=`, `+`, `-`, `@`, a tab, a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet shows it, never runs it: one that would start with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading `'` (CONTRACT.md "Personal data and hardening").
 */
export const csvSafeText = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/**
 * One field: empty for no value, quoted (its quotes doubled) when it holds `;`, `"` or a line break.
 * Every string is neutralised (csvSafeText), whatever its column: a name, an item, a date written
 * as text. A number passed as a number is written as it is (a negative one keeps its `-`), so a
 * column of figures stays figures; a figure that must be computed with is passed as a number or
 * as a string that cannot start with those characters (csvMinutes never does).
 */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : typeof value === "number" ? String(value) : csvSafeText(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line, its end included. */
export const csvLine = (fields: readonly CsvValue[]) => `${fields.map(csvField).join(CSV_SEPARATOR)}${CSV_LINE_END}`;

/** A whole small file: the BOM, the header row, then the rows. */
export const csvText = (header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]) => `${CSV_BOM}${[header, ...rows].map(csvLine).join("")}`;

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

/** A list of items in one field. */
export const csvItems = (items: readonly string[] | null | undefined) => (items ?? []).join(" | ");

/** A date-only field (a pickup's scheduled day): dd/MM/yyyy in the chain's time zone, without a time. */
export const csvDay = (value: Date | string | null | undefined, timeZone: string) => csvDate(value, timeZone).slice(0, 10);

const minutesFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1, useGrouping: false });

/**
 * A duration as a number of minutes, as Excel pt-BR reads a number (one decimal place, a decimal
 * comma: 12,5), so that a sheet can sum and average it; empty for none. Its column says '(min)'.
 */
export function csvMinutes(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "";
  return minutesFormat.format(Math.max(0, seconds) / 60);
}

/** The minutes from one instant to another (csvMinutes); empty when either is missing. */
export function csvMinutesBetween(start: Date | string | null | undefined, end: Date | string | null | undefined): string {
  if (!start || !end) return "";
  return csvMinutes((new Date(end).getTime() - new Date(start).getTime()) / 1000);
}

/**
 * A CSV file's name with the period it covers (days as yyyy-MM-dd):
 * `historico_2026-11-01_a_2026-11-27.csv`, `…_desde_2026-11-01.csv`, or, with no start, up to the
 * end or to today: `…_ate_2026-11-27.csv`. A value that is not a day is left out of the name.
 */
export function csvFileName(base: string, period: { from?: string | undefined; to?: string | undefined }, today: string): string {
  const day = (value: string | undefined) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  const from = day(period.from);
  const to = day(period.to);
  if (from && to) return `${base}_${from}_a_${to}.csv`;
  if (from) return `${base}_desde_${from}.csv`;
  return `${base}_ate_${to ?? today}.csv`;
}
