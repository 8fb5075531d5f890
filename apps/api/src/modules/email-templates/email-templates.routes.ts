import {
  anyEmailTemplateSchema,
  automaticEmailTemplateSchema,
  automaticEmailTemplateUpdateSchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
} from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { idParams, routesOf, savedOf } from "../../lib/route-schemas.js";
import { defaultEmailTemplates, listEmailTemplates, updateEmailTemplate } from "./email-templates.service.js";

/**
 * The spec's twelve templates (four types × three titles) on the spec's routes, and the automatic
 * ones (the deadline check's 'Lembrete automático' and 'Escalonamento') on their own routes beside
 * them, so that the spec's routes answer only the spec's types.
 */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["template-email"]);

  app.get(
    "/template-email/get",
    route(adminOnly, { 200: z.object({ templateEmails: z.array(emailTemplateSchema) }) }, {
      summary: "Listar os 12 modelos de e-mail (4 tipos × 3 títulos), por título e tipo; os automáticos estão em /template-email/automatic/get",
    }),
    async () => ({ templateEmails: await listEmailTemplates(app.db, "spec") }),
  );

  app.get(
    "/template-email/automatic/get",
    route(adminOnly, { 200: z.object({ templateEmails: z.array(automaticEmailTemplateSchema) }) }, {
      summary: "Listar os modelos automáticos (os e-mails que a verificação de prazos envia sozinha: Lembrete automático e Escalonamento), por título e tipo",
    }),
    async () => ({ templateEmails: await listEmailTemplates(app.db, "automatic") }),
  );

  app.get(
    "/template-email/defaults",
    route(adminOnly, { 200: z.object({ templateEmails: z.array(anyEmailTemplateSchema.omit({ id: true })) }) }, {
      summary: "Modelos de e-mail de fábrica, os 12 e os automáticos (assunto e corpo de cada tipo e título): o 'Redefinir' do editor preenche o formulário com eles, e 'Salvar' os grava com PUT /template-email/update/{id} (ou /template-email/automatic/update/{id})",
    }),
    async () => ({ templateEmails: defaultEmailTemplates() }),
  );

  app.put(
    "/template-email/update/:id",
    route(adminOnly, { 200: savedOf("templateEmail", emailTemplateSchema) }, {
      summary: "Atualizar um dos 12 modelos de e-mail (assunto em `description`, corpo HTML em `content`, com {{campos}} do registro)",
      params: idParams,
      body: emailTemplateUpdateSchema,
    }),
    async (request) => {
      const templateEmail = await updateEmailTemplate(app.db, request.auth, "spec", request.params.id, request.body);
      return { message: "Modelo de e-mail atualizado com sucesso!", templateEmail };
    },
  );

  app.put(
    "/template-email/automatic/update/:id",
    route(adminOnly, { 200: savedOf("templateEmail", automaticEmailTemplateSchema) }, {
      summary: "Atualizar um modelo automático (assunto em `description`, corpo HTML em `content`, com {{campos}} do registro)",
      params: idParams,
      body: automaticEmailTemplateUpdateSchema,
    }),
    async (request) => {
      const templateEmail = await updateEmailTemplate(app.db, request.auth, "automatic", request.params.id, request.body);
      return { message: "Modelo de e-mail atualizado com sucesso!", templateEmail };
    },
  );
};
