import { loginSchema, userSchema } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole, revokeSession, userFromToken } from "../../lib/auth.js";
import { unauthorized } from "../../lib/errors.js";
import { errorResponse, routesOf } from "../../lib/route-schemas.js";
import { login } from "./auth.service.js";
import { createMfaContext, loginAnswer, mfaRoutes, signInAnswer } from "./mfa.routes.js";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const mfa = createMfaContext(app);
  await app.register(mfaRoutes(mfa));
  const route = routesOf(["auth"]);

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Entrar com e-mail e senha",
        security: [],
        body: loginSchema,
        // With two-factor sign-in on (or required and not yet set up), the code step comes first.
        response: { 200: loginAnswer, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      const { email } = request.body;
      const user = await app.passwordThrottle.guard(request.ip, email, () => login(app.db, request.body));
      return signInAnswer(app, mfa, user);
    },
  );

  app.post(
    "/auth/validate-token",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Verificar se um token ainda vale",
        security: [],
        body: z.object({ token: z.string({ error: "Informe o token." }).max(4096, "Token inválido.") }),
        response: { 200: z.object({ valid: z.literal(true), user: userSchema }), 400: errorResponse, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const user = await userFromToken(app, request.body.token);
      if (!user) return reply.status(401).send({ error: "Sessão inválida ou expirada. Entre novamente." });
      return { valid: true as const, user };
    },
  );

  app.post(
    "/auth/logout",
    route({ access: anyRole, changes: false }, { 200: z.object({ message: z.string() }) }, { summary: "Sair: encerra já o token com que é chamada (depois dela, o mesmo token recebe 401)" }),
    async (request) => {
      if (!request.session) throw unauthorized();
      await revokeSession(app, request.session);
      return { message: "Sessão encerrada." };
    },
  );

  app.get(
    "/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Nome do produto e da rede, domínio de e-mail e fuso horário",
        security: [],
        response: {
          200: z.object({ productName: z.string(), companyName: z.string(), companyEmailDomain: z.string(), timezone: z.string() }),
        },
      },
    },
    async () => ({
      productName: "Passo",
      companyName: app.config.companyName,
      companyEmailDomain: app.config.companyEmailDomain,
      timezone: app.config.timezone,
    }),
  );
};
