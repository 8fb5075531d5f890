import { ADMIN, userSchema } from "@passo/domain";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema/index.js";
import { adminOnly, anyRole, signToken } from "../../lib/auth.js";
import { HttpError, badRequest, conflict } from "../../lib/errors.js";
import { verifyPassword } from "../../lib/password.js";
import { errorResponse, messageResponse, routesOf } from "../../lib/route-schemas.js";
import {
  MFA_MESSAGES,
  MfaThrottle,
  MfaTokens,
  checkSecondFactor,
  disableMfa,
  enableMfa,
  getSecuritySettings,
  mfaStatus,
  nextSignInStep,
  setupMfa,
  updateSecuritySettings,
  userOfMfaToken,
} from "./mfa.service.js";

const code = z
  .string({ error: "Informe o código." })
  .trim()
  .min(1, "Informe o código.")
  .max(64, MFA_MESSAGES.wrongCode);
const mfaToken = z.string({ error: MFA_MESSAGES.expired }).min(1, MFA_MESSAGES.expired).max(1024, MFA_MESSAGES.expired);
const setupAnswer = z.object({ secret: z.string(), otpauthUrl: z.string() });
const sessionAnswer = z.object({ token: z.string(), user: userSchema });

/** What the login answers after the right password (docs/api.md "Two-factor sign-in"). */
export const loginAnswer = z.union([
  sessionAnswer,
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string() }),
  z.object({ mfaSetupRequired: z.literal(true), mfaToken: z.string() }),
]);

export interface MfaContext {
  tokens: MfaTokens;
  throttle: MfaThrottle;
}

export function createMfaContext(app: FastifyInstance): MfaContext {
  return { tokens: new MfaTokens(app.config.jwtSecret), throttle: new MfaThrottle() };
}

type SignedUser = { id: string; username: string; email: string; role: string; tokenVersion: number };

const publicUser = (user: SignedUser) => ({ id: user.id, username: user.username, email: user.email, role: user.role }) as z.infer<typeof userSchema>;

/** The session for a user whose password was right, or the step that must come first. */
export async function signInAnswer(app: FastifyInstance, mfa: MfaContext, user: SignedUser): Promise<z.infer<typeof loginAnswer>> {
  const step = await nextSignInStep(app.db, user);
  if (step === "verify") return { mfaRequired: true, mfaToken: mfa.tokens.sign(user, "verify") };
  if (step === "enrol") return { mfaSetupRequired: true, mfaToken: mfa.tokens.sign(user, "enrol") };
  return { token: signToken(app, user), user: publicUser(user) };
}

/** Runs a code check under the per-user throttle: 429 with Retry-After while it must wait. */
async function throttled<T>(mfa: MfaContext, reply: FastifyReply, userId: string, check: () => Promise<T>): Promise<T> {
  const wait = mfa.throttle.wait(userId);
  if (wait > 0) {
    reply.header("Retry-After", String(wait));
    throw new HttpError(429, `Muitos códigos errados. Tente novamente em ${wait} segundo${wait > 1 ? "s" : ""}.`);
  }
  try {
    const result = await check();
    mfa.throttle.succeeded(userId);
    return result;
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 401 || err.statusCode === 400)) mfa.throttle.failed(userId);
    throw err;
  }
}

export function mfaRoutes(mfa: MfaContext): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["auth"];
    const route = routesOf(tags);
    const settingsRoute = routesOf(["settings"]);
    const issuer = app.config.companyName ? `Passo (${app.config.companyName})` : "Passo";

    app.post(
      "/auth/verify-mfa",
      {
        config: { access: "public" },
        schema: {
          tags,
          summary: "Segunda etapa do login: o código do aplicativo autenticador ou um código de recuperação",
          security: [],
          body: z.object({ mfaToken, code }),
          response: { 200: sessionAnswer, 400: errorResponse, 401: errorResponse, 429: errorResponse },
        },
      },
      async (request, reply) => {
        const user = await userOfMfaToken(app.db, mfa.tokens, request.body.mfaToken, "verify");
        await throttled(mfa, reply, user.id, () => checkSecondFactor(app.db, app.secrets, user.id, request.body.code));
        return { token: signToken(app, user), user: publicUser(user) };
      },
    );

    app.get(
      "/auth/mfa",
      route(anyRole, { 200: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number(), requiredForAdmins: z.boolean() }) }, {
        summary: "A verificação em duas etapas da própria conta: ativa ou não, códigos de recuperação restantes",
      }),
      async (request) => ({
        ...(await mfaStatus(app.db, request.auth.id)),
        requiredForAdmins: (await getSecuritySettings(app.db)).requireAdminMfa,
      }),
    );

    app.post(
      "/auth/mfa/setup",
      route({ access: anyRole, changes: false }, { 200: setupAnswer }, { summary: "Gerar o código secreto da verificação em duas etapas (confirmado depois com um código)" }),
      async (request) => setupMfa(app.db, app.secrets, request.auth, issuer),
    );

    app.post(
      "/auth/mfa/enable",
      route({ access: anyRole, changes: false }, { 200: z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }), 429: errorResponse }, {
        summary: "Ativar a verificação em duas etapas com um código do aplicativo; devolve os 10 códigos de recuperação",
        body: z.object({ code }),
      }),
      async (request, reply) => {
        const recoveryCodes = await throttled(mfa, reply, request.auth.id, () => enableMfa(app.db, app.secrets, request.auth, request.body.code));
        return { message: "Verificação em duas etapas ativada.", recoveryCodes };
      },
    );

    app.post(
      "/auth/mfa/disable",
      route({ access: anyRole, changes: false }, { 200: messageResponse, 429: errorResponse }, {
        summary: "Desativar a verificação em duas etapas, com a senha atual ou um código",
        body: z
          .object({ password: z.string().max(1024).optional(), code: code.optional() })
          .refine((b) => !!b.password || !!b.code, { message: "Informe a senha atual ou um código do aplicativo." }),
      }),
      async (request, reply) => {
        const { id, role } = request.auth;
        const status = await mfaStatus(app.db, id);
        if (!status.enabled) throw conflict(MFA_MESSAGES.notOn);
        if (role === ADMIN && (await getSecuritySettings(app.db)).requireAdminMfa) throw conflict(MFA_MESSAGES.requiredForAdmins);
        await throttled(mfa, reply, id, async () => {
          if (request.body.code) {
            // A wrong code here is a 400: the session itself is fine.
            await checkSecondFactor(app.db, app.secrets, id, request.body.code).catch((err: unknown) => {
              if (err instanceof HttpError && err.statusCode === 401) throw badRequest(err.message);
              throw err;
            });
            return;
          }
          const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
          if (!row || !(await verifyPassword(row.passwordHash, request.body.password ?? ""))) throw badRequest(MFA_MESSAGES.wrongPassword);
        });
        await disableMfa(app.db, request.auth);
        return { message: "Verificação em duas etapas desativada." };
      },
    );

    // An administrator who must enrol before the first session: the enrolment token of the login.
    app.post(
      "/auth/mfa/enrol/setup",
      {
        config: { access: "public" },
        schema: {
          tags,
          summary: "Cadastro obrigatório no login (administradores): gerar o código secreto",
          security: [],
          body: z.object({ mfaToken }),
          response: { 200: setupAnswer, 400: errorResponse, 401: errorResponse, 409: errorResponse },
        },
      },
      async (request) => {
        const user = await userOfMfaToken(app.db, mfa.tokens, request.body.mfaToken, "enrol");
        return setupMfa(app.db, app.secrets, user, issuer);
      },
    );

    app.post(
      "/auth/mfa/enrol/enable",
      {
        config: { access: "public" },
        schema: {
          tags,
          summary: "Cadastro obrigatório no login (administradores): confirmar com um código; devolve a sessão e os códigos de recuperação",
          security: [],
          body: z.object({ mfaToken, code }),
          response: {
            200: z.object({ token: z.string(), user: userSchema, recoveryCodes: z.array(z.string()) }),
            400: errorResponse,
            401: errorResponse,
            409: errorResponse,
            429: errorResponse,
          },
        },
      },
      async (request, reply) => {
        const user = await userOfMfaToken(app.db, mfa.tokens, request.body.mfaToken, "enrol");
        const recoveryCodes = await throttled(mfa, reply, user.id, () => enableMfa(app.db, app.secrets, user, request.body.code));
        return { token: signToken(app, user), user: publicUser(user), recoveryCodes };
      },
    );

    app.get(
      "/settings/security",
      settingsRoute(adminOnly, { 200: z.object({ requireAdminMfa: z.boolean() }) }, { summary: "Configurações de acesso: exigir 2 fatores para administradores" }),
      async () => getSecuritySettings(app.db),
    );

    app.put(
      "/settings/security",
      settingsRoute(adminOnly, { 200: z.object({ message: z.string(), settings: z.object({ requireAdminMfa: z.boolean() }) }) }, {
        summary: "Ligar ou desligar 'Exigir 2 fatores para administradores' (vale no próximo login de cada administrador)",
        body: z.object({ requireAdminMfa: z.boolean({ error: "Informe se a verificação em duas etapas é obrigatória." }) }),
      }),
      async (request) => {
        const settings = await updateSecuritySettings(app.db, request.auth, request.body);
        return { message: "Configuração salva com sucesso!", settings };
      },
    );
  };
}
