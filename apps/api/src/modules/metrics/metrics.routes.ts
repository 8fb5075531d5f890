import {
  chainMetricsSchema,
  medianStoreSchema,
  dailyMetricsSchema,
  notFoundProductSchema,
  notFoundByProductSchema,
  NOT_FOUND_GROUPINGS,
  NOT_FOUND_PRODUCTS_CSV_HEADER,
  todayIn,
  pickupsAgeResponseSchema,
  refusalsResponseSchema,
  staffMetricsResponseSchema,
  storeMetricsSchema,
} from "@passo/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole } from "../../lib/auth.js";
import { scopeKey } from "../../lib/store-scope.js";
import { listFilters } from "../../lib/list-query.js";
import { csvFileName, sendCsv } from "../../lib/csv.js";
import { csvAnswer, routesOf } from "../../lib/route-schemas.js";
import { createFiguresCache } from "./figures-cache.js";
import { pickupsByAge, refusalsByReason } from "./metrics.breakdowns.js";
import { notFoundByProduct } from "./metrics.products.js";
import { dailyMetrics, frequentNotFound, storeMetrics } from "./metrics.service.js";
import { staffMetrics } from "./metrics.staff.js";

const query = z.object({ store: listFilters.store, from: listFilters.from, to: listFilters.to });

const FILTERS =
  "Filtros: from/to (dias em APP_TIMEZONE, inclusivos; listas por sendDate, devoluções por dateOfCreation), store (nome da loja ou all; " +
  "uma loja recebe sempre só os seus números). Calculado no banco, sem tabela de resumo; a mesma pergunta é respondida de novo sem recalcular " +
  "até a próxima alteração confirmada de uma lista, retirada, devolução, usuário ou dos prazos (e no máximo por 30 segundos).";

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["metrics"]);
  const figures = createFiguresCache(app.db);
  /**
   * One answer per question and scope: a store's figures are its own, a Supervisor's those of its stores
   * as they are now (its scope is part of the key), the office's the same for every administrator.
   */
  const cached = <T>(name: string, request: FastifyRequest, compute: () => Promise<T>) =>
    figures.get(`${name}|${scopeKey(request.auth)}|${JSON.stringify(request.query)}`, compute);

  app.get(
    "/metrics/stores",
    route(anyRole, { 200: z.object({ stores: z.array(storeMetricsSchema), chain: chainMetricsSchema, medianStore: medianStoreSchema }) }, {
      summary: "Números por loja no período: listas enviadas e finalizadas, medianas de início e de separação, taxa de atendimento, produtos não encontrados, retiradas aguardando e atrasadas, devoluções recebidas e recusadas; `chain`: os mesmos números da rede inteira; `medianStore`: a loja mediana (cada número, a mediana dos números das lojas)",
      description: FILTERS,
      querystring: query,
    }),
    async (request) => cached("stores", request, () => storeMetrics(app.db, request.auth, request.query, app.config.timezone)),
  );

  app.get(
    "/metrics/staff",
    route(anyRole, { 200: staffMetricsResponseSchema }, {
      summary:
        "Por atendente, numa loja: listas finalizadas e a mediana do tempo de separação (listas enviadas no período), retiradas entregues (entregues no período); o que foi feito sem PIN numa linha 'Sem atendente informado'",
      description: `${FILTERS} Uma loja vê os seus atendentes; um Supervisor, os de uma das suas lojas; o administrador escolhe a loja (store é obrigatório).`,
      querystring: query,
    }),
    async (request) => cached("staff", request, () => staffMetrics(app.db, request.auth, request.query, app.config.timezone)),
  );

  app.get(
    "/metrics/daily",
    route(anyRole, { 200: z.object({ days: z.array(dailyMetricsSchema), notFound: z.array(notFoundProductSchema) }) }, {
      summary: "Por dia do período: listas enviadas por status e mediana do tempo de separação; e os produtos mais vezes não encontrados",
      description: FILTERS,
      querystring: query,
    }),
    async (request) =>
      cached("daily", request, async () => ({
        days: await dailyMetrics(app.db, request.auth, request.query, app.config.timezone),
        notFound: await frequentNotFound(app.db, request.auth, request.query, app.config.timezone),
      })),
  );

  app.get(
    "/metrics/not-found-products",
    route(anyRole, { 200: z.object({ products: z.array(notFoundByProductSchema) }) }, {
      summary:
        "Produtos mais vezes não encontrados no período, por produto do catálogo: por SKU (by=sku, o padrão) ou por referência (by=reference, com a contagem de cada tamanho); um item que não vem do catálogo conta pelo seu texto",
      description: FILTERS,
      querystring: query.extend({
        by: z.enum(NOT_FOUND_GROUPINGS, { error: "Agrupamento inválido: use sku ou reference." }).default("sku"),
        limit: z.coerce.number({ error: "Limite inválido." }).int("Limite inválido.").min(1, "Limite inválido.").max(100, "Limite inválido.").default(10),
      }),
    }),
    async (request) =>
      cached("not-found-products", request, async () => {
        const { by, limit, ...filters } = request.query;
        return { products: await notFoundByProduct(app.db, request.auth, filters, app.config.timezone, by, limit) };
      }),
  );

  app.get(
    "/metrics/not-found-products/export",
    route(anyRole, { 200: csvAnswer }, {
      summary: "Exportar em CSV os produtos não encontrados no período, um por SKU (os itens fora do catálogo, pelo seu texto)",
      description: `${FILTERS} O nome do arquivo traz o período: produtos-nao-encontrados_<de>_a_<até>.csv.`,
      querystring: query,
    }),
    async (request, reply) => {
      const rows = await notFoundByProduct(app.db, request.auth, request.query, app.config.timezone, "sku");
      const filename = csvFileName("produtos-nao-encontrados", request.query, todayIn(app.config.timezone));
      // Every row is read at once: one row per product, a catalog's worth at most.
      return sendCsv(reply, filename, NOT_FOUND_PRODUCTS_CSV_HEADER, async (page) => (page === 1 ? rows : []), (row) => [
        row.sku ?? "",
        row.reference ?? "",
        row.description,
        row.size ?? "",
        row.color ?? "",
        row.count,
      ]);
    },
  );

  app.get(
    "/metrics/pickups-age",
    route(anyRole, { 200: pickupsAgeResponseSchema }, {
      summary: "Retiradas aguardando agora, por loja, pelos dias de espera (0–2, 3–6, 7–14, 15 ou mais); `chainMedian`: a loja mediana da rede",
      description: "Filtro: store (nome da loja ou all; uma loja recebe sempre só a sua linha). Sem período: conta o que aguarda agora. " +
        "A mediana é sobre todas as lojas, inclusive as sem retiradas.",
      querystring: z.object({ store: listFilters.store }),
    }),
    async (request) => cached("pickups-age", request, () => pickupsByAge(app.db, request.auth, request.query)),
  );

  app.get(
    "/metrics/refusals",
    route(anyRole, { 200: refusalsResponseSchema }, {
      summary: "Devoluções recusadas no período, por motivo (todos os motivos oferecidos, mesmo sem nenhuma); `chainMedian`: a loja mediana da rede",
      description: FILTERS,
      querystring: query,
    }),
    async (request) => cached("refusals", request, () => refusalsByReason(app.db, request.auth, request.query, app.config.timezone)),
  );
};
