import { createHash } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client.js";
import { idempotencyKeys } from "../db/schema/index.js";
import { nudgeOutbox } from "./outbox-signal.js";
import { HttpError } from "./errors.js";

const HEADER = "idempotency-key";
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: "Idempotency-Key inválida: use de 1 a 255 caracteres visíveis, sem espaços (um UUID, por exemplo).",
  otherBody: "Esta Idempotency-Key já foi usada com outro conteúdo. Gere uma chave nova para uma nova criação.",
} as const;

/**
 * The header every creation accepts, for the route's schema (and so the OpenAPI document). Loose:
 * the other headers stay as they came.
 */
export const idempotencyHeaders = z.looseObject({
  [HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.invalidKey)
    .optional()
    .describe(
      `Opcional. A mesma chave com o mesmo corpo, em até ${IDEMPOTENCY_WINDOW_HOURS} horas, devolve a primeira resposta de novo sem criar nada; com outro corpo, 422.`,
    ),
});

/** Who a key belongs to: two callers may use the same key without seeing each other's answers. */
export function callerOf(request: FastifyRequest): string {
  return request.apiKey ? `api-key:${request.apiKey.id}` : request.auth.id;
}

/** JSON with its object keys sorted, so that the same body sent with its keys in another order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export interface Created {
  statusCode: number;
  body: unknown;
}

/**
 * Runs a creation once per Idempotency-Key. Without the header it simply runs. With it, in one
 * transaction: the key's row is claimed (a concurrent request with the same key, from any process,
 * waits on the unique index until this one commits, then replays), the creation runs on that same
 * transaction (the service's own transaction nests as a savepoint), and the answer is stored beside
 * it. Record, key and answer are committed together, so a process killed right after the commit
 * still replays; a refused or failed creation leaves no key behind and may be sent again.
 */
export async function createOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: unknown,
  create: (db: Db) => Promise<Created>,
): Promise<FastifyReply> {
  const app = request.server;
  const key = request.headers[HEADER];
  if (key === undefined) {
    const created = await create(app.db);
    return reply.status(created.statusCode).send(created.body);
  }
  if (typeof key !== "string" || !/^[\x21-\x7e]{1,255}$/.test(key)) throw new HttpError(400, IDEMPOTENCY_MESSAGES.invalidKey);
  const caller = callerOf(request);
  const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
  const requestHash = createHash("sha256").update(`${route}\n${canonical(fingerprint)}`).digest("hex");
  const where = and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key));

  const answer = await app.db.transaction(async (tx) => {
    const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`;
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ caller, key, route, requestHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.caller, idempotencyKeys.key],
        set: { route, requestHash, statusCode: null, response: null, createdAt: sql`now()` },
        where: lt(idempotencyKeys.createdAt, expired),
      })
      .returning({ id: idempotencyKeys.id });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(where);
      if (!first || first.statusCode === null || first.response === null) throw new Error("Idempotency key without its answer.");
      if (first.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MESSAGES.otherBody);
      return { statusCode: first.statusCode, text: first.response, replayed: true };
    }
    const created = await create(tx as unknown as Db);
    reply.status(created.statusCode);
    // Serialized by the route's own response schema, exactly as it goes out now and on every replay.
    const text = reply.serialize(created.body) as string;
    await tx.update(idempotencyKeys).set({ statusCode: created.statusCode, response: text }).where(where);
    return { statusCode: created.statusCode, text, replayed: false };
  });

  if (answer.replayed) {
    app.prometheus.idempotentReplays.inc();
    reply.header("Idempotent-Replayed", "true");
  } else {
    // E-mails the creation queued were invisible to the worker until this commit.
    nudgeOutbox();
  }
  return reply.status(answer.statusCode).type("application/json; charset=utf-8").send(answer.text);
}

/** Keys past their window are of no use: removed by the server now and then. */
export async function deleteExpiredIdempotencyKeys(db: Db): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_WINDOW_HOURS})`))
    .returning({ id: idempotencyKeys.id });
  return removed.length;
}
