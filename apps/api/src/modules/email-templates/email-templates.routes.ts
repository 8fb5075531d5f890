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
import { errorResponses, idParams } from "../../lib/route-schemas.js";
import { defaultEmailTemplates, listEmailTemplates, updateEmailTemplate } from "./email-templates.service.js";

/**
 * The spec's twelve templates (four types × three titles) on the spec's routes, and the automatic
 * ones (the deadline check's 'Lembrete automático' and 'Escalonamento') on their own routes beside
 * them, so that the spec's routes answer only the spec's types.
 */
export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["template-email"];

  app.get(
    "/template-email/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar os 12 modelos de e-mail (4 tipos × 3 títulos), por título e tipo; os automáticos estão em /template-email/automatic/get",
        response: { 200: z.object({ templateEmails: z.array(emailTemplateSchema) }), ...errorResponses },
      },
    },
    async () => ({ templateEmails: await listEmailTemplates(app.db, "spec") }),
  );

  app.get(
    "/template-email/automatic/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar os modelos automáticos (os e-mails que a verificação de prazos envia sozinha: Lembrete automático e Escalonamento), por título e tipo",
        response: { 200: z.object({ templateEmails: z.array(automaticEmailTemplateSchema) }), ...errorResponses },
      },
    },
    async () => ({ templateEmails: await listEmailTemplates(app.db, "automatic") }),
  );

  app.get(
    "/template-email/defaults",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary:
          "Modelos de e-mail de fábrica, os 12 e os automáticos (assunto e corpo de cada tipo e título): o 'Redefinir' do editor preenche o formulário com eles, e 'Salvar' os grava com PUT /template-email/update/{id} (ou /template-email/automatic/update/{id})",
        response: { 200: z.object({ templateEmails: z.array(anyEmailTemplateSchema.omit({ id: true })) }), ...errorResponses },
      },
    },
    async () => ({ templateEmails: defaultEmailTemplates() }),
  );

  app.put(
    "/template-email/update/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Atualizar um dos 12 modelos de e-mail (assunto em `description`, corpo HTML em `content`, com {{campos}} do registro)",
        params: idParams,
        body: emailTemplateUpdateSchema,
        response: { 200: z.object({ message: z.string(), templateEmail: emailTemplateSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const templateEmail = await updateEmailTemplate(app.db, request.auth, "spec", request.params.id, request.body);
      return { message: "Modelo de e-mail atualizado com sucesso!", templateEmail };
    },
  );

  app.put(
    "/template-email/automatic/update/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Atualizar um modelo automático (assunto em `description`, corpo HTML em `content`, com {{campos}} do registro)",
        params: idParams,
        body: automaticEmailTemplateUpdateSchema,
        response: { 200: z.object({ message: z.string(), templateEmail: automaticEmailTemplateSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const templateEmail = await updateEmailTemplate(app.db, request.auth, "automatic", request.params.id, request.body);
      return { message: "Modelo de e-mail atualizado com sucesso!", templateEmail };
    },
  );
};
