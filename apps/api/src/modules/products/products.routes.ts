import {
  CATALOG_MESSAGES,
  PRODUCT_PAGE_SIZE_MAX,
  productByItemsSchema,
  productImportSchema,
  productSchema,
  productUpdateSchema,
} from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters } from "../../lib/list-query.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { importProducts, productByCode, productsByItems, searchProducts, updateProduct } from "./products.service.js";

const productsQuery = z.object({
  search: z.string({ error: "Pesquisa inválida." }).trim().max(100, "Pesquisa inválida.").optional(),
  reference: z.string({ error: "Referência inválida." }).trim().max(40, "Referência inválida.").optional().transform((v) => v || undefined),
  active: z
    .enum(["true", "false", "all"], { error: "Valor inválido para active." })
    .optional()
    .transform((v) => (v === undefined || v === "all" ? undefined : v === "true")),
  page: listFilters.page.default(1),
  pageSize: z.coerce
    .number({ error: "Tamanho de página inválido." })
    .int("Tamanho de página inválido.")
    .min(1, "Tamanho de página inválido.")
    .max(PRODUCT_PAGE_SIZE_MAX, "Tamanho de página inválido.")
    .default(50),
});

const codeParams = z.object({ code: z.string().max(100, CATALOG_MESSAGES.notInCatalog) });
const skuParams = z.object({ sku: z.string().max(100, CATALOG_MESSAGES.notFound) });
const importErrors = z.array(z.object({ line: z.number().int(), error: z.string() }));

/** The catalog (docs/api.md "The catalog"): administrators keep it, stores and keys of scope `products` read it. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["products"];

  app.get(
    "/products/get",
    {
      config: { access: anyRole, apiKeyScope: "products" },
      schema: {
        tags,
        summary: "Pesquisar o catálogo: prefixo do SKU, GTIN inteiro ou palavras que começam palavras da descrição (sem acentos), por SKU, em páginas",
        querystring: productsQuery,
        response: { 200: z.object({ products: z.array(productSchema), total: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => searchProducts(app.db, request.query),
  );

  app.get(
    "/products/by-code/:code",
    {
      config: { access: anyRole, apiKeyScope: "products" },
      schema: {
        tags,
        summary: "O produto de um GTIN ou SKU; GTIN com dígito verificador errado: 400; código desconhecido: 404",
        params: codeParams,
        response: { 200: z.object({ product: productSchema }), ...errorResponses },
      },
    },
    async (request) => ({ product: await productByCode(app.db, request.params.code) }),
  );

  app.post(
    "/products/by-items",
    {
      config: { access: anyRole, apiKeyScope: "products", changes: false },
      schema: {
        tags,
        summary: "Os produtos do catálogo de que estes itens foram feitos (o SKU é a última palavra do item): a tela os pede uma vez e lê os códigos sem nova consulta",
        body: productByItemsSchema,
        response: { 200: z.object({ products: z.array(productSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ products: await productsByItems(app.db, request.body.items) }),
  );

  app.post(
    "/products/import",
    {
      config: { access: adminOnly, apiKeyScope: "products" },
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Importar até 5.000 linhas do catálogo: cria ou atualiza por SKU. Com dryRun, só a prévia; sem ele, grava todas as linhas ou, se alguma for recusada, nenhuma (400 com os mesmos erros)",
        body: productImportSchema,
        response: {
          200: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), errors: importErrors }),
          ...errorResponses,
          400: z.object({ error: z.string(), errors: importErrors.optional() }),
        },
      },
    },
    async (request) => importProducts(app.db, request.auth, request.body),
  );

  app.put(
    "/products/update/:sku",
    {
      config: { access: adminOnly, apiKeyScope: "products" },
      schema: {
        tags,
        summary: "Alterar um produto (descrição, GTINs, referência, tamanho, cor); active: false o desativa",
        params: skuParams,
        body: productUpdateSchema,
        response: { 200: z.object({ message: z.string(), product: productSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const product = await updateProduct(app.db, request.auth, request.params.sku, request.body);
      return { message: request.body.active === false ? CATALOG_MESSAGES.retired : CATALOG_MESSAGES.updated, product };
    },
  );
};
