import { API_KEY_MESSAGES, apiKeyCreateSchema, apiKeySchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, errorResponses, idParams, messageResponse } from "../../lib/route-schemas.js";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys.service.js";

/** Keys for other systems ('Chaves de API'): administrators create, list and revoke them. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["api-keys"];

  app.get(
    "/api-keys/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar as chaves de API em uso, com o último uso (nunca a chave)",
        response: { 200: z.object({ apiKeys: z.array(apiKeySchema) }), ...errorResponses },
      },
    },
    async () => ({ apiKeys: await listApiKeys(app.db) }),
  );

  app.post(
    "/api-keys/create",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary:
          "Criar uma chave de API com nome e acessos (picklists, pickups, returns, products). A chave vem só nesta resposta, em `key`; o servidor guarda apenas o seu hash. Use-a como Authorization: Bearer <chave>.",
        headers: idempotencyHeaders,
        body: apiKeyCreateSchema,
        response: { 201: z.object({ message: z.string(), apiKey: apiKeySchema, key: z.string() }), ...errorResponses, 422: errorResponse },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => {
        const { apiKey, key } = await createApiKey(db, request.auth, request.body);
        return { statusCode: 201, body: { message: API_KEY_MESSAGES.created, apiKey, key } };
      }),
  );

  app.delete(
    "/api-keys/delete/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Revogar uma chave de API: a partir de agora ela é recusada (401)",
        params: idParams,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await revokeApiKey(app.db, request.auth, request.params.id);
      return { message: API_KEY_MESSAGES.revoked };
    },
  );
};
