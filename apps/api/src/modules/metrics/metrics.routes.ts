import { chainMetricsSchema, dailyMetricsSchema, notFoundProductSchema, storeMetricsSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole } from "../../lib/auth.js";
import { listFilters } from "../../lib/list-query.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { dailyMetrics, frequentNotFound, storeMetrics } from "./metrics.service.js";

const query = z.object({ store: listFilters.store, from: listFilters.from, to: listFilters.to });

const FILTERS =
  "Filtros: from/to (dias em APP_TIMEZONE, inclusivos; listas por sendDate, devoluções por dateOfCreation), store (nome da loja ou all; " +
  "uma loja recebe sempre só os seus números). Calculado no banco a cada pedido, sem tabela de resumo.";

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["metrics"];

  app.get(
    "/metrics/stores",
    {
      config: { access: anyRole },
      schema: {
        tags,
        summary: "Números por loja no período: listas enviadas e finalizadas, medianas de início e de separação, taxa de atendimento, produtos não encontrados, retiradas aguardando e atrasadas, devoluções recebidas e recusadas; `chain`: os mesmos números da rede inteira",
        description: FILTERS,
        querystring: query,
        response: { 200: z.object({ stores: z.array(storeMetricsSchema), chain: chainMetricsSchema }), ...errorResponses },
      },
    },
    async (request) => storeMetrics(app.db, request.auth, request.query, app.config.timezone),
  );

  app.get(
    "/metrics/daily",
    {
      config: { access: anyRole },
      schema: {
        tags,
        summary: "Por dia do período: listas enviadas por status e mediana do tempo de separação; e os produtos mais vezes não encontrados",
        description: FILTERS,
        querystring: query,
        response: { 200: z.object({ days: z.array(dailyMetricsSchema), notFound: z.array(notFoundProductSchema) }), ...errorResponses },
      },
    },
    async (request) => ({
      days: await dailyMetrics(app.db, request.auth, request.query, app.config.timezone),
      notFound: await frequentNotFound(app.db, request.auth, request.query, app.config.timezone),
    }),
  );
};
