import { CATALOG_MESSAGES, normalizeSku, parseImportRow, splitEans, type ProductImportError, type ProductImportRow } from "@passo/domain";
import { cellText, csvTable, plainHeader, TABLE_FILE_MESSAGES, tableFileKind } from "@/lib/table-file";

/** A catalog of some 300,000 products fits well within it; a bigger file is refused before it is read. */
export const PRODUCT_FILE_MAX_BYTES = 50 * 1024 * 1024;
/** The bad rows the preview lists; beyond them it gives their count. */
export const BAD_ROWS_SHOWN = 100;

export const PRODUCT_FILE_MESSAGES = {
  ...TABLE_FILE_MESSAGES,
  tooLarge: "O arquivo deve ter no máximo 50 MB.",
  noHeader: "A primeira linha do arquivo deve nomear as colunas: sku, ean, descricao, referencia, tamanho e cor.",
  noRows: CATALOG_MESSAGES.noRows,
} as const;

/** The file's columns, in the model's order, and the row field each fills. */
export const PRODUCT_COLUMNS = [
  ["sku", "sku"],
  ["ean", "ean"],
  ["descricao", "description"],
  ["referencia", "reference"],
  ["tamanho", "size"],
  ["cor", "color"],
] as const;

type RowField = (typeof PRODUCT_COLUMNS)[number][1];

/** Other names a spreadsheet may give a column (compared without case or accents). */
const ALIASES: Record<string, RowField> = {
  gtin: "ean",
  ean13: "ean",
  "codigo de barras": "ean",
  "codigos de barras": "ean",
  description: "description",
  produto: "description",
  reference: "reference",
  modelo: "reference",
  size: "size",
  numeracao: "size",
  color: "color",
};
const FIELD_BY_HEADER = new Map<string, RowField>([...PRODUCT_COLUMNS.map(([header, field]) => [header, field] as const), ...Object.entries(ALIASES)]);

/** The model file 'Baixar modelo' gives: the header and two sizes of one model, as Excel in pt-BR reads it. */
export const PRODUCT_TEMPLATE_CSV =
  "\uFEFF" +
  [
    PRODUCT_COLUMNS.map(([header]) => header).join(";"),
    "48213042;7891234567895;TÊNIS RUNNER MASC PRETO;482130;42;PRETO",
    "48213043;7891234567901;TÊNIS RUNNER MASC PRETO;482130;43;PRETO",
  ].join("\r\n") +
  "\r\n";

/**
 * The import rows of a table whose first row names the columns (in any order; `sku` and `descricao`
 * at least), each with its line in the file. Blank lines are left out.
 */
export function productRowsFromTable(table: readonly (readonly unknown[])[]): { rows: ProductImportRow[] } | { error: string } {
  const header = (table[0] ?? []).map((cell) => FIELD_BY_HEADER.get(plainHeader(cellText(cell))));
  if (!header.includes("sku") || !header.includes("description")) return { error: PRODUCT_FILE_MESSAGES.noHeader };
  const rows: ProductImportRow[] = [];
  for (let index = 1; index < table.length; index++) {
    const cells = table[index] ?? [];
    const row: ProductImportRow = { line: index + 1, sku: "", description: "" };
    let filled = false;
    header.forEach((field, column) => {
      const value = field ? cellText(cells[column]).trim() : "";
      if (!field || value === "") return;
      row[field] = value;
      filled = true;
    });
    if (filled) rows.push(row);
  }
  if (rows.length === 0) return { error: PRODUCT_FILE_MESSAGES.noRows };
  return { rows };
}

/** A count of bad rows with the first of them, in the file's order. */
export interface RowProblems {
  problems: ProductImportError[];
  problemCount: number;
}

export const noProblems = (): RowProblems => ({ problems: [], problemCount: 0 });

/** Adds bad rows to `into`, keeping only the first BAD_ROWS_SHOWN of them. */
export function addProblems(into: RowProblems, problems: readonly ProductImportError[], count = problems.length) {
  into.problemCount += count;
  for (const problem of problems) {
    if (into.problems.length >= BAD_ROWS_SHOWN) break;
    into.problems.push(problem);
  }
}

/**
 * Each row by the domain's rules, as the API checks it, and across the whole file: a SKU or a GTIN
 * on two rows (the API sees one batch at a time, so only here is the whole file seen at once).
 */
export function checkProductRows(rows: readonly ProductImportRow[]): RowProblems {
  const found = noProblems();
  const skus = new Map<string, number>();
  const eans = new Map<string, number>();
  for (const row of rows) {
    const line = row.line ?? 0;
    const parsed = parseImportRow(row);
    let error = "error" in parsed ? parsed.error : undefined;
    if (!error) {
      const sku = normalizeSku(row.sku);
      const skuLine = skus.get(sku);
      if (skuLine !== undefined) error = CATALOG_MESSAGES.skuRepeated(sku, skuLine);
      else skus.set(sku, line);
      for (const ean of error ? [] : new Set(splitEans(row.ean))) {
        const eanLine = eans.get(ean);
        if (eanLine !== undefined) error = CATALOG_MESSAGES.eanRepeated(ean, eanLine);
        else eans.set(ean, line);
      }
    }
    if (error) addProblems(found, [{ line, error }]);
  }
  return found;
}

/** What reading a file gives: its rows, and the bad ones among them; or why it was not read. */
export type ProductFileRead = ({ rows: ProductImportRow[] } & RowProblems) | { error: string };

/**
 * Reads and checks a chosen file. It runs in a web worker (product-file.worker.ts), so that a
 * catalog of hundreds of thousands of rows never holds up the page; the parsers load only there.
 */
export async function readProductFile(file: File): Promise<ProductFileRead> {
  if (file.size > PRODUCT_FILE_MAX_BYTES) return { error: PRODUCT_FILE_MESSAGES.tooLarge };
  const kind = tableFileKind(file);
  if (!kind) return { error: PRODUCT_FILE_MESSAGES.wrongType };
  let table: readonly (readonly unknown[])[];
  try {
    if (kind === "xlsx") {
      const { readSheet } = await import("read-excel-file/web-worker");
      table = await readSheet(file);
    } else {
      const { default: Papa } = await import("papaparse");
      table = csvTable(Papa, await file.text());
    }
  } catch {
    return { error: PRODUCT_FILE_MESSAGES.unreadable };
  }
  const read = productRowsFromTable(table);
  if ("error" in read) return read;
  return { rows: read.rows, ...checkProductRows(read.rows) };
}
