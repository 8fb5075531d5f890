-- The catalog's search by the beginnings of words: `search_words` holds every beginning (1 to 20
-- characters) of every word of the description, accents and case dropped, as a 'simple' text-search
-- vector with a GIN index; the service computes it (domain `searchPrefixes`) and writes it with the
-- row. It replaces the trigram index of `search_text` and the trigger that kept that text. The rows
-- already there are filled here in SQL the way the service does it (unaccent, lower case, words of
-- letters and digits). The extensions stay: 0019 creates pg_trgm, unaccent fills the rows below.
DROP TRIGGER IF EXISTS products_search_text ON products;
--> statement-breakpoint
DROP FUNCTION IF EXISTS passo_product_search_text();
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" "tsvector" DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
UPDATE products SET search_words = coalesce((
  SELECT strip(to_tsvector('simple', string_agg(left(w.word, n), ' ')))
  FROM regexp_split_to_table(lower(unaccent(products.description)), '[^[:alnum:]]+') AS w(word),
       generate_series(1, least(length(w.word), 20)) AS n
  WHERE w.word <> ''
), ''::tsvector);
--> statement-breakpoint
CREATE INDEX "products_search_words" ON "products" USING gin ("search_words");
--> statement-breakpoint
DROP INDEX "products_search_trgm";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_text";
