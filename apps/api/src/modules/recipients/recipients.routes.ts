import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Being written in this session.
export const recipientsRoutes: FastifyPluginAsyncZod = async () => {};
