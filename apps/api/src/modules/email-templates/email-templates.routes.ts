import { emailTemplateSchema, emailTemplateUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { errorResponses, idParams } from "../../lib/route-schemas.js";
import { defaultEmailTemplates, listEmailTemplates, updateEmailTemplate } from "./email-templates.service.js";

export const emailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["template-email"];

  app.get(
    "/template-email/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar os 12 modelos de e-mail (4 tipos × 3 títulos), por título e tipo",
        response: { 200: z.object({ templateEmails: z.array(emailTemplateSchema) }), ...errorResponses },
      },
    },
    async () => ({ templateEmails: await listEmailTemplates(app.db) }),
  );

  app.get(
    "/template-email/defaults",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary:
          "Modelos de e-mail de fábrica (assunto e corpo de cada tipo e título): o 'Redefinir' do editor preenche o formulário com eles, e 'Salvar' os grava com PUT /template-email/update/{id}",
        response: { 200: z.object({ templateEmails: z.array(emailTemplateSchema.omit({ id: true })) }), ...errorResponses },
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
        summary: "Atualizar um modelo de e-mail (assunto em `description`, corpo HTML em `content`, com {{campos}} do registro)",
        params: idParams,
        body: emailTemplateUpdateSchema,
        response: { 200: z.object({ message: z.string(), templateEmail: emailTemplateSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const templateEmail = await updateEmailTemplate(app.db, request.auth, request.params.id, request.body);
      return { message: "Modelo de e-mail atualizado com sucesso!", templateEmail };
    },
  );
};
