import { MAIL_SERVER_MESSAGES, mailServerSchema, mailServerUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { badRequest } from "../../lib/errors.js";
import { idParams, routesOf, savedOf } from "../../lib/route-schemas.js";
import { listMailServer, updateMailServer } from "./mail-server.service.js";
import { isInternalSmtpHost } from "../../lib/smtp-target.js";

export const mailServerRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["service-notification"]);

  app.get(
    "/service-notification/get",
    route(adminOnly, { 200: z.object({ serviceNotification: z.array(mailServerSchema) }) }, {
      summary: "Configuração do serviço de e-mail (SMTP), um único registro; a senha nunca é devolvida, só `hasPassword`",
    }),
    async () => ({ serviceNotification: await listMailServer(app.db, app.secrets) }),
  );

  app.put(
    "/service-notification/update/:id",
    route(adminOnly, { 200: savedOf("serviceNotification", mailServerSchema) }, {
      summary: "Atualizar o serviço de e-mail; `pass` vazio ou ausente mantém a senha guardada (obrigatório enquanto não houver uma). `notifyCustomerPickupReady`, `notifyCustomerPickupCollected` e `notifyCustomerReturn` ligam ou desligam os e-mails ao cliente (pedido pronto para retirada, pedido retirado, devolução aceita ou recusada); ausentes, mantêm o valor guardado. E-mails que aguardavam a configuração saem em seguida. Um host cujo nome leva a um endereço interno (loopback, rede privada, link-local, 0.0.0.0, CGNAT) é recusado com 400, salvo com SMTP_ALLOW_PRIVATE=1.",
      params: idParams,
      body: mailServerUpdateSchema,
    }),
    async (request) => {
      // Resolved before anything is written: a name leading to this machine or the internal network is refused.
      if (await isInternalSmtpHost(request.body.host, { allowPrivate: app.config.smtpAllowPrivate, lookup: app.smtpLookup })) throw badRequest(MAIL_SERVER_MESSAGES.internalHost);
      const mailServer = await updateMailServer(app.db, app.secrets, request.auth, request.params.id, request.body);
      return { message: "Serviço de notificação atualizado com sucesso!", serviceNotification: mailServer };
    },
  );
};
