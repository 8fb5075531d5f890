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

const csvDateFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs ~150 µs, an export formats a date per row. */
function csvDateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = csvDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
    csvDateFormats.set(timeZone, format);
  }
  return format;
}

/** dd/MM/yyyy HH:mm:ss in the chain's time zone; empty for no date. */
export function csvDate(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "";
  const parts: Record<string, string> = {};
  for (const part of csvDateFormat(timeZone).formatToParts(new Date(value))) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A list of items in one field. */
export const csvItems = (items: readonly string[] | null | undefined) => (items ?? []).join(" | ");
