import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Being written in this session: POST /api/uploads/nfe.
export const uploadsRoutes: FastifyPluginAsyncZod = async () => {};

// Being written in this session: GET /uploads/{invoiceFileName}, outside /api.
export const invoiceFilesRoute: FastifyPluginAsyncZod = async () => {};
