import { OUTBOX_STATUSES, outboxEmailSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { idParams, pageOf, routesOf, savedOf } from "../../lib/route-schemas.js";
import { listOutbox, listRecordOutbox, retryOutboxEmail } from "./email-outbox.service.js";

export const emailOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["notification-outbox"]);

  app.get(
    "/notification-outbox/get",
    route(adminOnly, { 200: pageOf("notifications", outboxEmailSchema) }, {
      summary: "E-mails de notificação, dos mais novos aos mais antigos: enviados (sent), na fila ou aguardando nova tentativa (pending), em envio (sending) e desistidos após a última tentativa (failed), com o último erro",
      querystring: z.object({ status: statusFilter(OUTBOX_STATUSES), page: listFilters.page, pageSize: listFilters.pageSize }),
    }),
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    "/notification-outbox/record/:id",
    route(adminOnly, { 200: z.object({ notifications: z.array(outboxEmailSchema) }) }, {
      summary: "E-mails sobre uma lista de separação, retirada ou devolução (`id` do registro), dos mais antigos aos mais novos: alertas, lembretes, e-mails ao cliente e automáticos, com destinatários e situação do envio",
      params: idParams,
    }),
    async (request) => ({ notifications: await listRecordOutbox(app.db, request.params.id) }),
  );

  app.post(
    "/notification-outbox/retry/:id",
    route(adminOnly, { 200: savedOf("notification", outboxEmailSchema) }, {
      summary: "Reenviar um e-mail que falhou: volta à fila agora, com as tentativas zeradas (409 se não estiver em 'failed')",
      params: idParams,
    }),
    async (request) => {
      const email = await retryOutboxEmail(app.db, request.params.id);
      return { message: "Notificação reenfileirada com sucesso!", notification: email };
    },
  );
};
