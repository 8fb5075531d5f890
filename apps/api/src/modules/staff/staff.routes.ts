import { STAFF_MESSAGES, staffCreateSchema, staffPinField, staffSchema, staffUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole } from "../../lib/auth.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, idParams, messageResponse, routesOf, savedOf } from "../../lib/route-schemas.js";
import { createStaff, deleteStaff, listStaff, pinRequired, updateStaff, type PinContext } from "./staff.service.js";

const STORE_CALL = "Uma loja: só os seus atendentes, e só com o PIN de um dos seus gerentes em staffPin (sem ele: 403).";

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["staff"]);
  const ctx: PinContext = { db: app.db, throttle: app.staffPinThrottle };

  app.get(
    "/staff/settings",
    route(anyRole, { 200: z.object({ requireStaffPin: z.boolean() }) }, {
      summary: "Se a loja conectada exige o PIN do atendente (requireStaffPin); false para um administrador",
    }),
    async (request) => ({ requireStaffPin: await pinRequired(app.db, request.auth) }),
  );

  app.get(
    "/staff/get",
    route(anyRole, { 200: z.object({ staff: z.array(staffSchema) }), 429: errorResponse }, {
      summary: "Listar os atendentes de uma loja (nunca o PIN)",
      description: `store: o nome da loja (um administrador sem store vê os de todas). ${STORE_CALL} staffPin vai na query; o log não o mostra.`,
      querystring: z.object({
        store: z.string({ error: STAFF_MESSAGES.storeNotFound }).trim().min(1, STAFF_MESSAGES.storeRequired).max(80, STAFF_MESSAGES.storeNotFound).optional(),
        staffPin: staffPinField.optional(),
      }),
    }),
    async (request) => ({ staff: await listStaff(ctx, request.auth, request.query.store, request.query.staffPin) }),
  );

  app.post(
    "/staff/create",
    route(anyRole, { 201: savedOf("staff", staffSchema), 422: errorResponse, 429: errorResponse }, {
      summary: "Criar atendente: nome, loja, PIN de 4 a 6 dígitos (único na loja) e gerente",
      description: STORE_CALL,
      headers: idempotencyHeaders,
      body: staffCreateSchema,
    }),
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: STAFF_MESSAGES.created, staff: await createStaff({ ...ctx, db }, request.auth, request.body) },
      })),
  );

  app.put(
    "/staff/update/:id",
    route(anyRole, { 200: savedOf("staff", staffSchema), 429: errorResponse }, {
      summary: "Atualizar atendente: nome, PIN ou gerente",
      description: STORE_CALL,
      params: idParams,
      body: staffUpdateSchema,
    }),
    async (request) => ({ message: STAFF_MESSAGES.updated, staff: await updateStaff(ctx, request.auth, request.params.id, request.body) }),
  );

  app.delete(
    "/staff/delete/:id",
    route(anyRole, { 200: messageResponse, 429: errorResponse }, {
      summary: "Excluir atendente (os registros que ele assinou continuam com o seu nome)",
      description: `${STORE_CALL} staffPin vai na query; o log não o mostra.`,
      params: idParams,
      querystring: z.object({ staffPin: staffPinField.optional() }),
    }),
    async (request) => {
      await deleteStaff(ctx, request.auth, request.params.id, request.query.staffPin);
      return { message: STAFF_MESSAGES.deleted };
    },
  );
};
