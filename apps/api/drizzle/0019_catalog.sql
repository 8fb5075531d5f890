-- The catalog: products (one size of one model) and the GTINs on their boxes. A search matches a SKU
-- prefix (text_pattern_ops), a whole GTIN, or every word of the description with accents and case
-- ignored: the description's lower-case, unaccented text, kept by a trigger whoever writes, carries
-- a trigram index. Both extensions are trusted (a database owner may create them) and ship with
-- PostgreSQL's contrib and with PGlite (db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE TABLE "product_eans" (
	"ean" text NOT NULL,
	"sku" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "product_eans_ean_sku_pk" PRIMARY KEY("ean","sku")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"description" text NOT NULL,
	"reference" text,
	"size" text,
	"color" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_id" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "product_eans" ADD CONSTRAINT "product_eans_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_eans_active_ean" ON "product_eans" USING btree ("ean") WHERE "product_eans"."active";--> statement-breakpoint
CREATE INDEX "product_eans_sku" ON "product_eans" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_sku_prefix" ON "products" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_reference" ON "products" USING btree ("reference","sku");--> statement-breakpoint
CREATE FUNCTION passo_product_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(unaccent(NEW.description));
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_text BEFORE INSERT OR UPDATE OF description ON products
  FOR EACH ROW EXECUTE FUNCTION passo_product_search_text();
