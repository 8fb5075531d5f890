import { recipientInputSchema, recipientSchema, recipientUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { listFilters, pageFigures, paging } from "../../lib/list-query.js";
import { recordRoutes } from "../../lib/record-routes.js";
import { pageOf, routesOf } from "../../lib/route-schemas.js";
import { createRecipient, deleteRecipient, listRecipients, updateRecipient } from "./recipients.service.js";

export const recipientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const company = { name: app.config.companyName, emailDomain: app.config.companyEmailDomain };
  const route = routesOf(["recipients"]);

  app.get(
    "/recipients/get",
    route(adminOnly, { 200: pageOf("recipients", recipientSchema) }, {
      summary: "Listar destinatários por nome; `search` procura no nome, no e-mail e no cargo",
      querystring: z.object({ search: listFilters.search, page: listFilters.page, pageSize: listFilters.pageSize }),
    }),
    async (request) => {
      const page = paging(request.query);
      const { recipients, total } = await listRecipients(app.db, request.query.search, page);
      return { recipients, ...pageFigures(page, total) };
    },
  );

  recordRoutes(app, {
    path: "recipients",
    route,
    key: "recipient",
    record: recipientSchema,
    create: { summary: "Criar destinatário", body: recipientInputSchema(company), message: "Destinatário criado com sucesso!", run: createRecipient },
    update: {
      summary: "Atualizar destinatário (um novo nome passa para as notificações das lojas que o citam)",
      body: recipientUpdateSchema(company),
      message: "Destinatário atualizado com sucesso!",
      run: updateRecipient,
    },
    remove: { summary: "Excluir destinatário (recusado com 409 enquanto uma notificação de loja o citar)", message: "Destinatário excluído com sucesso!", run: deleteRecipient },
  });
};
