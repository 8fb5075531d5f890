import {
  PICKUP_MESSAGES,
  PICKUP_STATUSES,
  pickupFormSchema,
  pickupSchema,
  pickupStoreViewSchema,
  pickupUpdateSchema,
  type PickupMove,
} from "@passo/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, idParams, messageResponse, pageOf, routesOf, savedOf } from "../../lib/route-schemas.js";
import { expandCatalogLines } from "../products/products.service.js";
import { renderContext } from "../email-templates/email-templates.service.js";
import { staffSignature } from "../staff/staff.service.js";
import { checkPickupWithdrawal, createPickup, deletePickup, getPickup, listPickups, resendReadyEmail, unlockCpfCheck, updatePickup } from "./pickups.service.js";

const UPDATE_MESSAGES: Record<PickupMove, string> = {
  receipt: PICKUP_MESSAGES.received,
  pickup: PICKUP_MESSAGES.pickedUp,
  none: PICKUP_MESSAGES.updated,
};

/** Administrators get the whole record; a store gets masked CPFs and no phone or e-mail. */
const pickupView = z.union([pickupSchema, pickupStoreViewSchema]);

/**
 * Typing CPFs at the counter is how a store learns whether one belongs to a customer: enough
 * attempts a minute for a queue of customers. Each pickup also takes at most CPF_CHECK_MAX_FAILURES
 * wrong ones from stores, over both routes, before an administrator must unlock it
 * (pickups.service.ts: checkCpfUnderCap), so no CPF is worked out from its masked digits.
 */
const WITHDRAWAL_ATTEMPTS = {
  max: 30,
  timeWindow: "1 minute",
  hook: "preHandler",
  keyGenerator: (request: FastifyRequest) => request.auth.id,
} as const;

export const pickupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["pickups"]);
  const rendering = renderContext(app.config);

  app.get(
    "/pickup/get",
    route({ access: anyRole, apiKeyScope: "pickups" }, { 200: pageOf("pickups", pickupView) }, {
      summary:
        "Listar retiradas (uma loja vê só as suas, com CPFs mascarados e sem o código de retirada). `search`: CPF completo, número do pedido ou o código de retirada (6 dígitos) de uma retirada ainda não retirada. `order=waiting`: as que aguardam há mais tempo primeiro; `overdue=1`: só as atrasadas (aguardando além do prazo de retirada)",
      querystring: z.object({
        status: statusFilter(PICKUP_STATUSES),
        ...listFilters,
        order: z.enum(["newest", "waiting"], { error: "Ordem inválida." }).optional(),
        overdue: z
          .enum(["0", "1", "true", "false"], { error: "Filtro de atraso inválido." })
          .optional()
          .transform((v) => v === "1" || v === "true"),
      }),
    }),
    async (request) => listPickups(app.db, request.auth, request.query, app.config.timezone),
  );

  app.get(
    "/pickup/getId/:id",
    route({ access: anyRole, apiKeyScope: "pickups" }, { 200: z.object({ pickup: pickupView }) }, { summary: "Ler uma retirada", params: idParams }),
    async (request) => ({ pickup: await getPickup(app.db, request.auth, request.params.id) }),
  );

  app.post(
    "/pickup/create",
    {
      ...route({ access: adminOnly, apiKeyScope: "pickups" }, { 201: savedOf("pickup", pickupSchema), 422: errorResponse }, {
        summary: "Criar retirada em loja (a NF-e é enviada antes, em /api/uploads/nfe)",
        headers: idempotencyHeaders,
        body: pickupFormSchema(app.config.timezone),
      }),
      // Catalog lines become items before the body is validated (docs/api.md, "The catalog in the flows").
      preValidation: async (request) => expandCatalogLines(app.db, request.body, "orderItems"),
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: PICKUP_MESSAGES.created, pickup: await createPickup(db, request.auth, request.body, new Date(), rendering) },
      })),
  );

  app.put(
    "/pickup/update/:id",
    route(
      {
        access: anyRole,
        // Only bodies that carry a CPF to check count against the limit.
        rateLimit: { ...WITHDRAWAL_ATTEMPTS, allowList: (request) => (request.body as { withdrawalCPF?: unknown } | undefined)?.withdrawalCPF === undefined },
      },
      { 200: savedOf("pickup", pickupView), 429: errorResponse },
      {
        summary:
          "Atualizar retirada: pickupStatus 'Aguardando retirada' confirma o recebimento; 'Pedido retirado' confirma a retirada e exige withdrawalCPF; o administrador também edita os campos do diálogo. " +
          "Uma loja que exige o PIN do atendente confirma com staffPin (403 sem ele ou errado; 429 após cinco errados em 10 minutos): receivedBy e handedOverBy nomeiam o atendente",
        params: idParams,
        body: pickupUpdateSchema,
      },
    ),
    async (request) => {
      const signature = await staffSignature({ db: app.db, throttle: app.staffPinThrottle }, request.auth, request.body.staffPin);
      const { move, pickup } = await updatePickup(app.db, request.auth, request.params.id, request.body, new Date(), rendering, signature);
      return { message: UPDATE_MESSAGES[move], pickup };
    },
  );

  app.delete(
    "/pickup/delete/:id",
    route(adminOnly, { 200: messageResponse }, { summary: "Excluir retirada (não depois de retirada)", params: idParams }),
    async (request) => {
      await deletePickup(app.db, request.auth, request.params.id);
      return { message: PICKUP_MESSAGES.deleted };
    },
  );

  app.post(
    "/pickup/check-withdrawal/:id",
    route(
      { access: anyRole, rateLimit: WITHDRAWAL_ATTEMPTS },
      {
        200: z.union([
          z.object({ authorized: z.literal(true), name: z.string(), title: z.string(), message: z.string(), signatureRequired: z.boolean() }),
          z.object({ authorized: z.literal(false), title: z.string(), message: z.string() }),
        ]),
        429: errorResponse,
      },
      {
        summary: "Conferir no balcão se um CPF pode retirar o pedido (signatureRequired: a loja exige a assinatura do cliente para confirmar)",
        params: idParams,
        body: z.object(
          { withdrawalCPF: z.string({ error: PICKUP_MESSAGES.withdrawalUnauthorized }).max(20, PICKUP_MESSAGES.withdrawalUnauthorized) },
          { error: PICKUP_MESSAGES.withdrawalUnauthorized },
        ),
      },
    ),
    async (request) => checkPickupWithdrawal(app.db, request.auth, request.params.id, request.body.withdrawalCPF),
  );

  app.post(
    "/pickup/resend-ready/:id",
    route(anyRole, { 200: messageResponse, 429: errorResponse }, {
      summary:
        "'Reenviar aviso': coloca de novo na fila o e-mail de pedido pronto para retirada ao cliente (a loja da retirada ou um administrador); só com o pedido aguardando retirada (409), no máximo uma vez por hora por retirada (429 com Retry-After)",
      params: idParams,
    }),
    async (request) => {
      await resendReadyEmail(app.db, request.auth, request.params.id, new Date(), rendering);
      return { message: PICKUP_MESSAGES.readyResent };
    },
  );

  app.post(
    "/pickup/unlock-cpf/:id",
    route(adminOnly, { 200: savedOf("pickup", pickupSchema) }, {
      summary: "Liberar a conferência de CPF de uma retirada bloqueada por tentativas erradas de uma loja (fica no relatório de alterações)",
      params: idParams,
    }),
    async (request) => ({
      message: PICKUP_MESSAGES.cpfCheckUnlocked,
      pickup: await unlockCpfCheck(app.db, request.auth, request.params.id, new Date()),
    }),
  );
};
