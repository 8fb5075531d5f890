import { ROLES, changePasswordSchema, userCreateSchema, userSchema, userUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole, signToken } from "../../lib/auth.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, errorResponses, idParams, messageResponse } from "../../lib/route-schemas.js";
import { changePassword, createUser, deleteUser, listUsers, updateUser } from "./users.service.js";

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const company = { name: app.config.companyName, emailDomain: app.config.companyEmailDomain };
  const tags = ["users"];

  app.get(
    "/users/get",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Listar usuários (lojas e administradores)",
        querystring: z.object({ role: z.enum(ROLES, { error: "Permissão inválida." }).optional() }),
        response: { 200: z.object({ users: z.array(userSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ users: await listUsers(app.db, request.query.role) }),
  );

  app.post(
    "/users/create",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Criar usuário",
        headers: idempotencyHeaders,
        body: userCreateSchema(company),
        response: { 201: z.object({ message: z.string(), user: userSchema }), ...errorResponses, 422: errorResponse },
      },
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: "Usuário criado com sucesso!", user: await createUser(db, request.body, request.auth) },
      })),
  );

  app.put(
    "/users/update/:id",
    {
      config: { access: adminOnly },
      schema: {
        tags,
        summary: "Atualizar usuário (o nome de usuário não muda)",
        params: idParams,
        body: userUpdateSchema(company),
        response: { 200: z.object({ message: z.string(), user: userSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await updateUser(app.db, request.auth, request.params.id, request.body);
      return { message: "Usuário atualizado com sucesso!", user };
    },
  );

  app.delete(
    "/users/delete/:id",
    {
      config: { access: adminOnly },
      schema: { tags, summary: "Excluir usuário", params: idParams, response: { 200: messageResponse, ...errorResponses } },
    },
    async (request) => {
      await deleteUser(app.db, request.auth, request.params.id);
      return { message: "Usuário excluído com sucesso!" };
    },
  );

  app.put(
    "/users/change-password/:id",
    {
      config: { access: anyRole },
      schema: {
        tags,
        summary: "Alterar a própria senha (devolve um novo token; os anteriores deixam de valer)",
        params: idParams,
        body: changePasswordSchema,
        response: { 200: z.object({ message: z.string(), token: z.string() }), ...errorResponses, 429: errorResponse },
      },
    },
    async (request) => {
      // The current password is guessed no faster than at the sign-in: the same counters, by the account's e-mail.
      const updated = await app.passwordThrottle.guard(request.ip, request.auth.email, () =>
        changePassword(app.db, request.auth, request.params.id, request.body),
      );
      return { message: "Senha alterada com sucesso!", token: signToken(app, updated) };
    },
  );
};
