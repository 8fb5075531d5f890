import type { PgTable } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { anyRole } from "../../lib/auth.js";
import { sendCsv } from "../../lib/csv.js";
import { csvAnswer, routesOf } from "../../lib/route-schemas.js";
import { flowCsv, picklistExport, pickupExport, returnExport, type FlowExport } from "./exports.service.js";

const DESCRIPTION =
  "Todas as linhas do filtro (sem paginação), lidas e enviadas em lotes de 1.000, da mais recente à mais antiga. " +
  "Datas dd/MM/aaaa HH:mm:ss em APP_TIMEZONE (a data de retirada, só dia: dd/MM/aaaa), durações em minutos (coluna '(min)', vírgula decimal), itens separados por ' | '. " +
  "O nome do arquivo traz o período: <nome>_<de>_a_<até>.csv (ou _desde_<de>, ou _ate_<até ou hoje>). " +
  "Uma loja exporta só as suas linhas, com CPF mascarado e sem telefone ou e-mail.";

/** The three flows' CSV exports, one shape (exports.service.ts builds each file's rows). */
export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  exportRoute(app, picklistExport);
  exportRoute(app, pickupExport);
  exportRoute(app, returnExport);
};

function exportRoute<Query extends z.ZodType, Table extends PgTable>(app: Parameters<FastifyPluginAsyncZod>[0], spec: FlowExport<Query, Table>) {
  const route = routesOf([spec.tag]);
  app.get(
    spec.path,
    route(anyRole, { 200: csvAnswer }, { summary: `Exportar em CSV ${spec.what}`, description: DESCRIPTION, querystring: spec.query }),
    async (request, reply) => {
      const csv = await flowCsv(app.db, spec, request.auth, request.query as z.output<Query>, app.config.timezone);
      return sendCsv(reply, csv.filename, csv.header, csv.batches, csv.toFields);
    },
  );
}
