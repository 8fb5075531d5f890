import { createHash, timingSafeEqual } from "node:crypto";
import fastifyJwt from "@fastify/jwt";
import { ADMIN, API_KEY_MESSAGES, API_KEY_PREFIX, STORE, type ApiKeyScope, type Role, type User } from "@passo/domain";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.js";
import { apiKeys, users } from "../db/schema/index.js";
import { HttpError, forbidden, unauthorized } from "./errors.js";
import { shortCache } from "./short-cache.js";

const API_KEY_TOO_MANY = "Muitas requisições com esta chave de API. Aguarde um minuto e tente novamente.";

/**
 * Who may call a route; every /api route declares it (checked when the route is added). "operator":
 * the backup command on this machine, with the token the server writes to DATA_DIR (README "Operations").
 */
export type Access = "public" | "authenticated" | "operator" | readonly Role[];
export const adminOnly: Access = [ADMIN];
export const storeOnly: Access = [STORE];
export const anyRole: Access = "authenticated";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The records an API key must have access to for calling this route; a route without one is
     * closed to API keys (403), whatever its roles.
     */
    apiKeyScope?: ApiKeyScope;
    /** The token may also come as `?token=` (the browser's EventSource cannot send a header); never logged. */
    tokenInQuery?: boolean;
  }
  interface FastifyRequest {
    /**
     * The signed-in user; set on every route whose access is not public. For an API key, the key
     * acting as the office within its scopes (`role` Administrador, `apiKey` true).
     */
    auth: User & { apiKey?: true };
    /** The API key the request came with, when it came with one. */
    apiKey: ApiKeyCaller | null;
  }
  interface FastifyInstance {
    /** The backup command's token (embedded database), written to DATA_DIR when the server listens. */
    operatorToken: string | undefined;
  }
}

export interface ApiKeyCaller {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
}

interface TokenPayload {
  sub: string;
  ver: number;
}

export const TOKEN_LIFETIME = "7d";

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, { secret: app.config.jwtSecret, sign: { algorithm: "HS256", expiresIn: TOKEN_LIFETIME }, verify: { algorithms: ["HS256"] } });
  app.decorateRequest("auth", null as unknown as User);
  app.decorateRequest("apiKey", null);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === "public") return;
    const token = requestToken(request);
    if (!token) throw unauthorized("Autenticação necessária.");
    if (access === "operator") {
      if (!app.operatorToken || !sameSecret(token, app.operatorToken)) throw unauthorized();
      return;
    }
    if (token.startsWith(API_KEY_PREFIX)) {
      const key = await apiKeyFromToken(app.db, token);
      if (!key) throw unauthorized(API_KEY_MESSAGES.invalid);
      const scope = request.routeOptions.config?.apiKeyScope;
      if (!scope || !key.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.outOfScope);
      request.apiKey = key;
      request.auth = { id: key.id, username: key.name, email: "", role: ADMIN, apiKey: true };
      return;
    }
    const user = await userFromToken(app, token);
    if (!user) throw unauthorized();
    request.auth = user;
    if (access !== "authenticated" && !access.includes(user.role)) throw forbidden();
  });

  // Each key its own allowance (API_KEY_RATE_LIMIT a minute, per process): a runaway integration
  // slows down alone instead of the stores' screens. Counted apart from the routes' own limits
  // (login, CPF checks), which a key never reaches.
  const keyAllowance = app.createRateLimit({
    max: app.config.apiKeyRateLimit,
    timeWindow: "1 minute",
    keyGenerator: (request) => `api-key:${request.apiKey?.id ?? ""}`,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!request.apiKey) return;
    const allowance = await keyAllowance(request);
    if (allowance.isAllowed || !allowance.isExceeded) return;
    reply.header("Retry-After", String(allowance.ttlInSeconds));
    throw new HttpError(429, API_KEY_TOO_MANY);
  });
});

function queryToken(request: FastifyRequest): string | undefined {
  if (!request.routeOptions.config?.tokenInQuery) return undefined;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" && token.length > 0 ? token : undefined;
}

export function signToken(app: FastifyInstance, user: { id: string; tokenVersion: number }): string {
  const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion };
  return app.jwt.sign(payload);
}

const tokenUserQueries = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();

// The statement is built once per database and, on PostgreSQL, prepared once per connection.
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

/**
 * Every authenticated request needs its user, to refuse a deleted user's token or one outdated by a
 * password or role change. The row is read at most once a second per user and process (concurrent
 * requests share the read): a change made through this process is seen at once (`forgetSignedInUsers`
 * after its commit), one made through another process sharing the database within SHARED_READ_TTL_MS.
 */
const signedInUsers = shortCache(async (db: Db, id: string) => (await tokenUserQuery(db).execute({ id }))[0] ?? null);

const signedInUsersChanged = new Set<(db: Db) => void>();

/** A user was changed or deleted: this process reads every signed-in user again, and tells who asked. */
export function forgetSignedInUsers(db: Db): void {
  signedInUsers.forget(db);
  for (const listener of signedInUsersChanged) listener(db);
}

/** Calls `listener` each time this process changes or deletes a user (after the commit); returns how to stop. */
export function onSignedInUsersChanged(listener: (db: Db) => void): () => void {
  signedInUsersChanged.add(listener);
  return () => void signedInUsersChanged.delete(listener);
}

/** The token a request carries, in its Authorization header or, where the route takes it, in `?token=`. */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() : queryToken(request);
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
  const row = await signedInUsers.get(app.db, payload.sub.toLowerCase());
  if (!row || row.tokenVersion !== payload.ver) return null;
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

export const isAdmin = (request: FastifyRequest) => request.auth.role === ADMIN;

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

/** How stale `last_used_at` may get: one write a minute per key at most, not one per request. */
const LAST_USE_RESOLUTION = sql`now() - interval '1 minute'`;

/** The active key a bearer token stands for, or null for an unknown or revoked one; notes its use. */
export async function apiKeyFromToken(db: Db, token: string): Promise<ApiKeyCaller | null> {
  if (token.length > 200) return null;
  const hash = hashApiKey(token);
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, LAST_USE_RESOLUTION))));
  return row;
}
