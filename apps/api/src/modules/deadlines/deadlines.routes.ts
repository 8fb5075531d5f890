import { DEADLINE_MESSAGES, deadlinesUpdateSchema, deadlinesViewSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { getDeadlines, updateDeadlines } from "./deadlines.service.js";

export const deadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["deadlines"];

  app.get(
    "/deadlines/get",
    {
      config: { access: anyRole },
      schema: {
        tags,
        summary: "Prazos: dias dos lembretes ao cliente, dia do escalonamento, prazo de retirada (dias) e horas para iniciar uma lista",
        response: { 200: z.object({ deadlines: deadlinesViewSchema }), ...errorResponses },
      },
    },
    async () => ({ deadlines: await getDeadlines(app.db) }),
  );

  app.put(
    "/deadlines/update",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Alterar os prazos; um campo ausente mantém o valor guardado. Dias inteiros positivos, sem repetição; o prazo de retirada não vence antes do escalonamento",
        body: deadlinesUpdateSchema,
        response: { 200: z.object({ message: z.string(), deadlines: deadlinesViewSchema }), ...errorResponses },
      },
    },
    async (request) => ({ message: DEADLINE_MESSAGES.updated, deadlines: await updateDeadlines(app.db, request.auth, request.body) }),
  );
};
