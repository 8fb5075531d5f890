import { PRODUCT_BY_ITEMS_MAX, productSchema, type NotFoundByProduct, type NotFoundGrouping, type Product } from "@passo/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { shortName, withOfflineCopy } from "@/lib/offline-copies";
import { PRODUCTS_KEY } from "./query-keys";

const productsResponseSchema = z.object({ products: z.array(productSchema), total: z.number().int().optional() });
const productResponseSchema = z.object({ product: productSchema });

export interface ProductsQuery {
  /** A SKU prefix, a whole GTIN or words of the description. */
  search?: string;
  /** One model's sizes. */
  reference?: string;
  pageSize?: number;
}

/** GET /api/products/get: the active products matching `search`, or one model's sizes. */
export async function getProducts(query: ProductsQuery, signal?: AbortSignal) {
  return productsResponseSchema.parse(await api.get("/products/get", { ...query, active: true }, signal)).products;
}

export const productsQueryOptions = (query: ProductsQuery) =>
  queryOptions({ queryKey: [...PRODUCTS_KEY, "list", query], queryFn: ({ signal }) => getProducts(query, signal) });

/** The search as typed settles into a query; the previous answer stays on screen meanwhile. */
export const useProducts = (query: ProductsQuery, enabled: boolean) =>
  useQuery({ ...productsQueryOptions(query), enabled, placeholderData: keepPreviousData });

/** GET /api/products/by-code/{code}: the product of a GTIN or a SKU, or the API's Portuguese refusal. */
export async function getProductByCode(code: string): Promise<Product> {
  return productResponseSchema.parse(await api.get(`/products/by-code/${encodeURIComponent(code)}`)).product;
}

/**
 * POST /api/products/by-items: the catalog's products among a list's items, read once when the list
 * opens, so each scan is matched on the device without a request. Asked in order, each text once.
 */
/** A key's hash, made once per key: the card asks for its list's products at every draw. */
const byItemsHashes = new WeakMap<readonly unknown[], string>();
const hashByItemsKey = (queryKey: readonly unknown[]) => {
  let hash = byItemsHashes.get(queryKey);
  if (hash === undefined) byItemsHashes.set(queryKey, (hash = JSON.stringify(queryKey)));
  return hash;
};

export const productsByItemsQueryOptions = (items: readonly string[]) => {
  const asked = [...new Set(items)].slice(0, PRODUCT_BY_ITEMS_MAX);
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, "by-items", asked],
    queryKeyHashFn: hashByItemsKey,
    // Kept on the device with the cards, so a box is matched offline too (lib/offline-copies.ts).
    queryFn: () =>
      withOfflineCopy(`products:${shortName(asked.join("\n"))}`, async () => productsResponseSchema.parse(await api.post("/products/by-items", { items: asked })).products),
    enabled: asked.length > 0,
    staleTime: 5 * 60_000,
  });
};

export function useProductsByItems(items: readonly string[], enabled = true) {
  // Built once per list, not on every draw of the card (a list holds up to hundreds of texts).
  const options = useMemo(() => productsByItemsQueryOptions(items), [items]);
  return useQuery({ ...options, enabled: enabled && items.length > 0 });
}

export interface NotFoundProductsQuery {
  from: string;
  to: string;
  /** A store's username; left out, every store (a store always gets its own). */
  store?: string | undefined;
  by: NotFoundGrouping;
  /** The most frequent first, at most this many (the API's default: 10). */
  limit?: number;
}

/**
 * GET /api/metrics/not-found-products: the period's most often unfound products (of finished lists),
 * by SKU or by model (reference) with each size's count; the dashboards' card and 'Processos de
 * separação' read it. An edit of the catalog refreshes it (a description, a size).
 */
export const notFoundProductsQueryOptions = (query: NotFoundProductsQuery) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, "not-found", query],
    queryFn: ({ signal }) => api.get<{ products: NotFoundByProduct[] }>("/metrics/not-found-products", { ...query }, signal),
    placeholderData: keepPreviousData,
  });
