import { storeRuleInputSchema, storeRuleSchema, storeRuleUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { listFilters, pageFigures, paging } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, errorResponses, idParams, messageResponse, pageFields } from "../../lib/route-schemas.js";
import {
  createStoreRule,
  deleteStoreRule,
  listStoreRules,
  updateStoreRule,
} from "./store-rules.service.js";

export const storeRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["notifications"];

  app.get(
    "/notifications/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar as notificações das lojas, por loja; `search` procura só na loja",
        querystring: z.object({ search: listFilters.search, page: listFilters.page, pageSize: listFilters.pageSize }),
        response: {
          200: z.object({
            notifications: z.array(storeRuleSchema),
            ...pageFields,
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const page = paging(request.query);
      const { rules, total } = await listStoreRules(app.db, request.query.search, page);
      return { notifications: rules, ...pageFigures(page, total) };
    },
  );

  app.post(
    "/notifications/create",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Criar a notificação de uma loja (uma por loja; supervisor, gerente e subgerente são destinatários)",
        headers: idempotencyHeaders,
        body: storeRuleInputSchema,
        response: { 201: z.object({ message: z.string(), notification: storeRuleSchema }), ...errorResponses, 422: errorResponse },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: "Notificação criada com sucesso!", notification: await createStoreRule(db, request.auth, request.body) },
      })),
  );

  app.put(
    "/notifications/update/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Atualizar a notificação de uma loja (campos omitidos ficam como estão; subgerente vazio o remove)",
        params: idParams,
        body: storeRuleUpdateSchema,
        response: { 200: z.object({ message: z.string(), notification: storeRuleSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const rule = await updateStoreRule(app.db, request.auth, request.params.id, request.body);
      return { message: "Notificação atualizada com sucesso!", notification: rule };
    },
  );

  app.delete(
    "/notifications/delete/:id",
    {
      config: { access: adminOnly },
      schema: { tags, summary: "Excluir a notificação de uma loja", params: idParams, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      await deleteStoreRule(app.db, request.auth, request.params.id);
      return { message: "Notificação excluída com sucesso!" };
    },
  );
};
