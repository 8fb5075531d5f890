import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { routesOf } from "../../lib/route-schemas.js";
import { dataDirSnapshot } from "./backup.service.js";

/**
 * GET /api/backup/snapshot, for `npm run backup` on an embedded database while the server runs:
 * PGlite is one process's and its DATA_DIR is locked, so the command asks the server for a copy of
 * the data directory, taken while no transaction runs (writes pause for the copy, not for the whole
 * backup), and turns it into the portable backup on its own side. The token is the one the server
 * wrote to DATA_DIR: whoever can read that folder can read the database anyway.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["operations"]);
  app.get(
    "/backup/snapshot",
    route("operator", { 200: z.unknown().describe("tar gzip do diretório de dados") }, {
      summary: "Cópia do diretório de dados do banco embutido (tar gzip) para o comando npm run backup; pede o token do servidor em DATA_DIR",
    }),
    async (_request, reply) => {
      const tar = await dataDirSnapshot(app.database);
      return reply.header("Content-Type", "application/gzip").header("Cache-Control", "no-store").send(tar);
    },
  );
};
