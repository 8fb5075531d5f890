import { SUPERVISOR } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { TICKET_TTL_SECONDS, anyRole, issueTicket, onSignedInUsersChanged, userOfSession } from "../../lib/auth.js";
import { HttpError, unauthorized } from "../../lib/errors.js";
import { errorResponse, errorResponses, routesOf } from "../../lib/route-schemas.js";
import { countLiveConnection } from "../../lib/prometheus.js";
import { supervisedStores } from "../../lib/store-scope.js";
import { KEEP_ALIVE_MS, formatEvent, scopeOf } from "./live-hub.js";

/** Headers a reverse proxy needs to pass the stream on as it is written (nginx reads X-Accel-Buffering). */
const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** A Last-Event-ID is an event's id: digits; anything else is a client starting afresh. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export const LIVE_MESSAGES = {
  tooManyForUser: "Há conexões ao vivo demais abertas com este usuário. Feche outras abas do Passo e tente novamente.",
  tooManyForServer: "O servidor está com conexões ao vivo demais. Tente novamente em instantes.",
} as const;

/** How long a refused stream is told to wait (Retry-After) before trying again. */
const LIVE_RETRY_AFTER_SECONDS = 30;

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["live"]);
  /** Open streams per user and in all, in this process: capped by LIVE_MAX_STREAMS_PER_USER and LIVE_MAX_STREAMS. */
  const streamsOf = new Map<string, number>();
  let streams = 0;

  app.post(
    "/live/ticket",
    route({ access: anyRole, changes: false }, { 200: z.object({ ticket: z.string(), expiresIn: z.number().int() }) }, {
      summary: `Um ingresso para abrir GET /api/events?ticket= (o EventSource do navegador não envia cabeçalhos): vale ${TICKET_TTL_SECONDS} s e abre uma conexão só`,
    }),
    async (request) => {
      if (!request.session) throw unauthorized();
      return { ticket: await issueTicket(app, request.session, "live"), expiresIn: TICKET_TTL_SECONDS };
    },
  );

  /**
   * Each open stream's token is checked again at every keep-alive and whenever this process changes
   * or deletes a user: a deleted user's stream, or one whose token a password or role change made
   * outdated, ends then (at once in this process, within KEEP_ALIVE_MS when another process made the
   * change), and its reconnection is refused.
   */
  const open = new Set<() => Promise<void>>();
  const stopListening = onSignedInUsersChanged((db) => {
    if (db === app.db) for (const check of open) void check();
  });
  app.addHook("onClose", async () => stopListening());

  app.get(
    "/events",
    {
      config: { access: anyRole, ticket: "live" },
      compress: false,
      schema: {
        tags: ["live"],
        summary:
          "Atualizações ao vivo (Server-Sent Events): um evento `picklist`, `pickup` ou `return` por alteração confirmada, com `id` crescente e `data` `{id, action, store, status}`. O token vai no cabeçalho Authorization; o navegador (EventSource) usa `?ticket=` de POST /api/live/ticket. Com `Last-Event-ID` (ou `?lastEventId=`, de um EventSource novo), os eventos perdidos vêm antes. Conexões demais do mesmo usuário ou no servidor: 429 com Retry-After.",
        querystring: z.object({ ticket: z.string().max(200).optional(), lastEventId: z.string().max(40).optional() }),
        response: { ...errorResponses, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const userId = request.auth.id;
      if (streams >= app.config.liveMaxStreams || (streamsOf.get(userId) ?? 0) >= app.config.liveMaxStreamsPerUser) {
        reply.header("Retry-After", String(LIVE_RETRY_AFTER_SECONDS));
        throw new HttpError(429, streams >= app.config.liveMaxStreams ? LIVE_MESSAGES.tooManyForServer : LIVE_MESSAGES.tooManyForUser);
      }
      streams++;
      streamsOf.set(userId, (streamsOf.get(userId) ?? 0) + 1);
      const raw = reply.raw;
      const scope = scopeOf(request.auth);
      const lastEventId = lastEventIdOf(request.headers["last-event-id"] ?? request.query.lastEventId);
      reply.hijack();
      raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), ...STREAM_HEADERS });
      raw.write(": conectado\n\n");
      raw.socket?.setNoDelay(true);

      const uncount = countLiveConnection();
      let unsubscribe: (() => void) | null = null;
      let closed = false;
      const check = async () => {
        const user = await userOfSession(app, session).catch(() => undefined);
        if (user === null) end();
      };
      // A Supervisor's stores, as the rules say now (a store whose rule is gone is sent nothing more);
      // when they cannot be read, none until the next read.
      const refresh =
        request.auth.role === SUPERVISOR
          ? async () => {
              try {
                const user = await userOfSession(app, session);
                scope.stores = user?.role === SUPERVISOR ? await supervisedStores(app.db, user.email) : [];
              } catch {
                scope.stores = [];
              }
            }
          : undefined;
      const keepAlive = setInterval(() => {
        raw.write(": ativo\n\n");
        void check();
      }, KEEP_ALIVE_MS);
      const end = () => {
        if (closed) return;
        closed = true;
        streams--;
        const left = (streamsOf.get(userId) ?? 1) - 1;
        if (left > 0) streamsOf.set(userId, left);
        else streamsOf.delete(userId);
        clearInterval(keepAlive);
        open.delete(check);
        unsubscribe?.();
        uncount();
        if (!raw.writableEnded) raw.end();
      };
      open.add(check);
      raw.on("close", end);
      try {
        unsubscribe = await app.live.subscribe({ scope, refresh, send: (event) => raw.write(formatEvent(event)), close: end }, lastEventId);
        if (closed) unsubscribe();
      } catch (err) {
        request.log.warn({ err }, "live updates: could not open a stream");
        end();
      }
    },
  );
};
