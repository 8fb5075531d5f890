import fastifyJwt from "@fastify/jwt";
import { ADMIN, STORE, type Role, type User } from "@passo/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";
import { forbidden, unauthorized } from "./errors.js";

/** Who may call a route; every /api route declares it (checked when the route is added). */
export type Access = "public" | "authenticated" | readonly Role[];
export const adminOnly: Access = [ADMIN];
export const storeOnly: Access = [STORE];
export const anyRole: Access = "authenticated";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every route whose access is not public. */
    auth: User;
  }
}

interface TokenPayload {
  sub: string;
  ver: number;
}

export const TOKEN_LIFETIME = "7d";

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, { secret: app.config.jwtSecret, sign: { algorithm: "HS256", expiresIn: TOKEN_LIFETIME }, verify: { algorithms: ["HS256"] } });
  app.decorateRequest("auth", null as unknown as User);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === "public") return;
    const header = request.headers.authorization;
    const token = header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized("Autenticação necessária.");
    const user = await userFromToken(app, token);
    if (!user) throw unauthorized();
    request.auth = user;
    if (access !== "authenticated" && !access.includes(user.role)) throw forbidden();
  });
});

export function signToken(app: FastifyInstance, user: { id: string; tokenVersion: number }): string {
  const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion };
  return app.jwt.sign(payload);
}

const tokenUserQueries = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();

// Every authenticated request reads its user (a deleted user's or an outdated token dies at once): the
// statement is built once per database and, on PostgreSQL, prepared once per connection.
function prepareTokenUser(db: Db) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, role: users.role, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("passo_token_user");
}

function tokenUserQuery(db: Db) {
  let query = tokenUserQueries.get(db);
  if (!query) tokenUserQueries.set(db, (query = prepareTokenUser(db)));
  return query;
}

/** The user a token stands for, or null when it is forged, expired, or outdated by a password change or deletion. */
export async function userFromToken(app: FastifyInstance, token: string): Promise<User | null> {
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch {
    return null;
  }
  if (typeof payload.sub !== "string" || !/^[0-9a-f-]{36}$/i.test(payload.sub)) return null;
  const [row] = await tokenUserQuery(app.db).execute({ id: payload.sub });
  if (!row || row.tokenVersion !== payload.ver) return null;
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

export const isAdmin = (request: FastifyRequest) => request.auth.role === ADMIN;
