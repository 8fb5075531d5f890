import type { AlertFlow, AlertKind } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { routesOf } from "../../lib/route-schemas.js";
import { renderContext } from "../email-templates/email-templates.service.js";
import { sendAlert } from "./alerts.service.js";

const ROUTES: { path: string; flow: AlertFlow; kind: AlertKind; summary: string }[] = [
  { path: "picklist-alert", flow: "picklist", kind: "alert", summary: "Alertar a loja sobre uma lista de separação não iniciada" },
  { path: "picklist-reminder", flow: "picklist", kind: "reminder", summary: "Lembrar a loja de uma lista de separação em andamento" },
  { path: "pickup-alert", flow: "pickup", kind: "alert", summary: "Alertar a loja sobre uma retirada em trânsito" },
  { path: "pickup-reminder", flow: "pickup", kind: "reminder", summary: "Lembrar a loja de uma retirada aguardando o cliente" },
];

const MISSING_ID: Record<AlertFlow, string> = {
  picklist: "Informe a lista de separação a notificar.",
  pickup: "Informe a retirada a notificar.",
};

const queuedResponse = z.object({ message: z.string(), recipients: z.array(z.string()) });

export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["send-notification"]);
  const context = renderContext(app.config);

  for (const { path, flow, kind, summary } of ROUTES) {
    app.post(
      `/send-notification/${path}`,
      route(adminOnly, { 202: queuedResponse }, {
        summary: `${summary}. O corpo é o registro como o cliente o tem; só o id é lido, o resto vem do banco. Valida (404 id desconhecido; 409 tipo que não cabe no status, serviço não configurado, notificação da loja inexistente ou desativada para o fluxo, ou ninguém a notificar), monta o e-mail com o modelo do tipo e título e o enfileira para a loja e o supervisor, gerente e subgerente da regra da loja; responde 202 com os destinatários, e o envio segue em segundo plano (acompanhe em GET /notification-outbox/get).`,
        body: z.looseObject({ id: z.string({ error: MISSING_ID[flow] }).trim().min(1, MISSING_ID[flow]) }, { error: MISSING_ID[flow] }),
      }),
      async (request, reply) => {
        const recipients = await sendAlert(app.db, context, flow, kind, request.body.id);
        return reply.status(202).send({ message: `Notificação enfileirada para: ${recipients.join(", ")}`, recipients });
      },
    );
  }
};
