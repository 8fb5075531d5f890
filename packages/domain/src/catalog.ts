import { z } from "zod";
import { RuleViolation } from "./errors.js";
import { ITEMS_MAX, ITEMS_TOO_MANY, plainText, trimmed } from "./fields.js";
import type { ItemSplit } from "./picklist.js";
import { SCAN_MESSAGES, scanItem, type ScanOutcome } from "./picklist-scan.js";

/**
 * The catalog (docs/glossary.md: Produto): one size of one model, with its SKU, the GTINs printed
 * on its box, and the text an item made from it carries on a list, a pickup or a return.
 */
export const SKU_MAX = 20;
export const SKU_PATTERN = /^[A-Z0-9.-]{1,20}$/;
export const PRODUCT_DESCRIPTION_MAX = 200;
export const PRODUCT_TEXT_MAX = 40;
export const PRODUCT_EANS_MAX = 10;
/** The most rows one import request carries; a larger file goes in batches. */
export const PRODUCT_IMPORT_MAX_ROWS = 5_000;
/** The most item texts one `by-items` request asks about: a list's, a pickup's or a return's items, with room to spare. */
export const PRODUCT_BY_ITEMS_MAX = 1_000;
export const LINE_QUANTITY_MAX = 999;
export const PRODUCT_PAGE_SIZE_MAX = 100;

export const CATALOG_MESSAGES = {
  invalidCode: "Código de barras inválido.",
  notInCatalog: "Código não encontrado no catálogo.",
  notOnList: SCAN_MESSAGES.unknown,
  unknownCode: (code: string) => `Código não encontrado no catálogo: ${code}.`,
  notFound: "Produto não encontrado.",
  skuRequired: "Informe o SKU do produto.",
  skuInvalid: `O SKU deve ter de 1 a ${SKU_MAX} caracteres: letras, números, hífen ou ponto.`,
  eanInvalid: (ean: string) => `Código de barras inválido: ${ean}.`,
  eansTooMany: `Informe no máximo ${PRODUCT_EANS_MAX} códigos de barras por produto.`,
  eanHeld: (ean: string, sku: string) => `O código de barras ${ean} já pertence ao produto ${sku}.`,
  eanRepeated: (ean: string, line: number) => `O código de barras ${ean} também está na linha ${line}.`,
  skuRepeated: (sku: string, line: number) => `O SKU ${sku} também está na linha ${line}.`,
  descriptionRequired: "Informe a descrição do produto.",
  descriptionTooLong: `A descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX} caracteres.`,
  descriptionUnsafe: "A descrição tem caracteres não permitidos.",
  textTooLong: (field: string) => `${field} deve ter no máximo ${PRODUCT_TEXT_MAX} caracteres.`,
  textUnsafe: (field: string) => `${field} tem caracteres não permitidos.`,
  activeInvalid: "Informe se o produto está ativo.",
  invalidBody: "Envie as linhas do catálogo, cada uma com o SKU e a descrição.",
  noRows: "O arquivo não tem nenhuma linha de produto.",
  tooManyRows: `Envie no máximo ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString("pt-BR")} linhas por vez.`,
  refused: "Nenhum produto foi gravado: corrija as linhas indicadas e envie de novo.",
  itemsInvalid: `Envie de 1 a ${PRODUCT_BY_ITEMS_MAX.toLocaleString("pt-BR")} itens.`,
  updateInvalid: "Envie os campos do produto a alterar.",
  quantityInvalid: `A quantidade deve ser de 1 a ${LINE_QUANTITY_MAX}.`,
  codeRequired: "Informe o código do produto.",
  updated: "Produto atualizado com sucesso!",
  retired: "Produto desativado com sucesso!",
} as const;

/** How the optional text fields are named in their messages. */
const FIELD_NAMES = { reference: "A referência", size: "O tamanho", color: "A cor" } as const;

/** GTIN-8 (EAN-8), GTIN-12 (UPC-A), GTIN-13 (EAN-13) and GTIN-14: digits only, of one of these lengths. */
export function isGtinShaped(code: string): boolean {
  return /^(\d{8}|\d{12,14})$/.test(code);
}

/** The GS1 mod-10 check digit of a GTIN's other digits: from the right, they weigh 3, 1, 3, 1, … */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(body[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

export function gtinValid(code: string): boolean {
  return isGtinShaped(code) && checkDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** A GTIN from its digits without the check digit ("789123456789" → "7891234567895"). */
export const withCheckDigit = (body: string) => `${body}${checkDigit(body)}`;

/** A SKU (or any code typed or scanned) as the catalog keys it: trimmed, upper-case. */
export function normalizeSku(code: string): string {
  return code.trim().toUpperCase();
}

/** The longest beginning of a word the catalog's search index keeps; a longer word searched is cut to it. */
export const SEARCH_PREFIX_MAX = 20;

/** Letters without a decomposed accent that unaccent still spells in Latin letters. */
const PLAIN_LETTERS: Record<string, string> = { ß: "ss", æ: "ae", œ: "oe", ø: "o", đ: "d", ð: "d", ł: "l", þ: "th" };

/**
 * The words of a text as the catalog's search compares them: accents dropped (as PostgreSQL's
 * unaccent does for Portuguese), lower case, split at anything that is not a letter or a digit.
 * "Tênis Runner-X 42" → ["tenis", "runner", "x", "42"].
 */
export function searchWords(text: string): string[] {
  const plain = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþ]/g, (letter) => PLAIN_LETTERS[letter]!);
  return plain.split(/[^\p{L}\p{Nd}]+/u).filter((word) => word !== "");
}

/**
 * Every beginning of every word of a text, from its first character up to SEARCH_PREFIX_MAX, once
 * each: what a product's description is indexed by, so that a search for "run pre" finds
 * "Tênis Runner Masc Preto" ("run" begins "runner", "pre" begins "preto").
 */
export function searchPrefixes(text: string): string[] {
  const prefixes = new Set<string>();
  for (const word of searchWords(text)) {
    // Grown one character (code point) at a time: "run" → "r", "ru", "run".
    let prefix = "";
    let length = 0;
    for (const char of word) {
      if (++length > SEARCH_PREFIX_MAX) break;
      prefix += char;
      prefixes.add(prefix);
    }
  }
  return [...prefixes];
}

/** A search's words as the index holds them: each cut to SEARCH_PREFIX_MAX, once each. */
export function searchQueryWords(text: string): string[] {
  return [...new Set(searchWords(text).map((word) => Array.from(word).slice(0, SEARCH_PREFIX_MAX).join("")))];
}

/** The GTINs of one cell: separated by spaces, commas, semicolons or bars. */
export function splitEans(cell: string | undefined): string[] {
  return (cell ?? "").split(/[\s,;|]+/).filter((ean) => ean !== "");
}

export const skuSchema = trimmed(CATALOG_MESSAGES.skuRequired)
  .pipe(z.string().min(1, CATALOG_MESSAGES.skuRequired))
  .transform(normalizeSku)
  .pipe(z.string().regex(SKU_PATTERN, CATALOG_MESSAGES.skuInvalid));

const eansSchema = z
  .array(z.string({ error: CATALOG_MESSAGES.eanInvalid("") }).trim(), { error: CATALOG_MESSAGES.eanInvalid("") })
  .max(PRODUCT_EANS_MAX, CATALOG_MESSAGES.eansTooMany)
  .superRefine((eans, ctx) => {
    for (const ean of eans) if (!gtinValid(ean)) ctx.addIssue({ code: "custom", message: CATALOG_MESSAGES.eanInvalid(ean) });
  })
  .transform((eans) => [...new Set(eans)]);

const descriptionSchema = trimmed(CATALOG_MESSAGES.descriptionRequired)
  .pipe(z.string().min(1, CATALOG_MESSAGES.descriptionRequired).max(PRODUCT_DESCRIPTION_MAX, CATALOG_MESSAGES.descriptionTooLong))
  .pipe(plainText(CATALOG_MESSAGES.descriptionUnsafe));

/** An optional text: blank is none (null); within its length, one line of plain text. */
function optionalText(field: keyof typeof FIELD_NAMES) {
  const name = FIELD_NAMES[field];
  return z
    .string({ error: CATALOG_MESSAGES.textUnsafe(name) })
    .trim()
    .max(PRODUCT_TEXT_MAX, CATALOG_MESSAGES.textTooLong(name))
    .pipe(plainText(CATALOG_MESSAGES.textUnsafe(name)))
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A product's fields as an administrator or an import gives them. */
export const productInputSchema = z.object(
  {
    sku: skuSchema,
    eans: eansSchema.default([]),
    description: descriptionSchema,
    reference: optionalText("reference"),
    size: optionalText("size"),
    color: optionalText("color"),
  },
  { error: CATALOG_MESSAGES.invalidBody },
);
export type ProductInput = z.output<typeof productInputSchema>;

/** A product as the API answers it. */
export const productSchema = z.object({
  sku: z.string(),
  eans: z.array(z.string()),
  description: z.string(),
  reference: z.string().nullable(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  active: z.boolean(),
});
export type Product = z.output<typeof productSchema>;

/** `PUT /api/products/update/{sku}`: the fields to change; `active: false` retires the product. */
export const productUpdateSchema = z.strictObject(
  {
      eans: eansSchema.optional(),
      description: descriptionSchema.optional(),
      reference: optionalText("reference").optional(),
      size: optionalText("size").optional(),
      color: optionalText("color").optional(),
      active: z.boolean({ error: CATALOG_MESSAGES.activeInvalid }).optional(),
  },
  { error: CATALOG_MESSAGES.updateInvalid },
);
export type ProductUpdate = z.output<typeof productUpdateSchema>;

const cell = z.string({ error: CATALOG_MESSAGES.invalidBody }).max(1_000, CATALOG_MESSAGES.invalidBody);

/** One row of an import as read from the file, every cell as text; each row's rules are checked by parseImportRow. */
export const productImportRowSchema = z.object(
  {
    /** The row's line in the file, for the messages; its position in `rows` (from 1) when left out. */
    line: z.number({ error: CATALOG_MESSAGES.invalidBody }).int().positive().optional(),
    sku: cell,
    ean: cell.optional(),
    description: cell,
    reference: cell.optional(),
    size: cell.optional(),
    color: cell.optional(),
  },
  { error: CATALOG_MESSAGES.invalidBody },
);
export type ProductImportRow = z.output<typeof productImportRowSchema>;

export const productImportSchema = z.object(
  {
    /** true: only the preview (what would be created or updated, and what is wrong); nothing is written. */
    dryRun: z.boolean({ error: CATALOG_MESSAGES.invalidBody }).default(false),
    rows: z
      .array(productImportRowSchema, { error: CATALOG_MESSAGES.invalidBody })
      .min(1, CATALOG_MESSAGES.noRows)
      .max(PRODUCT_IMPORT_MAX_ROWS, CATALOG_MESSAGES.tooManyRows),
  },
  { error: CATALOG_MESSAGES.invalidBody },
);
export type ProductImportInput = z.input<typeof productImportSchema>;
export type ProductImport = z.output<typeof productImportSchema>;

export interface ProductImportError {
  line: number;
  error: string;
}

export interface ProductImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ProductImportError[];
}

/** One imported row as a product's fields, or the first message of what is wrong with it. */
export function parseImportRow(row: ProductImportRow): { product: ProductInput } | { error: string } {
  const parsed = productInputSchema.safeParse({ ...row, eans: splitEans(row.ean) });
  return parsed.success ? { product: parsed.data } : { error: parsed.error.issues[0]!.message };
}

export const productByItemsSchema = z.object(
  { items: z.array(z.string({ error: CATALOG_MESSAGES.itemsInvalid }).max(1_000, CATALOG_MESSAGES.itemsInvalid), { error: CATALOG_MESSAGES.itemsInvalid }).min(1, CATALOG_MESSAGES.itemsInvalid).max(PRODUCT_BY_ITEMS_MAX, CATALOG_MESSAGES.itemsInvalid) },
  { error: CATALOG_MESSAGES.itemsInvalid },
);

/** A line of a list, pickup or return made from the catalog: `quantity` copies of the product with this GTIN or SKU. */
export const catalogLineSchema = z.object(
  {
    code: trimmed(CATALOG_MESSAGES.codeRequired).pipe(z.string().min(1, CATALOG_MESSAGES.codeRequired).max(PRODUCT_TEXT_MAX, CATALOG_MESSAGES.codeRequired)),
    quantity: z.number({ error: CATALOG_MESSAGES.quantityInvalid }).int(CATALOG_MESSAGES.quantityInvalid).min(1, CATALOG_MESSAGES.quantityInvalid).max(LINE_QUANTITY_MAX, CATALOG_MESSAGES.quantityInvalid),
  },
  { error: CATALOG_MESSAGES.codeRequired },
);
export type CatalogLine = z.output<typeof catalogLineSchema>;

/**
 * The `lines` a create call may carry beside its free-text items. Their copies count towards the
 * record's item limit, checked here before any copy is made.
 */
export const catalogLinesSchema = z
  .array(catalogLineSchema, { error: CATALOG_MESSAGES.codeRequired })
  .max(ITEMS_MAX, ITEMS_TOO_MANY)
  .refine((lines) => lines.reduce((count, line) => count + line.quantity, 0) <= ITEMS_MAX, ITEMS_TOO_MANY);

type ItemFields = Pick<Product, "sku" | "description" | "size">;

/**
 * The item text made from a product: its description, its size unless the description already
 * has it as a word, and its SKU last, so that the copy helper ('code', 'codeAll') copies the SKU:
 * "TÊNIS RUNNER MASC PRETO 42 48213042".
 */
export function productItemText(product: ItemFields): string {
  const words = product.description.trim().split(/\s+/);
  const size = product.size?.trim();
  const upper = words.map((w) => w.toUpperCase());
  const parts = size && !upper.includes(size.toUpperCase()) ? [...words, size] : words;
  return [...parts, product.sku].join(" ");
}

/** The SKU an item text made from the catalog ends with: its last word. */
export function skuOfItem(text: string): string {
  const words = text.trim().split(/\s+/);
  return normalizeSku(words[words.length - 1] ?? "");
}

/** Every code the catalog finds a product by: its SKU and each of its GTINs. */
export function catalogIndex(products: Iterable<Product>): Map<string, Product> {
  const index = new Map<string, Product>();
  for (const product of products) {
    index.set(product.sku, product);
    for (const ean of product.eans) index.set(ean, product);
  }
  return index;
}

/**
 * The items of catalog lines: `quantity` copies of each product's item text, in the lines' order.
 * A code the index does not know is refused, named.
 */
export function expandLines(lines: readonly { code: string; quantity: number }[], productsByCode: ReadonlyMap<string, ItemFields>): string[] {
  const items: string[] = [];
  for (const line of lines) {
    const product = productsByCode.get(normalizeSku(line.code));
    if (!product) throw new RuleViolation(CATALOG_MESSAGES.unknownCode(line.code.trim()), "invalid");
    const text = productItemText(product);
    for (let i = 0; i < line.quantity; i++) items.push(text);
  }
  return items;
}

export type CatalogScanOutcome = ScanOutcome | { kind: "invalid" };

/** The message a scan that ticked nothing shows. */
export function scanRefusal(outcome: CatalogScanOutcome): string | undefined {
  if (outcome.kind === "invalid") return CATALOG_MESSAGES.invalidCode;
  if (outcome.kind === "unknown") return CATALOG_MESSAGES.notOnList;
  return undefined;
}

/**
 * A scan on a list in progress, knowing the list's products (`catalogIndex` of `by-items`): a code
 * of a product ticks the next unseparated copy of that product; a product not on the list is
 * 'unknown'; any other code is matched as the spec's scan matches item texts; a GTIN-shaped code
 * that matches nothing and fails its check digit is 'invalid'.
 */
export function matchScan(
  list: { listItems: readonly string[] } & ItemSplit,
  scanned: string,
  productsByCode: ReadonlyMap<string, Pick<Product, "sku">>,
): CatalogScanOutcome {
  const code = normalizeSku(scanned);
  const product = productsByCode.get(code);
  if (product) return scanItem(list, code, (item) => skuOfItem(item) === product.sku);
  const outcome = scanItem(list, scanned);
  if (outcome.kind === "unknown" && isGtinShaped(code) && !gtinValid(code)) return { kind: "invalid" };
  return outcome;
}
