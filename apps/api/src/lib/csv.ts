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

/** dd/MM/yyyy HH:mm:ss in the chain's time zone; empty for no date. */
export function csvDate(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "";
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(value))
      .map((p) => [p.type, p.value]),
  );
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
