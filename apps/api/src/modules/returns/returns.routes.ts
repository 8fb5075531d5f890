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
import { staffSignature } from "../staff/staff.service.js";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, idParams, messageResponse, pageOf, routesOf, savedOf } from "../../lib/route-schemas.js";
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
  const route = routesOf(["returns"]);
  const rendering = renderContext(app.config);

  app.get(
    "/return/get",
    route({ access: anyRole, apiKeyScope: "returns" }, { 200: pageOf("returns", returnView) }, {
      summary: "Listar devoluções (a loja: as que recebeu e, com `search`, as pendentes com aquele CPF ou pedido)",
      querystring: z.object({ status: statusFilter(RETURN_STATUSES), ...listFilters }),
    }),
    async (request) => listReturns(app.db, request.auth, request.query, app.config.timezone),
  );

  app.get(
    "/return/getId/:id",
    route({ access: anyRole, apiKeyScope: "returns" }, { 200: z.object({ return: returnView }) }, { summary: "Obter uma devolução (a loja: só as que recebeu)", params: idParams }),
    async (request) => ({ return: await getReturn(app.db, request.auth, request.params.id) }),
  );

  app.post(
    "/return/create",
    {
      ...route({ access: adminOnly, apiKeyScope: "returns" }, { 201: savedOf("return", returnSchema), 422: errorResponse }, {
        summary: "Criar devolução (sempre pendente, datada pelo servidor)",
        headers: idempotencyHeaders,
        body: returnFormSchema,
      }),
      // Catalog lines become items before the body is validated (docs/api.md, "The catalog in the flows").
      preValidation: async (request) => expandCatalogLines(app.db, request.body, "returnItems"),
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: RETURN_MESSAGES.created, return: await createReturn(db, request.auth, request.body) },
      })),
  );

  app.put(
    "/return/update/:id",
    route(anyRole, { 200: savedOf("return", returnView), 429: errorResponse }, {
      summary: "Atualizar devolução: aceitar, recusar, expirar, concluir ou editar (deduzido do que mudou)",
      description: "Uma loja que exige o PIN do atendente aceita ou recusa com staffPin (403 sem ele ou errado; 429 após cinco errados em 10 minutos): receivedBy nomeia o atendente.",
      params: idParams,
      body: returnUpdateSchema,
    }),
    async (request) => {
      const signature = await staffSignature({ db: app.db, throttle: app.staffPinThrottle }, request.auth, request.body.staffPin);
      const { move, returnOrder } = await updateReturn(app.db, request.auth, request.params.id, request.body, rendering, new Date(), signature);
      return { message: UPDATE_MESSAGES[move], return: returnOrder };
    },
  );

  app.delete(
    "/return/delete/:id",
    route(adminOnly, { 200: messageResponse }, { summary: "Excluir devolução pendente", params: idParams }),
    async (request) => {
      await deleteReturn(app.db, request.auth, request.params.id);
      return { message: RETURN_MESSAGES.deleted };
    },
  );
};
