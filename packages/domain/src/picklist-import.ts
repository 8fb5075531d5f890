import { z } from "zod";
import { ITEM_MAX, ITEMS_MAX } from "./fields.js";
import { picklistCreateSchema } from "./picklist.js";

/** 'Importar listas': the office's spreadsheet of (store, item) rows, one picking list per store. */
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
  tooManyItems: (store: string, count: number) => `A lista da loja ${store} teria ${count} itens; o máximo é ${ITEMS_MAX} por lista.`,
  created: (count: number) => (count === 1 ? "1 lista de separação criada com sucesso!" : `${count} listas de separação criadas com sucesso!`),
} as const;

const rowSchema = z.object(
  {
    /** The row's line in the file, for the messages; its position in `rows` (from 1) when left out. */
    line: z.number().int().positive().optional(),
    store: z.string({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(1_000, PICKLIST_IMPORT_MESSAGES.invalidBody),
    item: z.string({ error: PICKLIST_IMPORT_MESSAGES.invalidBody }).max(10_000, PICKLIST_IMPORT_MESSAGES.invalidBody),
  },
  { error: PICKLIST_IMPORT_MESSAGES.invalidBody },
);
export type PicklistImportRow = z.infer<typeof rowSchema>;

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

/**
 * Groups the rows into one list per store, in the order the stores first appear, each item trimmed.
 * `findStore` answers a store's username for a name as written (the server matches without regard to
 * case), or undefined when there is no such store. Blank rows are skipped.
 */
export function planPicklistImport(rows: readonly PicklistImportRow[], findStore: (name: string) => string | undefined): PicklistImportPlan {
  const lists = new Map<string, string[]>();
  const problems: ImportProblem[] = [];
  const unknown = new Map<string, string>();
  let filled = 0;
  rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    const storeName = row.store.trim();
    const item = row.item.trim();
    if (storeName === "" && item === "") return;
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
    if (item === "") problems.push({ line, message: PICKLIST_IMPORT_MESSAGES.itemMissing(line) });
    else if (item.length > ITEM_MAX) problems.push({ line, message: PICKLIST_IMPORT_MESSAGES.itemTooLong(line) });
    else if (destination) lists.set(destination, [...(lists.get(destination) ?? []), item]);
  });
  if (filled === 0) problems.push({ line: null, message: PICKLIST_IMPORT_MESSAGES.noRows });
  for (const [destination, items] of lists) {
    if (items.length > ITEMS_MAX) problems.push({ line: null, message: PICKLIST_IMPORT_MESSAGES.tooManyItems(destination, items.length) });
  }
  return { lists: [...lists].map(([destination, items]) => ({ destination, items })), problems, unknownStores: [...unknown.values()] };
}
