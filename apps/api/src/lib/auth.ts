import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import fastifyJwt from "@fastify/jwt";
import { ADMIN, API_KEY_MESSAGES, API_KEY_PREFIX, STORE, SUPERVISOR, can, type ApiKeyScope, type Role, type User } from "@passo/domain";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.js";
import { accessTickets, apiKeys, revokedTokens, users } from "../db/schema/index.js";
import { HttpError, forbidden, unauthorized } from "./errors.js";
import { shortCache } from "./short-cache.js";
import { attachStoreScope } from "./store-scope.js";

const API_KEY_TOO_MANY = "Muitas requisições com esta chave de API. Aguarde um minuto e tente novamente.";

/**
 * Who may call a route; every /api route declares it (checked when the route is added). "operator":
 * the backup command on this machine, with the token the server writes to DATA_DIR (README "Operations").
 */
export type Access = "public" | "authenticated" | "operator" | readonly Role[];
export const adminOnly: Access = [ADMIN];
export const storeOnly: Access = [STORE];
export const anyRole: Access = "authenticated";

/** A Supervisor reads and never changes (docs/api.md "Supervisor"): what it is told when it tries. */
export const SUPERVISOR_READS_ONLY = "O supervisor só consulta: não pode alterar registros.";
const READ_METHODS = new Set(["GET", "HEAD"]);

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The records an API key must have access to for calling this route; a route without one is
     * closed to API keys (403), whatever its roles.
     */
    apiKeyScope?: ApiKeyScope;
    /**
     * Without an Authorization header, the route also takes `?ticket=` of this purpose (POST
     * /api/live/ticket): the browser's EventSource cannot send a header. A token in the URL never counts.
     */
    ticket?: TicketPurpose;
    /**
     * false: a route called with POST, PUT or DELETE that changes no store's record (a read sent as
     * POST, a ticket, or the caller's own password, second factor or sign-out). Every other such
     * route answers a Supervisor 403 before it runs, whatever its `access`.
     */
    changes?: false;
  }
  interface FastifyRequest {
    /**
     * The signed-in user; set on every route whose access is not public. For an API key, the key
     * acting as the office within its scopes (`role` Administrador, `apiKey` true).
     */
    auth: User & { apiKey?: true };
    /** The API key the request came with, when it came with one. */
    apiKey: ApiKeyCaller | null;
    /** The signed-in session (a token, or a ticket standing for one); null for an API key or the operator. */
    session: TokenSession | null;
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
  /** The token's own id: what POST /api/auth/logout revokes. */
  jti?: unknown;
  exp?: unknown;
}

/** What a token stands for: its user, the user's token version when it was signed, its id and its end. */
export interface TokenSession {
  userId: string;
  version: number;
  tokenId: string;
  /** When the token expires (ms since the epoch); a ticket's session carries its token's. */
  expiresAt: number;
}

export type TicketPurpose = "live" | "invoice";

/** A ticket lives this long: enough to open the stream or the tab it was asked for, useless in a log later. */
export const TICKET_TTL_SECONDS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TICKET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const TOKEN_LIFETIME = "7d";

export const authPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyJwt, { secret: app.config.jwtSecret, sign: { algorithm: "HS256", expiresIn: TOKEN_LIFETIME }, verify: { algorithms: ["HS256"] } });
  app.decorateRequest("auth", null as unknown as User);
  app.decorateRequest("apiKey", null);
  app.decorateRequest("session", null);

  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/api/") && !route.url.startsWith("/api/docs") && route.config?.access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare who may call it (config.access).`);
    }
  });

  app.addHook("onRequest", async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined || access === "public") return;
    const token = requestToken(request);
    const ticketPurpose = request.routeOptions.config?.ticket;
    if (!token && ticketPurpose) {
      const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
      if (typeof ticket !== "string" || ticket === "") throw unauthorized("Autenticação necessária.");
      const redeemed = await redeemTicket(app, ticketPurpose, ticket);
      if (!redeemed) throw unauthorized(TICKET_INVALID);
      request.auth = redeemed.user;
      request.session = redeemed.session;
      await admitReader(app, request);
      if (access !== "authenticated" && access !== "operator" && !access.includes(redeemed.user.role)) throw forbidden();
      return;
    }
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
    const session = sessionOfToken(app, token);
    const user = session && (await userOfSession(app, session));
    if (!user) throw unauthorized();
    request.auth = user;
    request.session = session;
    await admitReader(app, request);
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

/**
 * A Supervisor: any change refused (403, saying why) before the route or its roles are looked at;
 * otherwise its stores read once for this request (lib/store-scope.ts), so that every read of the request sees the rules as they are now.
 */
async function admitReader(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!can(request.auth.role, "change") && !READ_METHODS.has(request.method) && request.routeOptions.config?.changes !== false) {
    throw forbidden(SUPERVISOR_READS_ONLY);
  }
  if (request.auth.role === SUPERVISOR) await attachStoreScope(app.db, request.auth);
}

export const TICKET_INVALID = "Acesso expirado. Tente novamente.";

/** A new token for the user: 7 days, with its own id (`jti`) so that it can be ended alone. */
export function signToken(app: FastifyInstance, user: { id: string; tokenVersion: number }): string {
  const payload: TokenPayload = { sub: user.id, ver: user.tokenVersion, jti: randomUUID() };
  return app.jwt.sign(payload);
}

const tokenUserQueries = new WeakMap<Db, ReturnType<typeof prepareTokenUser>>();

// The statement is built once per database and, on PostgreSQL, prepared once per connection. It reads
// the user and whether the token was ended (signed out) in one round trip.
function prepareTokenUser(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      tokenVersion: users.tokenVersion,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.jti} = ${sql.placeholder("jti")}::uuid)`,
    })
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
 * Every authenticated request needs its user, to refuse a deleted user's token, one outdated by a
 * password or role change, or one signed out. The row is read at most once a second per token and
 * process (concurrent requests share the read): a change made through this process is seen at once
 * (`forgetSignedInUsers` after its commit), one made through another process sharing the database
 * within SHARED_READ_TTL_MS.
 */
const signedInUsers = shortCache(async (db: Db, key: string) => {
  const [id, jti] = key.split(" ");
  return (await tokenUserQuery(db).execute({ id, jti }))[0] ?? null;
});

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

/** The token a request carries in its Authorization header (never in the URL). */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith("Bearer ") ? header.slice(7).trim() || undefined : undefined;
}

/**
 * What a token stands for, or null when it is forged, expired, or lacks what every token of ours
 * carries: an expiry (`exp`) and an id (`jti`). It says nothing yet of the user: see userOfSession.
 */
export function sessionOfToken(app: FastifyInstance, token: string): TokenSession | null {
  let payload: TokenPayload;
  try {
    payload = app.jwt.verify<TokenPayload>(token);
  } catch {
    return null;
  }
  const { sub, ver, jti, exp } = payload;
  if (typeof sub !== "string" || !UUID.test(sub) || typeof ver !== "number") return null;
  if (typeof jti !== "string" || !UUID.test(jti) || typeof exp !== "number" || !Number.isFinite(exp)) return null;
  return { userId: sub.toLowerCase(), version: ver, tokenId: jti.toLowerCase(), expiresAt: exp * 1000 };
}

/** The user of a session, or null when the user is gone, the token outdated by a password change, or signed out. */
export async function userOfSession(app: FastifyInstance, session: TokenSession): Promise<User | null> {
  if (session.expiresAt <= Date.now()) return null;
  const row = await signedInUsers.get(app.db, `${session.userId} ${session.tokenId}`);
  if (!row || row.revoked || row.tokenVersion !== session.version) return null;
  return { id: row.id, username: row.username, email: row.email, role: row.role };
}

/** The user a token stands for, or null when it is forged, expired, signed out, or outdated by a password change or deletion. */
export async function userFromToken(app: FastifyInstance, token: string): Promise<User | null> {
  const session = sessionOfToken(app, token);
  return session && userOfSession(app, session);
}

/**
 * Ends a token at once, in every process: its id is kept until it would have expired anyway (older
 * sign-outs are pruned here). Its tickets end with it.
 */
export async function revokeSession(app: FastifyInstance, session: TokenSession): Promise<void> {
  await app.db.transaction(async (tx) => {
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
    await tx.insert(revokedTokens).values({ jti: session.tokenId, expiresAt: new Date(session.expiresAt) }).onConflictDoNothing();
    await tx.delete(accessTickets).where(eq(accessTickets.tokenId, session.tokenId));
  });
  forgetSignedInUsers(app.db);
}

const hashTicket = (ticket: string) => createHash("sha256").update(ticket).digest("hex");

/**
 * A ticket for one purpose (and, for an invoice, one file), standing for the caller's session for
 * TICKET_TTL_SECONDS. Only its hash is stored; expired tickets are pruned here.
 */
export async function issueTicket(app: FastifyInstance, session: TokenSession, purpose: TicketPurpose, resource: string | null = null): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  await app.db.delete(accessTickets).where(lt(accessTickets.expiresAt, sql`now()`));
  await app.db.insert(accessTickets).values({
    ticketHash: hashTicket(ticket),
    purpose,
    resource,
    userId: session.userId,
    tokenId: session.tokenId,
    tokenVersion: session.version,
    tokenExpiresAt: new Date(session.expiresAt),
    expiresAt: sql`now() + make_interval(secs => ${TICKET_TTL_SECONDS})`,
  });
  return ticket;
}

/**
 * The session and user a ticket stands for, or null when it is unknown, of another purpose or file,
 * expired, or its session has ended. A live ticket opens one stream (it is used up); an invoice
 * ticket opens its one file while it lives (a PDF viewer may ask for the file again to save it).
 */
export async function redeemTicket(
  app: FastifyInstance,
  purpose: TicketPurpose,
  ticket: string,
  resource: string | null = null,
): Promise<{ user: User; session: TokenSession } | null> {
  if (!TICKET_SHAPE.test(ticket)) return null;
  const match = and(
    eq(accessTickets.ticketHash, hashTicket(ticket)),
    eq(accessTickets.purpose, purpose),
    resource === null ? isNull(accessTickets.resource) : eq(accessTickets.resource, resource),
    gt(accessTickets.expiresAt, sql`now()`),
  );
  const columns = {
    userId: accessTickets.userId,
    tokenId: accessTickets.tokenId,
    version: accessTickets.tokenVersion,
    tokenExpiresAt: accessTickets.tokenExpiresAt,
  };
  const [row] = purpose === "live"
    ? await app.db.delete(accessTickets).where(match).returning(columns)
    : await app.db.select(columns).from(accessTickets).where(match);
  if (!row) return null;
  const session: TokenSession = { userId: row.userId, version: row.version, tokenId: row.tokenId, expiresAt: row.tokenExpiresAt.getTime() };
  const user = await userOfSession(app, session);
  return user ? { user, session } : null;
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
