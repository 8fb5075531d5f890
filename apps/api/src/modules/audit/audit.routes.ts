import { API_KEY_ACTOR_ROLE, ROLES, timestampSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { AUDIT_ENTITIES } from "./audit.js";
import { listAuditEntries } from "./audit.service.js";

const auditEntrySchema = z.object({
  id: z.string(),
  at: timestampSchema,
  actor: z.object({ id: z.string(), username: z.string(), role: z.enum([...ROLES, API_KEY_ACTOR_ROLE]) }).nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/audit/:entity/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags: ["audit"],
        summary: `Histórico de alterações de um registro, do mais antigo ao mais recente: quem (null para o Sistema), quando, a ação e o que mudou (\`{campo: {from, to}}\` numa edição; os campos do registro ao criar ou excluir). Dados pessoais de clientes aparecem mascarados; senhas nunca. \`entity\`: ${AUDIT_ENTITIES.join(", ")}. Um id sem histórico (ou de registro inexistente) devolve \`entries: []\`.`,
        params: z.object({ entity: z.string(), id: z.uuid() }),
        response: { 200: z.object({ entries: z.array(auditEntrySchema) }), ...errorResponses },
      },
    },
    async (request) => ({ entries: await listAuditEntries(app.db, request.params.entity, request.params.id) }),
  );
};
