import {
  RETURN_MESSAGES,
  RETURN_STATUSES,
  returnFormSchema,
  returnSchema,
  returnStoreViewSchema,
  returnUpdateSchema,
  type ReturnMove,
} from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, errorResponses, idParams, messageResponse, pageFields } from "../../lib/route-schemas.js";
import { expandCatalogLines } from "../products/products.service.js";
import { renderContext } from "../email-templates/email-templates.service.js";
import { createReturn, deleteReturn, getReturn, listReturns, updateReturn } from "./returns.service.js";

/** An administrator is served the whole record, a store the masked view. */
const returnView = z.union([returnSchema, returnStoreViewSchema]);

const UPDATE_MESSAGES: Record<ReturnMove, string> = {
  accept: RETURN_MESSAGES.accepted,
  refuse: RETURN_MESSAGES.refused,
  expire: RETURN_MESSAGES.expired,
  complete: RETURN_MESSAGES.completed,
  edit: RETURN_MESSAGES.updated,
  none: RETURN_MESSAGES.updated,
};

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["returns"];
  const rendering = renderContext(app.config);

  app.get(
    "/return/get",
    {
      config: { access: anyRole, apiKeyScope: "returns" },
      schema: {
        tags,
        summary: "Listar devoluções (a loja: as que recebeu e, com `search`, as pendentes com aquele CPF ou pedido)",
        querystring: z.object({ status: statusFilter(RETURN_STATUSES), ...listFilters }),
        response: {
          200: z.object({
            returns: z.array(returnView),
            ...pageFields,
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => listReturns(app.db, request.auth, request.query, app.config.timezone),
  );

  app.get(
    "/return/getId/:id",
    {
      config: { access: anyRole, apiKeyScope: "returns" },
      schema: {
        tags,
        summary: "Obter uma devolução (a loja: só as que recebeu)",
        params: idParams,
        response: { 200: z.object({ return: returnView }), ...errorResponses },
      },
    },
    async (request) => ({ return: await getReturn(app.db, request.auth, request.params.id) }),
  );

  app.post(
    "/return/create",
    {
      config: { access: adminOnly, apiKeyScope: "returns" },
      // Catalog lines become items before the body is validated (docs/api.md, "The catalog").
      preValidation: async (request) => expandCatalogLines(app.db, request.body, "returnItems"),
      schema: {
        tags,
        summary: "Criar devolução (sempre pendente, datada pelo servidor)",
        headers: idempotencyHeaders,
        body: returnFormSchema,
        response: { 201: z.object({ message: z.string(), return: returnSchema }), ...errorResponses, 422: errorResponse },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: RETURN_MESSAGES.created, return: await createReturn(db, request.auth, request.body) },
      })),
  );

  app.put(
    "/return/update/:id",
    {
      config: { access: anyRole },
      schema: {
        tags,
        summary: "Atualizar devolução: aceitar, recusar, expirar, concluir ou editar (deduzido do que mudou)",
        params: idParams,
        body: returnUpdateSchema,
        response: { 200: z.object({ message: z.string(), return: returnView }), ...errorResponses },
      },
    },
    async (request) => {
      const { move, returnOrder } = await updateReturn(app.db, request.auth, request.params.id, request.body, rendering);
      return { message: UPDATE_MESSAGES[move], return: returnOrder };
    },
  );

  app.delete(
    "/return/delete/:id",
    {
      config: { access: adminOnly },
      schema: { tags, summary: "Excluir devolução pendente", params: idParams, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      await deleteReturn(app.db, request.auth, request.params.id);
      return { message: RETURN_MESSAGES.deleted };
    },
  );
};
