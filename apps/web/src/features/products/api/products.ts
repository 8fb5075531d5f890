import { productSchema, type ProductImportResult, type ProductImportRow, type ProductUpdate } from "@passo/domain";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import type { PageParams } from "@/lib/pagination";

export const PRODUCTS_KEY = ["products"] as const;

/** 'Ativos', 'Desativados' or every product. */
export type ActiveFilter = "true" | "false" | "all";

export interface ProductsQuery {
  search?: string;
  reference?: string;
  active?: ActiveFilter;
}

const productsResponseSchema = z.object({ products: z.array(productSchema), total: z.number() });

/** GET /api/products/get: a page of the catalog; the search matches a SKU's start, a whole GTIN or every word of the description. */
export const productsQueryOptions = ({ search, reference, active = "all" }: ProductsQuery, { page, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, "list", { search, reference, active, page, pageSize }],
    queryFn: async ({ signal }) =>
      productsResponseSchema.parse(
        await api.get("/products/get", { search: search?.trim(), reference, active: active === "all" ? undefined : active, page, pageSize }, signal),
      ),
  });

/** A model's sizes, every one of them (a model has a few dozen at most). */
export const useModelProducts = (reference: string | null) =>
  useQuery({
    ...productsQueryOptions({ reference: reference ?? "" }, { page: 1, pageSize: 100 }),
    enabled: !!reference,
    placeholderData: keepPreviousData,
  });

/** PUT /api/products/update/{sku}: the fields to change; `active: false` retires the product. */
export const updateProduct = ({ sku, body }: { sku: string; body: ProductUpdate }) =>
  api.put<{ message: string }>(`/products/update/${encodeURIComponent(sku)}`, body);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSuccess: () => queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }) });
}

/** POST /api/products/import: one batch; a dry run only says what it would do. */
export const importProducts = (rows: ProductImportRow[], dryRun: boolean) =>
  api.post<ProductImportResult>("/products/import", { dryRun, rows });
