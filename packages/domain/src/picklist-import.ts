import { z } from "zod";
import { gtinValid, isGtinShaped, LINE_QUANTITY_MAX, normalizeSku, productItemText, type Product } from "./catalog.js";
import { ITEM_MAX, ITEMS_MAX } from "./fields.js";
import { picklistCreateSchema } from "./picklist.js";

/**
 * 'Importar listas': the office's spreadsheet of (store, item) rows, one picking list per store. A row
 * may name a product of the catalog instead of an item (`code`, a GTIN or SKU, and `quantity`): it
 * stands for that many copies of the product's item text.
 */
export const PICKLIST_IMPORT_MAX_ROWS = 5_000;

export const PICKLIST_IMPORT_MESSAGES = {
  invalidBody: "Envie as linhas do arquivo, cada uma com a loja e o item.",
  noRows: "O arquivo não tem nenhuma linha com loja e item.",
  tooManyRows: `O arquivo deve ter no máximo ${PICKLIST_IMPORT_MAX_ROWS.toLocaleString("pt-BR")} linhas.`,
  refused: "Nenhuma lista foi criada: corrija as linhas indicadas e envie o arquivo de novo.",
  storeMissing: (line: number) => `Linha ${line}: informe a loja.`,
  storeUnknown: (line: number, store: string) => `Linha ${line}: a loja "${store}" não existe.`,
  itemMissing: (line: number) => `Linha ${line}: informe o item.`,
  itemTooLong: (line: number) => `Linha ${line}: o item deve ter no máximo ${ITEM_MAX} caracteres.`,
  itemAndCode: (line: number) => `Linha ${line}: informe o item ou o código do produto, não os dois.`,
  codeUnknown: (line: number, code: string) => `Linha ${line}: o código ${code} não está no catálogo.`,
  codeInvalid: (line: number, code: string) => `Linha ${line}: o código de barras ${code} é inválido.`,
  quantityInvalid: (line: number) => `Linha ${line}: a quantidade deve ser um número inteiro de 1 a ${LINE_QUANTITY_MAX}.`,
  tooManyItems: (store: string, count: number) => `A lista da loja ${store} teria ${count} itens; o máximo é ${ITEMS_MAX} por lista.`,
  created: (count: number) => (count === 1 ? "1 lista de separação criada com sucesso!" : `${count} listas de separação criadas com sucesso!`),
} as const;

const rowSchema = z.object(
  {
    /** The row's line in the file, for the messages; its position in `rows` (from 1) when left out. */
    line: z.number().int().positive().optional(),
    store: z.string({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(1_000, PICKLIST_IMPORT_MESSAGES.invalidBody),
    item: z.string({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(10_000, PICKLIST_IMPORT_MESSAGES.invalidBody).default(""),
    /** A GTIN or SKU of the catalog, instead of `item`. */
    code: z.string({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(1_000, PICKLIST_IMPORT_MESSAGES.invalidBody).optional(),
    /** How many copies of the product `code` names; blank: one. A cell as the file has it, number or text. */
    quantity: z.union([z.number(), z.string().max(1_000)], { error: PICKLIST_IMPORT_MESSAGES.invalidBody }).optional(),
  },
  { error: PICKLIST_IMPORT_MESSAGES.invalidBody },
);
export type PicklistImportRow = z.input<typeof rowSchema>;

/**
 * The rows as read from the file, every cell as text; the rules of each row are checked by
 * planPicklistImport, which answers a message per bad row rather than refusing the whole request.
 */
export const picklistImportSchema = z.object(
  {
    /** true: only the preview (what would be created, and what is wrong); nothing is written. */
    dryRun: z.boolean({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).default(false),
    sender: picklistCreateSchema.shape.sender,
    rows: z.array(rowSchema, { error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(PICKLIST_IMPORT_MAX_ROWS, PICKLIST_IMPORT_MESSAGES.tooManyRows),
  },
  { error: PICKLIST_IMPORT_MESSAGES.invalidBody },
);
export type PicklistImportInput = z.input<typeof picklistImportSchema>;
export type PicklistImport = z.output<typeof picklistImportSchema>;

export interface ImportedList {
  destination: string;
  items: string[];
}

export interface ImportProblem {
  /** The file's line, or null for a problem of a whole list. */
  line: number | null;
  message: string;
}

export interface PicklistImportPlan {
  lists: ImportedList[];
  problems: ImportProblem[];
  /** The store names the file gives that are no store, as written (once each). */
  unknownStores: string[];
}

/** A row's quantity cell: blank is one; otherwise a whole number from 1 to the limit, or undefined. */
function quantityOf(cell: number | string | undefined): number | undefined {
  const text = typeof cell === "number" ? String(cell) : (cell ?? "").trim();
  if (text === "") return 1;
  const quantity = Number(text);
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= LINE_QUANTITY_MAX ? quantity : undefined;
}

/**
 * Groups the rows into one list per store, in the order the stores first appear, each item trimmed.
 * `findStore` answers a store's username for a name as written (the server matches without regard to
 * case), or undefined when there is no such store. `products` holds the catalog's products by the codes
 * the rows give (normalised), for the rows that name a product. Blank rows are skipped.
 */
export function planPicklistImport(
  rows: readonly PicklistImportRow[],
  findStore: (name: string) => string | undefined,
  products: ReadonlyMap<string, Pick<Product, "sku" | "description" | "size">> = new Map(),
): PicklistImportPlan {
  const lists = new Map<string, string[]>();
  const counts = new Map<string, number>();
  const problems: ImportProblem[] = [];
  const unknown = new Map<string, string>();
  let filled = 0;
  rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    const storeName = row.store.trim();
    const item = (row.item ?? "").trim();
    const code = (row.code ?? "").trim();
    if (storeName === "" && item === "" && code === "") return;
    filled++;
    let destination: string | undefined;
    if (storeName === "") problems.push({ line, message: PICKLIST_IMPORT_MESSAGES.storeMissing(line) });
    else {
      destination = findStore(storeName);
      if (!destination) {
        problems.push({ line, message: PICKLIST_IMPORT_MESSAGES.storeUnknown(line, storeName) });
        if (!unknown.has(storeName.toLowerCase())) unknown.set(storeName.toLowerCase(), storeName);
      }
    }
    const items = rowItems(line, item, code, row.quantity, products);
    if ("problem" in items) problems.push({ line, message: items.problem });
    else if (destination) {
      const list = lists.get(destination) ?? [];
      // Past the limit only the count matters (for its message): no more copies are made.
      for (let copy = 0; copy < items.count && list.length <= ITEMS_MAX; copy++) list.push(items.text);
      lists.set(destination, list);
      counts.set(destination, (counts.get(destination) ?? 0) + items.count);
    }
  });
  if (filled === 0) problems.push({ line: null, message: PICKLIST_IMPORT_MESSAGES.noRows });
  for (const [destination, count] of counts) {
    if (count > ITEMS_MAX) problems.push({ line: null, message: PICKLIST_IMPORT_MESSAGES.tooManyItems(destination, count) });
  }
  return { lists: [...lists].map(([destination, items]) => ({ destination, items })), problems, unknownStores: [...unknown.values()] };
}

/** The items one row stands for: its item, or `quantity` copies of the product its code names; or what is wrong. */
function rowItems(
  line: number,
  item: string,
  code: string,
  quantityCell: number | string | undefined,
  products: ReadonlyMap<string, Pick<Product, "sku" | "description" | "size">>,
): { text: string; count: number } | { problem: string } {
  if (code === "") {
    if (item === "") return { problem: PICKLIST_IMPORT_MESSAGES.itemMissing(line) };
    if (item.length > ITEM_MAX) return { problem: PICKLIST_IMPORT_MESSAGES.itemTooLong(line) };
    return { text: item, count: 1 };
  }
  if (item !== "") return { problem: PICKLIST_IMPORT_MESSAGES.itemAndCode(line) };
  const product = products.get(normalizeSku(code));
  if (!product) {
    const key = normalizeSku(code);
    return { problem: isGtinShaped(key) && !gtinValid(key) ? PICKLIST_IMPORT_MESSAGES.codeInvalid(line, code) : PICKLIST_IMPORT_MESSAGES.codeUnknown(line, code) };
  }
  const quantity = quantityOf(quantityCell);
  if (quantity === undefined) return { problem: PICKLIST_IMPORT_MESSAGES.quantityInvalid(line) };
  return { text: productItemText(product), count: quantity };
}
