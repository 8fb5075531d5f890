import { PRODUCT_IMPORT_MAX_ROWS, type ProductImportError, type ProductImportResult, type ProductImportRow } from "@passo/domain";
import { ApiError } from "@/lib/api-client";
import { addProblems, noProblems, type RowProblems } from "./product-file";

/** The rows in requests of at most PRODUCT_IMPORT_MAX_ROWS, the most the API takes at once. */
export function batchesOf<T>(rows: readonly T[], size = PRODUCT_IMPORT_MAX_ROWS): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

export interface ImportTotals {
  created: number;
  updated: number;
  unchanged: number;
}

/** The batch that was refused or failed: which, its lines, why, and what went before it. */
export interface BatchStop {
  /** From 1. */
  batch: number;
  batches: number;
  firstLine: number;
  lastLine: number;
  /** The rows of the batches before it, all answered (written, when not a dry run). */
  rowsBefore: number;
  /** The server's reason (or the connection's). */
  message: string;
}

export interface BatchRun extends ImportTotals, RowProblems {
  /** Set when a batch was refused or failed: the batches after it were not sent. */
  stop?: BatchStop;
}

/** One request of an import: a batch of rows, and whether only to preview it. */
export type SendBatch = (rows: ProductImportRow[]) => Promise<ProductImportResult>;

/**
 * Sends the rows batch by batch, one request at a time, adding up what each answers. The preview
 * (a dry run) goes through every batch and gathers each bad row's message; the import stops at the
 * first batch refused (the API writes a batch whole or not at all), and says which.
 */
export async function sendBatches(
  rows: readonly ProductImportRow[],
  send: SendBatch,
  onProgress: (done: number, total: number) => void,
  { stopOnErrors }: { stopOnErrors: boolean },
): Promise<BatchRun> {
  const batches = batchesOf(rows);
  const run: BatchRun = { created: 0, updated: 0, unchanged: 0, ...noProblems() };
  let rowsBefore = 0;
  onProgress(0, batches.length);
  for (const [index, batch] of batches.entries()) {
    let errors: ProductImportError[];
    try {
      const answer = await send(batch);
      run.created += answer.created;
      run.updated += answer.updated;
      run.unchanged += answer.unchanged;
      errors = answer.errors;
    } catch (error) {
      const refused = error instanceof ApiError ? (error.body.errors as ProductImportError[] | undefined) : undefined;
      if (refused) addProblems(run, refused);
      // A batch refused for its rows is told by them; another failure (the connection) by its message.
      const message = refused ? "" : error instanceof Error ? error.message : String(error);
      run.stop = { batch: index + 1, batches: batches.length, firstLine: batch[0]?.line ?? 0, lastLine: batch[batch.length - 1]?.line ?? 0, rowsBefore, message };
      return run;
    }
    addProblems(run, errors);
    if (errors.length > 0 && stopOnErrors) {
      run.stop = { batch: index + 1, batches: batches.length, firstLine: batch[0]?.line ?? 0, lastLine: batch[batch.length - 1]?.line ?? 0, rowsBefore, message: "" };
      return run;
    }
    rowsBefore += batch.length;
    onProgress(index + 1, batches.length);
  }
  return run;
}

const n = (count: number) => count.toLocaleString("pt-BR");
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

/** What the import wrote, for the final toast: '120 criados, 30 atualizados e 5 sem alteração'. */
export function totalsText({ created, updated, unchanged }: ImportTotals): string {
  return `${plural(created, "produto criado", "produtos criados")}, ${plural(updated, "atualizado", "atualizados")} e ${n(unchanged)} sem alteração`;
}

/**
 * A stopped import said plainly: the batch refused, and the batches already written before it, which
 * stay in the catalog (sending the corrected file again leaves them unchanged).
 */
export function stopText(stop: BatchStop): string {
  const refused = `O lote ${n(stop.batch)} de ${n(stop.batches)} (linhas ${n(stop.firstLine)} a ${n(stop.lastLine)}) foi recusado e não foi gravado.`;
  const reason = stop.message ? ` ${stop.message}` : "";
  const before =
    stop.batch === 1
      ? " Nenhum produto foi gravado."
      : stop.batch === 2
        ? ` O lote 1, com ${plural(stop.rowsBefore, "produto", "produtos")}, já foi gravado.`
        : ` Os lotes 1 a ${n(stop.batch - 1)}, com ${plural(stop.rowsBefore, "produto", "produtos")}, já foram gravados.`;
  const after = stop.batch < stop.batches ? " Os lotes seguintes não foram enviados." : "";
  return `${refused}${reason}${before}${after}`;
}
