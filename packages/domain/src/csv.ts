/**
 * The CSV files Passo writes, as Excel pt-BR opens them with a double click: a UTF-8 BOM, `;`
 * between fields, CRLF line ends, a field quoted when it holds `;`, `"` or a line break. The API's
 * exports and the screens' own downloads both write through these.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_LINE_END = "\r\n";

export type CsvValue = string | number | null | undefined;

/** One field: empty for no value, quoted (its quotes doubled) when it holds `;`, `"` or a line break. */
export function csvField(value: CsvValue): string {
  const text = value === null || value === undefined ? "" : String(value);
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
