import { recipientInputSchema, recipientSchema, recipientUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { listFilters, pageFigures, paging } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, errorResponses, idParams, messageResponse, pageFields } from "../../lib/route-schemas.js";
import { createRecipient, deleteRecipient, listRecipients, updateRecipient } from "./recipients.service.js";

export const recipientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const company = { name: app.config.companyName, emailDomain: app.config.companyEmailDomain };
  const tags = ["recipients"];

  app.get(
    "/recipients/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar destinatários por nome; `search` procura no nome, no e-mail e no cargo",
        querystring: z.object({ search: listFilters.search, page: listFilters.page, pageSize: listFilters.pageSize }),
        response: {
          200: z.object({
            recipients: z.array(recipientSchema),
            ...pageFields,
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const page = paging(request.query);
      const { recipients, total } = await listRecipients(app.db, request.query.search, page);
      return { recipients, ...pageFigures(page, total) };
    },
  );

  app.post(
    "/recipients/create",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Criar destinatário",
        headers: idempotencyHeaders,
        body: recipientInputSchema(company),
        response: { 201: z.object({ message: z.string(), recipient: recipientSchema }), ...errorResponses, 422: errorResponse },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: "Destinatário criado com sucesso!", recipient: await createRecipient(db, request.auth, request.body) },
      })),
  );

  app.put(
    "/recipients/update/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Atualizar destinatário (um novo nome passa para as notificações das lojas que o citam)",
        params: idParams,
        body: recipientUpdateSchema(company),
        response: { 200: z.object({ message: z.string(), recipient: recipientSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const recipient = await updateRecipient(app.db, request.auth, request.params.id, request.body);
      return { message: "Destinatário atualizado com sucesso!", recipient };
    },
  );

  app.delete(
    "/recipients/delete/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Excluir destinatário (recusado com 409 enquanto uma notificação de loja o citar)",
        params: idParams,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteRecipient(app.db, request.auth, request.params.id);
      return { message: "Destinatário excluído com sucesso!" };
    },
  );
};
