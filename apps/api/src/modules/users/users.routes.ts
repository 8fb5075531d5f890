import { ROLES, changePasswordSchema, userCreateSchema, userRecordSchema, userUpdateSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole, signToken } from "../../lib/auth.js";
import { recordRoutes } from "../../lib/record-routes.js";
import { errorResponse, idParams, routesOf } from "../../lib/route-schemas.js";
import { changePassword, createUser, deleteUser, listUsers, updateUser } from "./users.service.js";

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const company = { name: app.config.companyName, emailDomain: app.config.companyEmailDomain };
  const route = routesOf(["users"]);

  app.get(
    "/users/get",
    route(adminOnly, { 200: z.object({ users: z.array(userRecordSchema) }) }, {
      summary: "Listar usuários (lojas e administradores)",
      querystring: z.object({ role: z.enum(ROLES, { error: "Permissão inválida." }).optional() }),
    }),
    async (request) => ({ users: await listUsers(app.db, request.query.role) }),
  );

  recordRoutes(app, {
    path: "users",
    route,
    key: "user",
    record: userRecordSchema,
    create: { summary: "Criar usuário", body: userCreateSchema(company), message: "Usuário criado com sucesso!", run: (db, actor, input) => createUser(db, input, actor) },
    update: { summary: "Atualizar usuário (o nome de usuário não muda); requireSignature: a loja exige a assinatura do cliente na retirada; requireStaffPin: a loja exige o PIN do atendente (staffPin) ao finalizar, receber, entregar e aceitar ou recusar devoluções", body: userUpdateSchema(company), message: "Usuário atualizado com sucesso!", run: updateUser },
    remove: { summary: "Excluir usuário", message: "Usuário excluído com sucesso!", run: deleteUser },
  });

  app.put(
    "/users/change-password/:id",
    route({ access: anyRole, changes: false }, { 200: z.object({ message: z.string(), token: z.string() }), 429: errorResponse }, {
      summary: "Alterar a própria senha (devolve um novo token; os anteriores deixam de valer)",
      params: idParams,
      body: changePasswordSchema,
    }),
    async (request) => {
      // The current password is guessed no faster than at the sign-in: the same counters, by the account's e-mail.
      const updated = await app.passwordThrottle.guard(request.ip, request.auth.email, () =>
        changePassword(app.db, request.auth, request.params.id, request.body),
      );
      return { message: "Senha alterada com sucesso!", token: signToken(app, updated) };
    },
  );
};
