import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { HttpError } from "../../lib/errors.js";
import { errorResponse, errorResponses } from "../../lib/route-schemas.js";
import { prepareNotification, type NotificationFlow, type NotificationKind } from "./send-notification.service.js";

const ROUTES: { path: string; flow: NotificationFlow; kind: NotificationKind; summary: string }[] = [
  { path: "picklist-alert", flow: "picklist", kind: "alert", summary: "Alertar a loja sobre uma lista de separação não iniciada" },
  { path: "picklist-reminder", flow: "picklist", kind: "reminder", summary: "Lembrar a loja de uma lista de separação em andamento" },
  { path: "pickup-alert", flow: "pickup", kind: "alert", summary: "Alertar a loja sobre uma retirada em trânsito" },
  { path: "pickup-reminder", flow: "pickup", kind: "reminder", summary: "Lembrar a loja de uma retirada aguardando o cliente" },
];

const MISSING_ID: Record<NotificationFlow, string> = {
  picklist: "Informe a lista de separação a notificar.",
  pickup: "Informe a retirada a notificar.",
};

const NOT_AVAILABLE = "O envio de e-mails ainda não está disponível neste servidor.";

export const sendNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["send-notification"];
  const settings = {
    company: { name: app.config.companyName, emailDomain: app.config.companyEmailDomain },
    timezone: app.config.timezone,
  };

  for (const { path, flow, kind, summary } of ROUTES) {
    app.post(
      `/send-notification/${path}`,
      {
        config: { access: adminOnly },
        schema: {
          tags,
          summary: `${summary}. O corpo é o registro como o cliente o tem; só o id é lido, o resto vem do banco. Valida (404 id desconhecido, 409 tipo que não cabe no status, serviço não configurado ou ninguém a notificar), calcula os destinatários e monta o e-mail; enquanto a entrega não existir, responde 503 em vez de fingir o envio.`,
          body: z.looseObject({ id: z.string({ error: MISSING_ID[flow] }).trim().min(1, MISSING_ID[flow]) }, { error: MISSING_ID[flow] }),
          response: { ...errorResponses, 503: errorResponse },
        },
      },
      async (request) => {
        await prepareNotification(app.db, settings, flow, kind, request.body.id);
        throw new HttpError(503, NOT_AVAILABLE);
      },
    );
  }
};
