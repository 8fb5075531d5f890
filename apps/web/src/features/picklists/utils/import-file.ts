import type { PicklistImportRow } from "@passo/domain";

/** What 'Importar listas' reads: a spreadsheet saved as CSV, or an Excel workbook (its first sheet). */
export const IMPORT_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = {
  tooLarge: "O arquivo deve ter no máximo 5 MB.",
  wrongType: "Envie um arquivo CSV ou XLSX.",
  unreadable: "Não foi possível ler o arquivo. Confira se é um CSV ou um XLSX válido.",
} as const;

/** A header's name without case, accents or extra spaces. */
const plain = (cell: string) =>
  cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

const STORE_HEADERS = new Set(["loja", "lojas", "loja de destino", "destino", "store", "destination"]);
const ITEM_HEADERS = new Set(["item", "itens", "produto", "produtos", "descricao", "descricao do item", "item da lista", "description"]);

/**
 * The (store, item) rows of a table, each with its line in the file. A first row naming the columns
 * ('loja' and 'item', in any order, among others) is read as the header; without one, the first
 * column is the store and the second the item.
 */
export function rowsFromTable(table: readonly (readonly unknown[])[]): PicklistImportRow[] {
  const text = (cell: unknown) => (cell === null || cell === undefined ? "" : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell));
  const header = (table[0] ?? []).map((cell) => plain(text(cell)));
  const storeColumn = header.findIndex((name) => STORE_HEADERS.has(name));
  const itemColumn = header.findIndex((name) => ITEM_HEADERS.has(name));
  const named = storeColumn >= 0 && itemColumn >= 0;
  const [store, item] = named ? [storeColumn, itemColumn] : [0, 1];
  const rows: PicklistImportRow[] = [];
  table.forEach((cells, index) => {
    if (named && index === 0) return;
    rows.push({ line: index + 1, store: text(cells[store]), item: text(cells[item]) });
  });
  return rows;
}

/**
 * Excel in pt-BR saves CSV with ';', other programs with ',' (or a tab): whichever the first filled
 * line holds most of. Chosen here because papaparse's own guess stumbles on a row with an empty cell.
 */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const outsideQuotes = first.replace(/"[^"]*"/g, "");
  const counts = [";", ",", "\t"].map((d) => [d, outsideQuotes.split(d).length - 1] as const);
  const [best] = counts.sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ",";
}

/** Reads the chosen file; the parsers load only here, so the other screens never pay for them. */
export async function readImportFile(file: File): Promise<{ rows: PicklistImportRow[] } | { error: string }> {
  if (file.size > MAX_FILE_BYTES) return { error: IMPORT_FILE_MESSAGES.tooLarge };
  const name = file.name.toLowerCase();
  try {
    if (name.endsWith(".xlsx")) {
      const { readSheet } = await import("read-excel-file/browser");
      return { rows: rowsFromTable(await readSheet(file)) };
    }
    if (name.endsWith(".csv") || name.endsWith(".txt") || file.type === "text/csv") {
      const { default: Papa } = await import("papaparse");
      const text = (await file.text()).replace(/^\uFEFF/, "");
      // Empty lines are kept, so that each row keeps its line number for the messages.
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) });
      const table = parsed.data.filter((row, i) => !(i === parsed.data.length - 1 && row.length === 1 && row[0] === ""));
      return { rows: rowsFromTable(table) };
    }
    return { error: IMPORT_FILE_MESSAGES.wrongType };
  } catch {
    return { error: IMPORT_FILE_MESSAGES.unreadable };
  }
}

/** The example a person downloads to fill in: the header and two rows, as Excel in pt-BR reads it. */
export const IMPORT_TEMPLATE_CSV = "\uFEFFloja;item\r\nLoja Batel;TENIS RUNNER PRETO 42 123456-7X\r\nLoja Batel;CHINELO PRAIA AZUL 38 765432-1X\r\n";
