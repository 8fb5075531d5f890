import { storeRuleInputSchema, storeRuleSchema, storeRuleUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { listFilters, pageFigures, paging } from "../../lib/list-query.js";
import { recordRoutes } from "../../lib/record-routes.js";
import { pageOf, routesOf } from "../../lib/route-schemas.js";
import { createStoreRule, deleteStoreRule, listStoreRules, updateStoreRule } from "./store-rules.service.js";

export const storeRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["notifications"]);

  app.get(
    "/notifications/get",
    route(adminOnly, { 200: pageOf("notifications", storeRuleSchema) }, {
      summary: "Listar as notificações das lojas, por loja; `search` procura só na loja",
      querystring: z.object({ search: listFilters.search, page: listFilters.page, pageSize: listFilters.pageSize }),
    }),
    async (request) => {
      const page = paging(request.query);
      const { rules, total } = await listStoreRules(app.db, request.query.search, page);
      return { notifications: rules, ...pageFigures(page, total) };
    },
  );

  recordRoutes(app, {
    path: "notifications",
    route,
    key: "notification",
    record: storeRuleSchema,
    create: {
      summary: "Criar a notificação de uma loja (uma por loja; supervisor, gerente e subgerente são destinatários)",
      body: storeRuleInputSchema,
      message: "Notificação criada com sucesso!",
      run: createStoreRule,
    },
    update: {
      summary: "Atualizar a notificação de uma loja (campos omitidos ficam como estão; subgerente vazio o remove)",
      body: storeRuleUpdateSchema,
      message: "Notificação atualizada com sucesso!",
      run: updateStoreRule,
    },
    remove: { summary: "Excluir a notificação de uma loja", message: "Notificação excluída com sucesso!", run: deleteStoreRule },
  });
};
