import { PRODUCT_BY_ITEMS_MAX, productSchema, type Product } from "@passo/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
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
export const productsByItemsQueryOptions = (items: readonly string[]) => {
  const asked = [...new Set(items)].slice(0, PRODUCT_BY_ITEMS_MAX);
  return queryOptions({
    queryKey: [...PRODUCTS_KEY, "by-items", asked],
    queryFn: async () => productsResponseSchema.parse(await api.post("/products/by-items", { items: asked })).products,
    enabled: asked.length > 0,
    staleTime: 5 * 60_000,
  });
};

export const useProductsByItems = (items: readonly string[], enabled = true) =>
  useQuery({ ...productsByItemsQueryOptions(items), enabled: enabled && items.length > 0 });
