import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { Db } from "../db/client.js";
import { adminOnly } from "./auth.js";
import { createOnce, idempotencyHeaders } from "./idempotency.js";
import { errorResponse, idParams, messageResponse, savedOf, type routesOf } from "./route-schemas.js";

type Actor = FastifyRequest["auth"];
/** The body and params were checked against the route's schema before the handler runs. */
type WithId = FastifyRequest<{ Params: { id: string } }>;

interface RecordRoutes<K extends string, R extends z.core.$ZodType, C extends z.ZodType, U extends z.ZodType> {
  /** The URLs' first segment: `/<path>/create`, `/<path>/update/:id` and `/<path>/delete/:id`. */
  path: string;
  /** The plugin's `routesOf`, for its tags. */
  route: ReturnType<typeof routesOf>;
  /** The key the created or updated record is answered under, beside the message. */
  key: K;
  record: R;
  create: { summary: string; body: C; message: string; run(db: Db, actor: Actor, input: z.output<C>): Promise<z.input<R>> };
  update: { summary: string; body: U; message: string; run(db: Db, actor: Actor, id: string, input: z.output<U>): Promise<z.input<R>> };
  remove: { summary: string; message: string; run(db: Db, actor: Actor, id: string): Promise<void> };
}

/**
 * The create, update and delete routes of a settings record the administrators keep (recipients,
 * store notifications, users): a creation runs once per Idempotency-Key and answers 201, an update
 * answers the record as it now is, a deletion its message; each under its record's key.
 */
export function recordRoutes<K extends string, R extends z.core.$ZodType, C extends z.ZodType, U extends z.ZodType>(
  app: FastifyInstance,
  { path, route, key, record, create, update, remove }: RecordRoutes<K, R, C, U>,
): void {
  const saved = savedOf(key, record);

  app.post(
    `/${path}/create`,
    route(adminOnly, { 201: saved, 422: errorResponse }, { summary: create.summary, headers: idempotencyHeaders, body: create.body }),
    async (request: FastifyRequest, reply: FastifyReply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: create.message, [key]: await create.run(db, request.auth, request.body as z.output<C>) },
      })),
  );

  app.put(
    `/${path}/update/:id`,
    route(adminOnly, { 200: saved }, { summary: update.summary, params: idParams, body: update.body }),
    async (request: WithId) => ({ message: update.message, [key]: await update.run(app.db, request.auth, request.params.id, request.body as z.output<U>) }),
  );

  app.delete(`/${path}/delete/:id`, route(adminOnly, { 200: messageResponse }, { summary: remove.summary, params: idParams }), async (request: WithId) => {
    await remove.run(app.db, request.auth, request.params.id);
    return { message: remove.message };
  });
}
