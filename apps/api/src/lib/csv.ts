import { Readable } from "node:stream";
import { CSV_BOM, csvLine } from "@passo/domain";
import type { FastifyReply } from "fastify";

// The field rules live in the domain, shared with the screens' own downloads.
export { csvDate, csvDay, csvField, csvFileName, csvItems, csvLine, csvMinutes, csvMinutesBetween } from "@passo/domain";

/** Rows read from the database per round: the export's memory stays this size whatever the total. */
export const CSV_BATCH = 1000;

/**
 * Sends a CSV file as it is read: a BOM, the header row, then each batch of rows as `next(page)`
 * answers it (a short batch ends the file). The first batch is read before anything is sent, so
 * that a bad filter still answers its 400.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  /** The file's whole name, `.csv` included (csvFileName: with its period). */
  filename: string,
  header: readonly string[],
  next: (page: number) => Promise<T[]>,
  toFields: (row: T) => (string | number | null | undefined)[],
) {
  const first = await next(1);
  async function* lines() {
    yield `${CSV_BOM}${csvLine(header)}`;
    for (let page = 1; ; page++) {
      const rows = page === 1 ? first : await next(page);
      if (rows.length > 0) yield rows.map((row) => csvLine(toFields(row))).join("");
      if (rows.length < CSV_BATCH) return;
    }
  }
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(lines()));
}
