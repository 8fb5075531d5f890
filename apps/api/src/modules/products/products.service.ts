import {
  CATALOG_MESSAGES,
  catalogLinesSchema,
  expandLines,
  gtinValid,
  isGtinShaped,
  normalizeSku,
  parseImportRow,
  SKU_PATTERN,
  searchPrefixes,
  searchQueryWords,
  skuOfItem,
  type Product,
  type ProductImport,
  type ProductImportError,
  type ProductImportResult,
  type ProductInput,
  type ProductUpdate,
} from "@passo/domain";
import { and, asc, eq, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../../db/client.js";
import { auditLog, productEans, products } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { HttpError, badRequest, conflict, notFound } from "../../lib/errors.js";
import { auditRow, recordAudit, type AuditActor, type AuditRow } from "../../records/audit.js";

/** A product as the API answers it, with the id its audit lines name it by. */
type StoredProduct = Product & { id: string };

const columns = {
  id: products.id,
  sku: products.sku,
  description: products.description,
  reference: products.reference,
  size: products.size,
  color: products.color,
  active: products.active,
  // Spelled out: in a select list Drizzle leaves column names unqualified, and "sku" = "sku" would hold for every row.
  eans: sql<string[]>`coalesce((select array_agg(e.ean order by e.position) from product_eans e where e.sku = products.sku), '{}')`,
};

const wire = ({ id: _id, ...product }: StoredProduct): Product => product;

async function selectProducts(db: Db | Tx, where: SQL | undefined, limit?: number, offset = 0): Promise<StoredProduct[]> {
  const query = db.select(columns).from(products).where(where).orderBy(asc(products.sku)).offset(offset);
  return limit === undefined ? query : query.limit(limit);
}

/** `column = any($1)`: one array parameter, however many values (an import's 5,000 SKUs). */
const anyOf = (column: AnyColumn, values: readonly string[]) =>
  sql`${column} = any(${sql.param([...values])}::text[])`;

/** The SKUs of the products holding one of these GTINs; only active products' unless `retired` too. */
const skusWithEan = (eans: string[], retired = false) =>
  sql`array(select ${productEans.sku} from ${productEans} where ${anyOf(productEans.ean, eans)}${retired ? sql`` : sql` and ${productEans.active}`})`;

/**
 * A description's search words as `search_words` keeps them: every beginning of every word
 * (domain `searchPrefixes`), as a 'simple' text-search vector without positions. Written with the
 * row by every writer (this service, the demo chain).
 */
const searchVector = (words: SQL | string): SQL => sql`strip(to_tsvector('simple', ${words}))`;
export const searchWordsOf = (description: string): SQL => searchVector(searchPrefixes(description).join(" "));

/** A text inside a LIKE pattern, LIKE's own characters taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

export interface ProductQuery {
  search?: string | undefined;
  reference?: string | undefined;
  active?: boolean | undefined;
  page: number;
  pageSize: number;
}

/**
 * 'Produtos' and the product picker: a SKU prefix, a whole GTIN, or every word searched beginning a
 * word of the description (accents and case ignored: the GIN index of `search_words`), by SKU.
 * One statement answers the page and the total: the matching rows are read once (a CTE), counted,
 * and the page's 20-odd rows alone get their GTINs. A page past the end still answers the total.
 */
export async function searchProducts(db: Db, query: ProductQuery): Promise<{ products: Product[]; total: number }> {
  const conditions: SQL[] = [];
  const search = query.search?.trim();
  if (search) {
    const words = searchQueryWords(search);
    const sku = normalizeSku(search);
    const matches: SQL[] = [];
    // Only a text a SKU may begin with is looked up as one (not three words with spaces between them).
    if (SKU_PATTERN.test(sku)) matches.push(sql`${products.sku} like ${`${escapeLike(sku)}%`}`);
    if (words.length > 0) matches.push(sql`${products.searchWords} @@ to_tsquery('simple', ${words.join(" & ")})`);
    if (isGtinShaped(search)) matches.push(sql`${products.sku} = any(${skusWithEan([search], true)})`);
    conditions.push(or(...matches) ?? sql`false`);
  }
  if (query.reference) conditions.push(eq(products.reference, query.reference));
  if (query.active !== undefined) conditions.push(eq(products.active, query.active));
  const where = and(...conditions) ?? sql`true`;
  const rows = rowsOf<{ total: number } & Partial<Omit<StoredProduct, "id">>>(
    await db.execute(sql`
      with matched as ${search ? sql`materialized` : sql`not materialized`} (
        select sku, description, reference, size, color, active from ${products} where ${where}
      ), page as (
        select * from matched order by sku limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      )
      select c.total, page.sku, page.description, page.reference, page.size, page.color, page.active,
        coalesce((select array_agg(e.ean order by e.position) from ${productEans} e where e.sku = page.sku), '{}') as eans
      from (select count(*)::int as total from matched) c left join page on true
      order by page.sku`),
  );
  const page = rows.filter((row) => row.sku != null).map(({ total: _total, ...product }) => product as Product);
  return { products: page, total: Number(rows[0]?.total ?? 0) };
}

const byCodeQueries = new WeakMap<Db, ReturnType<typeof prepareByCode>>();

/**
 * The scanner's two statements, built once per database and, on PostgreSQL, prepared once per
 * connection: the product of a SKU, and the product of a SKU or else of a GTIN (the SKU's first,
 * then the active holder of the GTIN, then a retired one). A scan runs one of them, without building
 * its SQL again.
 */
function prepareByCode(db: Db) {
  const code = sql.placeholder("code");
  const bySku = db.select(columns).from(products).where(eq(products.sku, code)).limit(1).prepare("passo_product_by_sku");
  const bySkuOrGtin = db
    .select(columns)
    .from(products)
    .where(or(eq(products.sku, code), sql`${products.sku} = any(array(select ${productEans.sku} from ${productEans} where ${productEans.ean} = ${code}))`))
    .orderBy(sql`${products.sku} = ${code} desc`, sql`${products.active} desc`, asc(products.sku))
    .limit(1)
    .prepare("passo_product_by_code");
  return { bySku, bySkuOrGtin };
}

/**
 * The product with this SKU, or else the one whose box carries this GTIN (the active one before a
 * retired one). A GTIN-shaped code that is no SKU and fails its check digit is refused (400).
 */
export async function productByCode(db: Db, code: string): Promise<Product> {
  const key = normalizeSku(code);
  const gtin = isGtinShaped(key) && gtinValid(key);
  let queries = byCodeQueries.get(db);
  if (!queries) byCodeQueries.set(db, (queries = prepareByCode(db)));
  const [found] = await (gtin ? queries.bySkuOrGtin : queries.bySku).execute({ code: key });
  if (found) return wire(found);
  if (isGtinShaped(key) && !gtin) throw badRequest(CATALOG_MESSAGES.invalidCode);
  throw notFound(CATALOG_MESSAGES.notInCatalog);
}

/**
 * The active products of catalog lines' codes (GTINs or SKUs), keyed by each code as given
 * (normalised): what picklists, pickups and returns expand their `lines` with. An unknown code
 * is refused (400), named.
 */
export async function resolveCodes(db: Db | Tx, codes: readonly string[]): Promise<Map<string, Product>> {
  const byCode = await lookupCodes(db, codes);
  const unknown = [...new Set(codes.map(normalizeSku))].find((key) => !byCode.has(key));
  if (unknown !== undefined) {
    throw badRequest(isGtinShaped(unknown) && !gtinValid(unknown) ? CATALOG_MESSAGES.eanInvalid(unknown) : CATALOG_MESSAGES.unknownCode(unknown));
  }
  return byCode;
}

/** The active products of these codes (GTINs or SKUs), keyed by each code found (normalised); an unknown code is left out. */
export async function lookupCodes(db: Db | Tx, codes: readonly string[]): Promise<Map<string, Product>> {
  const wanted = new Set(codes.map(normalizeSku));
  const keys = [...wanted];
  const found = keys.length === 0 ? [] : await selectProducts(db, and(eq(products.active, true), or(anyOf(products.sku, keys), sql`${products.sku} = any(${skusWithEan(keys)})`)));
  const byCode = new Map<string, Product>();
  for (const product of found.map(wire)) {
    if (wanted.has(product.sku)) byCode.set(product.sku, product);
    for (const ean of product.eans) if (wanted.has(ean)) byCode.set(ean, product);
  }
  return byCode;
}

/** The products with these SKUs, active or retired (items made from them stay on their records). */
export async function productsBySkus(db: Db | Tx, skus: readonly string[]): Promise<Product[]> {
  const keys = [...new Set(skus.map(normalizeSku))].filter((sku) => SKU_PATTERN.test(sku));
  if (keys.length === 0) return [];
  return (await selectProducts(db, anyOf(products.sku, keys))).map(wire);
}

/** The catalog's products that these item texts were made from (their last word is the SKU). */
export const productsByItems = (db: Db, items: readonly string[]) => productsBySkus(db, items.map(skuOfItem));

/** What an audit line keeps of a product; its description under a name of its own (an e-mail template's `description` is its subject). */
export const auditedProduct = (product: Product) => ({
  sku: product.sku,
  eans: product.eans,
  productDescription: product.description,
  reference: product.reference,
  size: product.size,
  color: product.color,
  active: product.active,
});

/**
 * The GTINs these products would take that another active product holds and keeps: `sku` → `ean` →
 * the holder's SKU. One set query over every (GTIN, SKU) pair; a holder that is itself among
 * `giving` (products written in the same import) keeps a GTIN only if its pairs still name it.
 * One index probe per GTIN (a GTIN has at most one active holder).
 */
async function heldEans(db: Db | Tx, pairs: { sku: string; ean: string }[], giving: readonly string[] = []): Promise<Map<string, Map<string, string>>> {
  const held = new Map<string, Map<string, string>>();
  if (pairs.length === 0) return held;
  const rows = rowsOf<{ sku: string; ean: string; holder: string }>(
    await db.execute(sql`
      with wanted (ean, sku) as (select * from unnest(${sql.param(pairs.map((p) => p.ean))}::text[], ${sql.param(pairs.map((p) => p.sku))}::text[]))
      select w.sku, w.ean, h.sku as holder
      from wanted w cross join lateral (select e.sku from ${productEans} e where e.ean = w.ean and e.active limit 1) h
      where h.sku <> w.sku and (not (h.sku = any(${sql.param([...giving])}::text[])) or (w.ean, h.sku) in (select ean, sku from wanted))`),
  );
  for (const row of rows) {
    const byEan = held.get(row.sku) ?? new Map<string, string>();
    held.set(row.sku, byEan.set(row.ean, row.holder));
  }
  return held;
}

/** The insert of these products' GTIN rows, active as each product is: one statement, one array parameter per column. */
function insertEans(entries: { sku: string; eans: string[]; active: boolean }[]): SQL {
  const rows = entries.flatMap((e) => e.eans.map((ean, position) => ({ ean, sku: e.sku, position, active: e.active })));
  const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key]));
  return sql`
    insert into ${productEans} (ean, sku, position, active)
    select * from unnest(${column("ean")}::text[], ${column("sku")}::text[], ${column("position")}::int[], ${column("active")}::boolean[])`;
}

/**
 * Gives products their GTINs, active as each product is: the rows of the products that had some
 * (`replace`) are deleted first, then every product's rows written in one statement.
 */
async function writeEans(tx: Tx, entries: { sku: string; eans: string[]; active: boolean }[], replace: readonly string[] = entries.map((e) => e.sku)): Promise<void> {
  if (replace.length > 0) await tx.delete(productEans).where(anyOf(productEans.sku, [...replace]));
  if (entries.some((e) => e.eans.length > 0)) await tx.execute(insertEans(entries));
}

/**
 * The products of these SKUs, keyed by SKU: one probe of the primary key per SKU (a lateral
 * subquery the planner keeps apart), whatever it guesses of 5,000 values in an array, which as
 * `sku = any($1)` it sometimes reads the whole table for.
 */
async function existingProducts(tx: Tx, skus: string[]): Promise<Map<string, StoredProduct>> {
  const rows = rowsOf<StoredProduct>(
    await tx.execute(sql`
      select p.id, p.sku, p.description, p.reference, p.size, p.color, p.active,
        coalesce((select array_agg(e.ean order by e.position) from ${productEans} e where e.sku = p.sku), '{}') as eans
      from unnest(${sql.param(skus)}::text[]) as k(sku)
      cross join lateral (select * from ${products} where ${products.sku} = k.sku limit 1) p`),
  );
  return new Map(rows.map((p) => [p.sku, p]));
}

/** Creates or updates these products by SKU, each with its search words, answering each one's id and SKU. */
function upsertProducts(afters: Product[]): SQL {
  const column = <K extends keyof Product>(key: K) => sql.param(afters.map((p) => p[key]));
  return sql`
    insert into ${products} (sku, description, reference, size, color, search_words, updated_at)
    select t.sku, t.description, t.reference, t.size, t.color, ${searchVector(sql`t.words`)}, now()
    from unnest(${column("sku")}::text[], ${column("description")}::text[], ${column("reference")}::text[], ${column("size")}::text[], ${column("color")}::text[], ${sql.param(afters.map((p) => searchPrefixes(p.description).join(" ")))}::text[]) as t(sku, description, reference, size, color, words)
    on conflict (sku) do update set description = excluded.description, reference = excluded.reference, size = excluded.size, color = excluded.color, search_words = excluded.search_words, updated_at = excluded.updated_at
    returning id, sku`;
}

/** The audit lines of an import, each named by the id `written` (the upsert) answers for its SKU. */
function auditLines(audits: { sku: string; row: AuditRow }[]): SQL {
  const [first] = audits;
  if (!first) return sql`select count(*) from written`;
  const { actorId, actorName, actorRole, entity } = first.row;
  return sql`
    insert into ${auditLog} (actor_id, actor_name, actor_role, entity, entity_id, action, changes)
    select ${actorId ?? null}::uuid, ${actorName}, ${actorRole ?? null}, ${entity}, w.id, a.action, a.changes::jsonb
    from unnest(${sql.param(audits.map((a) => a.sku))}::text[], ${sql.param(audits.map((a) => a.row.action))}::text[], ${sql.param(audits.map((a) => JSON.stringify(a.row.changes)))}::text[]) as a(sku, action, changes)
    join written w on w.sku = a.sku`;
}

/**
 * Moves the search index's pending entries into the index itself. A GIN index takes new rows' words
 * into a pending list first (cheap to write), and every search reads that whole list besides the
 * index, until a cleanup moves them in: after an import of thousands of products the list holds up to
 * 4 MB, which more than doubled a search's work in the database. The import does that move once,
 * after its commit; should it fail (the database user not owning the index), the next vacuum does it
 * and the import stands.
 */
async function cleanSearchIndex(db: Db): Promise<void> {
  try {
    await db.execute(sql`select gin_clean_pending_list('products_search_words'::regclass)`);
  } catch {
    // Searches read the pending list until the next vacuum: slower, never wrong.
  }
}

const FIELDS = ["sku", "description", "reference", "size", "color", "active"] as const;
const sameProduct = (a: Product, b: Product) => FIELDS.every((f) => a[f] === b[f]) && a.eans.join() === b.eans.join();

/** A GTIN another active product holds, refused naming the product. */
const heldMessage = (ean: string, sku: string) => CATALOG_MESSAGES.eanHeld(ean, sku);

/**
 * 'Importar produtos' and other systems' catalogs: creates or updates by SKU (a row without `ean`
 * keeps the product's GTINs; a retired product stays retired). Every row is checked first; a
 * refused row writes nothing (400 with the rows' errors), a dry run only answers what would happen.
 */
export async function importProducts(db: Db, actor: AuditActor, input: ProductImport): Promise<ProductImportResult> {
  const errors: ProductImportError[] = [];
  const rows: { line: number; product: ProductInput; keepEans: boolean }[] = [];
  const lineOfSku = new Map<string, number>();
  input.rows.forEach((row, index) => {
    const line = row.line ?? index + 1;
    const parsed = parseImportRow(row);
    if ("error" in parsed) return errors.push({ line, error: parsed.error });
    const earlier = lineOfSku.get(parsed.product.sku);
    if (earlier !== undefined) return errors.push({ line, error: CATALOG_MESSAGES.skuRepeated(parsed.product.sku, earlier) });
    lineOfSku.set(parsed.product.sku, line);
    rows.push({ line, product: parsed.product, keepEans: (row.ean ?? "").trim() === "" });
  });

  try {
    const result = await db.transaction(async (tx) => {
      // Statements over 5,000 rows are costed high enough for PostgreSQL to compile them (JIT), which
      // takes longer than running them: off for this transaction.
      await tx.execute(sql`set local jit = off`);
      const existing = await existingProducts(tx, [...lineOfSku.keys()]);
      const planned = rows.map(({ line, product, keepEans }) => {
        const before = existing.get(product.sku);
        const after: Product = { ...product, eans: keepEans && before ? before.eans : product.eans, active: before?.active ?? true };
        return { line, before, after };
      });

      // A GTIN is free when no active product holds it, or its holder is in this import and gives it up.
      const active = planned.filter((p) => p.after.active);
      const held = await heldEans(
        tx,
        active.flatMap((p) => p.after.eans.map((ean) => ({ sku: p.after.sku, ean }))),
        active.map((p) => p.after.sku),
      );
      const lineOfEan = new Map<string, number>();
      for (const { line, after } of active) {
        for (const ean of after.eans) {
          const holder = held.get(after.sku)?.get(ean);
          const earlier = lineOfEan.get(ean);
          if (earlier !== undefined) errors.push({ line, error: CATALOG_MESSAGES.eanRepeated(ean, earlier) });
          else if (holder !== undefined) errors.push({ line, error: heldMessage(ean, holder) });
          lineOfEan.set(ean, line);
        }
      }

      const refused = new Set(errors.map((e) => e.line));
      const valid = planned.filter((p) => !refused.has(p.line));
      const changed = valid.filter((p) => !p.before || !sameProduct(p.before, p.after));
      const created = changed.filter((p) => !p.before).length;
      const result = { created, updated: changed.length - created, unchanged: valid.length - changed.length, errors: errors.sort((a, b) => a.line - b.line) };
      if (errors.length > 0 && !input.dryRun) throw new HttpError(400, CATALOG_MESSAGES.refused, { errors: result.errors });
      if (input.dryRun || changed.length === 0) return result;

      // The GTIN rows of products whose GTINs change and that had some go first; then one statement
      // writes the products, the GTINs of new products and of those whose GTINs change, and the audit
      // lines (named by the ids the upsert answers), each column one array parameter.
      const eansChanged = changed.filter((p) => !p.before || p.before.eans.join() !== p.after.eans.join());
      const replaced = eansChanged.filter((p) => p.before && p.before.eans.length > 0).map((p) => p.after.sku);
      if (replaced.length > 0) await tx.delete(productEans).where(anyOf(productEans.sku, replaced));
      const audits = changed.flatMap(({ before, after }) => {
        // The id is the upsert's (a product created meanwhile keeps its own); the row's other fields are auditRow's.
        const row = auditRow(actor, "product", before?.id ?? "", before ? "update" : "create", before ? auditedProduct(before) : null, auditedProduct(after));
        return row ? [{ sku: after.sku, row }] : [];
      });
      await tx.execute(sql`
        with written as (${upsertProducts(changed.map((p) => p.after))}),
        gtins as (${insertEans(eansChanged.map((p) => p.after))})
        ${auditLines(audits)}`);
      return result;
    });
    if (!input.dryRun && result.created + result.updated > 0) await cleanSearchIndex(db);
    return result;
  } catch (err) {
    // Another import or edit took one of these GTINs meanwhile.
    if (isUniqueViolation(err)) throw conflict(CATALOG_MESSAGES.refused);
    throw err;
  }
}

/** 'Produtos': edits one product; `active: false` retires it (its GTINs free for another product). */
export async function updateProduct(db: Db, actor: AuditActor, sku: string, patch: ProductUpdate): Promise<Product> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await selectProducts(tx, eq(products.sku, normalizeSku(sku)));
      if (!before) throw notFound(CATALOG_MESSAGES.notFound);
      const after: StoredProduct = { ...before, ...patch };
      if (after.active) {
        const held = (await heldEans(tx, after.eans.map((ean) => ({ sku: after.sku, ean })))).get(after.sku);
        for (const ean of after.eans) {
          const holder = held?.get(ean);
          if (holder !== undefined) throw conflict(heldMessage(ean, holder));
        }
      }
      const { eans: _eans, id: _id, sku: _sku, ...fields } = after;
      await tx.update(products).set({ ...fields, searchWords: searchWordsOf(fields.description), updatedAt: new Date() }).where(eq(products.sku, before.sku));
      await writeEans(tx, [after]);
      await recordAudit(tx, actor, "product", before.id, "update", auditedProduct(before), auditedProduct(after));
      return wire(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(CATALOG_MESSAGES.refused);
    throw err;
  }
}

/**
 * A create call's catalog lines (`lines: [{code, quantity}]`, beside its free-text items) made into
 * the items they stand for and appended to the body's `itemsKey`, before the body is validated: the
 * record keeps the spec's shape (a list of item texts) and every rule on items holds for these too.
 * A malformed line or an unknown code is refused (400), named; a body without lines is left as it is.
 */
export async function expandCatalogLines(db: Db, body: unknown, itemsKey: string): Promise<void> {
  if (typeof body !== "object" || body === null || !("lines" in body)) return;
  const record = body as Record<string, unknown>;
  const lines = catalogLinesSchema.safeParse(record.lines);
  if (!lines.success) throw badRequest(lines.error.issues[0]!.message);
  delete record.lines;
  const given = record[itemsKey] ?? [];
  // Items that are not a list are the record's schema's to refuse, with its own message.
  if (lines.data.length === 0 || !Array.isArray(given)) return;
  const productsByCode = await resolveCodes(db, lines.data.map((line) => line.code));
  record[itemsKey] = [...given, ...expandLines(lines.data, productsByCode)];
}
