import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/** A PostgreSQL text-search vector, written and read only through SQL (`to_tsvector`, `@@`). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The catalog: one row per product (one size of one model), keyed by its upper-case SKU.
 * `search_words` holds every beginning of every word of the description, accents and case dropped
 * (domain `searchPrefixes`), as a 'simple' text-search vector the service writes with the row; a
 * GIN index finds the products whose words begin with each word searched. `id` names the product in
 * the audit log, whose lines name records by a UUID.
 */
export const products = pgTable(
  "products",
  {
    sku: text("sku").primaryKey(),
    id: uuid("id").notNull().unique("products_id").defaultRandom(),
    description: text("description").notNull(),
    reference: text("reference"),
    size: text("size"),
    color: text("color"),
    active: boolean("active").notNull().default(true),
    searchWords: tsvector("search_words").notNull().default(sql`''::tsvector`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_sku_prefix").on(t.sku.op("text_pattern_ops")),
    index("products_search_words").using("gin", t.searchWords),
    index("products_reference").on(t.reference, t.sku),
  ],
);

/**
 * The GTINs printed on a product's boxes, one row each, in the order given. `active` mirrors the
 * product's, so that a GTIN belongs to at most one active product (a retired one keeps its codes).
 */
export const productEans = pgTable(
  "product_eans",
  {
    ean: text("ean").notNull(),
    sku: text("sku")
      .notNull()
      .references(() => products.sku, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.ean, t.sku] }),
    uniqueIndex("product_eans_active_ean").on(t.ean).where(sql`${t.active}`),
    index("product_eans_sku").on(t.sku),
  ],
);
