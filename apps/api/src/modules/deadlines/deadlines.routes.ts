import { DEADLINE_MESSAGES, deadlinesUpdateSchema, deadlinesViewSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { routesOf, savedOf } from "../../lib/route-schemas.js";
import { getDeadlines, updateDeadlines } from "./deadlines.service.js";

export const deadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["deadlines"]);

  app.get(
    "/deadlines/get",
    route(anyRole, { 200: z.object({ deadlines: deadlinesViewSchema }) }, {
      summary: "Prazos: dias dos lembretes ao cliente, dia do escalonamento, prazo de retirada (dias) e horas para iniciar uma lista",
    }),
    async () => ({ deadlines: await getDeadlines(app.db) }),
  );

  app.put(
    "/deadlines/update",
    route(adminOnly, { 200: savedOf("deadlines", deadlinesViewSchema) }, {
      summary: "Alterar os prazos; um campo ausente mantém o valor guardado. Dias inteiros positivos, sem repetição; o prazo de retirada não vence antes do escalonamento",
      body: deadlinesUpdateSchema,
    }),
    async (request) => ({ message: DEADLINE_MESSAGES.updated, deadlines: await updateDeadlines(app.db, request.auth, request.body) }),
  );
};
