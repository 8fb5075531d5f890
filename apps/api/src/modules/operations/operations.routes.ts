import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pendingMigrations } from "../../db/migrations.js";
import { sameSecret } from "../../lib/auth.js";
import { notFound, unauthorized } from "../../lib/errors.js";
import { errorResponse } from "../../lib/route-schemas.js";
import type { PrometheusRegistry } from "../../lib/prometheus.js";

/** A load balancer gives up on a check long before a client would: a hung database is "not ready" within this. */
const READY_TIMEOUT_MS = 3_000;

export const OPERATIONS_MESSAGES = {
  databaseDown: "O banco de dados não responde.",
  migrationsPending: "O banco de dados ainda não recebeu todas as migrações desta versão.",
  metricsToken: "Informe o METRICS_TOKEN no cabeçalho Authorization: Bearer.",
  metricsLocalOnly: "Rota não encontrada.",
} as const;

class ReadinessTimeout extends Error {}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * A request made on this machine, straight to the process: its connection comes from a loopback
 * address and no proxy forwarded it. The connection's own address, never `request.ip`: that one
 * follows X-Forwarded-For, which any client can write. A proxy on this machine (nginx) forwards
 * with X-Forwarded-For or Forwarded: such a request came from elsewhere.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress ?? "";
  const headers = request.headers;
  return LOOPBACK.test(address) && headers["x-forwarded-for"] === undefined && headers.forwarded === undefined && headers["x-real-ip"] === undefined;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ReadinessTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** /healthz, /readyz and /metrics: outside /api, for load balancers and monitoring (docs/api.md, README "Operations"). */
export function operationsRoutes(prometheus: PrometheusRegistry): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["operations"];

    app.get(
      "/healthz",
      {
        config: { access: "public" },
        schema: { tags, summary: "O processo está de pé e atende (não consulta o banco)", security: [], response: { 200: z.object({ status: z.literal("ok") }) } },
      },
      async () => ({ status: "ok" as const }),
    );

    app.get(
      "/readyz",
      {
        config: { access: "public" },
        schema: {
          tags,
          summary: "Pronto para atender: o banco responde e tem todas as migrações desta versão; 503 {error} senão",
          security: [],
          response: { 200: z.object({ status: z.literal("ready") }), 503: errorResponse },
        },
      },
      async (_request, reply) => {
        let pending: number;
        try {
          pending = await withTimeout(
            (async () => {
              await app.db.execute(sql`select 1`);
              return (await pendingMigrations(app.db)).length;
            })(),
            READY_TIMEOUT_MS,
          );
        } catch (err) {
          app.log.warn({ err: err instanceof ReadinessTimeout ? "timeout" : err }, "readiness check: database unavailable");
          return reply.status(503).header("Retry-After", "5").send({ error: OPERATIONS_MESSAGES.databaseDown });
        }
        if (pending > 0) return reply.status(503).header("Retry-After", "5").send({ error: OPERATIONS_MESSAGES.migrationsPending });
        return { status: "ready" as const };
      },
    );

    app.get(
      "/metrics",
      {
        // With METRICS_TOKEN, that token, from anywhere; without it, only this machine (404 elsewhere).
        config: { access: "public" },
        schema: {
          tags,
          summary: "Métricas no formato de texto do Prometheus (com METRICS_TOKEN: Authorization: Bearer <METRICS_TOKEN>; sem ele, só do próprio servidor, pelo endereço de loopback)",
          security: [],
        },
      },
      async (request, reply) => {
        const token = app.config.metricsToken;
        if (token) {
          const header = request.headers.authorization;
          const given = header?.startsWith("Bearer ") ? header.slice(7).trim() : "";
          if (!sameSecret(given, token)) throw unauthorized(OPERATIONS_MESSAGES.metricsToken);
        } else if (!isLocalRequest(request)) {
          throw notFound(OPERATIONS_MESSAGES.metricsLocalOnly);
        }
        const { contentType, text } = await prometheus.render();
        return reply.header("Content-Type", contentType).header("Cache-Control", "no-store").send(text);
      },
    );
  };
}
