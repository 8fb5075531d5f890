import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole, onSignedInUsersChanged, requestToken, userFromToken } from "../../lib/auth.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { countLiveConnection } from "../operations/metrics.js";
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

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
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
      config: { access: anyRole, tokenInQuery: true },
      compress: false,
      schema: {
        tags: ["live"],
        summary:
          "Atualizações ao vivo (Server-Sent Events): um evento `picklist`, `pickup` ou `return` por alteração confirmada, com `id` crescente e `data` `{id, action, store, status}`. O token vai no cabeçalho Authorization ou em `?token=` (EventSource). Com `Last-Event-ID`, os eventos perdidos vêm antes.",
        querystring: z.object({ token: z.string().optional() }),
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const raw = reply.raw;
      const scope = scopeOf(request.auth);
      const lastEventId = lastEventIdOf(request.headers["last-event-id"]);
      reply.hijack();
      raw.writeHead(200, { ...(reply.getHeaders() as Record<string, string>), ...STREAM_HEADERS });
      raw.write(": conectado\n\n");
      raw.socket?.setNoDelay(true);

      const uncount = countLiveConnection();
      const token = requestToken(request) ?? "";
      let unsubscribe: (() => void) | null = null;
      let closed = false;
      const check = async () => {
        const user = await userFromToken(app, token).catch(() => undefined);
        if (user === null) end();
      };
      const keepAlive = setInterval(() => {
        raw.write(": ativo\n\n");
        void check();
      }, KEEP_ALIVE_MS);
      const end = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        open.delete(check);
        unsubscribe?.();
        uncount();
        if (!raw.writableEnded) raw.end();
      };
      open.add(check);
      raw.on("close", end);
      try {
        unsubscribe = await app.live.subscribe({ scope, send: (event) => raw.write(formatEvent(event)), close: end }, lastEventId);
        if (closed) unsubscribe();
      } catch (err) {
        request.log.warn({ err }, "live updates: could not open a stream");
        end();
      }
    },
  );
};
