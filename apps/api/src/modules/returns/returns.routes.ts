import { RETURN_STATUSES, returnFormSchema, returnSchema, returnUpdateSchema, returnStoreViewSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { errorResponses, idParams, messageResponse, pageFields } from "../../lib/route-schemas.js";
import { renderContext } from "../email-templates/email-templates.service.js";
import { createReturn, deleteReturn, getReturn, listReturns, updateReturn, type ReturnAction } from "./returns.service.js";

/** An administrator is served the whole record, a store the masked view. */
const returnView = z.union([returnSchema, returnStoreViewSchema]);

const UPDATE_MESSAGES: Record<ReturnAction, string> = {
  accept: "Devolução recebida com sucesso!",
  refuse: "Devolução recusada com sucesso!",
  expire: "Devolução expirada com sucesso!",
  complete: "Devolução concluída com sucesso!",
  edit: "Devolução atualizada com sucesso!",
};

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["returns"];
  const mail = renderContext(app.config);

  app.get(
    "/return/get",
    {
      config: { access: anyRole },
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
      config: { access: anyRole },
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
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Criar devolução (sempre pendente, datada pelo servidor)",
        body: returnFormSchema,
        response: { 201: z.object({ message: z.string(), return: returnSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const returnOrder = await createReturn(app.db, request.auth, request.body);
      return reply.status(201).send({ message: "Devolução criada com sucesso!", return: returnOrder });
    },
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
      const { action, returnOrder } = await updateReturn(app.db, request.auth, request.params.id, request.body, mail);
      return { message: UPDATE_MESSAGES[action ?? "edit"], return: returnOrder };
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
      return { message: "Devolução excluída com sucesso!" };
    },
  );
};
