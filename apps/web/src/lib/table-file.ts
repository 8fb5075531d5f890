import type Papa from "papaparse";

/** A header's name without case, accents or extra spaces: 'Descrição ' reads as 'descricao'. */
export const plainHeader = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/** A spreadsheet cell as text: a date as its day, a number as written, an empty cell as "". */
export const cellText = (cell: unknown) =>
  cell === null || cell === undefined ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);

/**
 * Excel in pt-BR saves CSV with ';', other programs with ',' (or a tab): whichever the first filled
 * line holds most of. Chosen here because papaparse's own guess stumbles on a row with an empty cell.
 */
export function delimiterOf(text: string): string {
  const first = text.slice(0, 64 * 1024).split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const outsideQuotes = first.replace(/"[^"]*"/g, "");
  const counts = [";", ",", "\t"].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

/**
 * A CSV's rows of cells, by papaparse (passed in, so that it loads only where a file is read). Empty
 * lines are kept, so that each row keeps its line number for the messages; the file's final line
 * break adds none.
 */
export function csvTable(papa: typeof Papa, raw: string): string[][] {
  const text = raw.replace(/^\uFEFF/, "");
  const parsed = papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
  const rows = parsed.data;
  const last = rows[rows.length - 1];
  if (last && last.length === 1 && last[0] === "") rows.pop();
  return rows;
}

/** Why a chosen file is not read, whatever the import. */
export const TABLE_FILE_MESSAGES = {
  wrongType: "Envie um arquivo CSV ou XLSX.",
  unreadable: "Não foi possível ler o arquivo. Confira se é um CSV ou um XLSX válido.",
} as const;

/** What an import reads: a spreadsheet saved as CSV, or an Excel workbook (its first sheet). */
export const TABLE_FILE_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Whether a chosen file is read as an Excel workbook, as CSV, or not at all. */
export function tableFileKind(file: File): "xlsx" | "csv" | undefined {
  const name = file.name.toLowerCase();
  if (name.endsWith(".xlsx")) return "xlsx";
  if (name.endsWith(".csv") || name.endsWith(".txt") || file.type === "text/csv") return "csv";
  return undefined;
}
