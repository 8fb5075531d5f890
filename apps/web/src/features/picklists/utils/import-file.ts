import type { PicklistImportRow } from "@passo/domain";
import { cellText as text, csvTable, plainHeader as plain, TABLE_FILE_ACCEPT, TABLE_FILE_MESSAGES, tableFileKind } from "@/lib/table-file";

/** What 'Importar listas' reads. */
export const IMPORT_ACCEPT = TABLE_FILE_ACCEPT;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export const IMPORT_FILE_MESSAGES = { tooLarge: "O arquivo deve ter no máximo 5 MB.", ...TABLE_FILE_MESSAGES } as const;

const STORE_HEADERS = new Set(["loja", "lojas", "loja de destino", "destino", "store", "destination"]);
const ITEM_HEADERS = new Set(["item", "itens", "produto", "produtos", "descricao", "descricao do item", "item da lista", "description"]);

/**
 * The (store, item) rows of a table, each with its line in the file. A first row naming the columns
 * ('loja' and 'item', in any order, among others) is read as the header; without one, the first
 * column is the store and the second the item.
 */
export function rowsFromTable(table: readonly (readonly unknown[])[]): PicklistImportRow[] {
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

/** Reads the chosen file; the parsers load only here, so the other screens never pay for them. */
export async function readImportFile(file: File): Promise<{ rows: PicklistImportRow[] } | { error: string }> {
  if (file.size > MAX_FILE_BYTES) return { error: IMPORT_FILE_MESSAGES.tooLarge };
  const kind = tableFileKind(file);
  try {
    if (kind === "xlsx") {
      const { readSheet } = await import("read-excel-file/browser");
      return { rows: rowsFromTable(await readSheet(file)) };
    }
    if (kind === "csv") {
      const { default: Papa } = await import("papaparse");
      return { rows: rowsFromTable(csvTable(Papa, await file.text())) };
    }
    return { error: IMPORT_FILE_MESSAGES.wrongType };
  } catch {
    return { error: IMPORT_FILE_MESSAGES.unreadable };
  }
}

/** The example a person downloads to fill in: the header and two rows, as Excel in pt-BR reads it. */
export const IMPORT_TEMPLATE_CSV = "\uFEFFloja;item\r\nLoja Batel;TENIS RUNNER PRETO 42 123456-7X\r\nLoja Batel;CHINELO PRAIA AZUL 38 765432-1X\r\n";
