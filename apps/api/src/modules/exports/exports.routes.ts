import { PICKLIST_STATUSES, PICKUP_STATUSES, RETURN_STATUSES, formatCpf, formatDuration } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { anyRole } from "../../lib/auth.js";
import { CSV_BATCH, csvDate, csvItems, sendCsv } from "../../lib/csv.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { errorResponses } from "../../lib/route-schemas.js";
import { listPicklists } from "../picklists/picklists.service.js";
import { listPickups } from "../pickups/pickups.service.js";
import { listReturns } from "../returns/returns.service.js";

/** A CPF as the screens show it: formatted in full to the administrator, masked as stored in a store's view. */
const cpf = (value: string | null | undefined) => (!value ? "" : /^\d{11}$/.test(value) ? formatCpf(value) : value);

const csvResponse = { 200: z.string().describe("text/csv; charset=utf-8, com BOM, `;` e CRLF"), ...errorResponses };

const DESCRIPTION =
  "Todas as linhas do filtro (sem paginação), lidas e enviadas em lotes. Datas dd/MM/aaaa HH:mm:ss em APP_TIMEZONE, itens separados por ' | '. " +
  "Uma loja exporta só as suas linhas, com CPF mascarado e sem telefone ou e-mail.";

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = app.config.timezone;

  app.get(
    "/picklist/export",
    {
      config: { access: anyRole },
      schema: {
        tags: ["picklists"],
        summary: "Exportar em CSV as listas de separação, com os filtros de /picklist/get",
        description: DESCRIPTION,
        querystring: z.object({ store: listFilters.store, status: statusFilter(PICKLIST_STATUSES), from: listFilters.from, to: listFilters.to }),
        response: csvResponse,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "listas-de-separacao",
        ["Loja", "Enviado", "Iniciado", "Finalizado", "Duração", "Itens", "Itens separados", "Itens não separados", "Nº TR", "Status"],
        async (page) => (await listPicklists(app.db, request.auth, request.query, tz, { page, limit: CSV_BATCH, offset: (page - 1) * CSV_BATCH })).picklists,
        (l) => [
          l.destination,
          csvDate(l.sendDate, tz),
          csvDate(l.timeStarted, tz),
          csvDate(l.timeCompleted, tz),
          formatDuration(l.timeStarted ? new Date(l.timeStarted) : null, l.timeCompleted ? new Date(l.timeCompleted) : null),
          csvItems(l.listItems),
          csvItems(l.completedItems),
          csvItems(l.uncompletedItems),
          l.numberTransfer,
          l.currentStatus,
        ],
      ),
  );

  app.get(
    "/pickup/export",
    {
      config: { access: anyRole },
      schema: {
        tags: ["pickups"],
        summary: "Exportar em CSV as retiradas, com os filtros de /pickup/get",
        description: DESCRIPTION,
        querystring: z.object({
          status: statusFilter(PICKUP_STATUSES),
          store: listFilters.store,
          from: listFilters.from,
          to: listFilters.to,
          search: listFilters.search,
          overdue: z
            .enum(["0", "1", "true", "false"], { error: "Filtro de atraso inválido." })
            .optional()
            .transform((v) => v === "1" || v === "true"),
        }),
        response: csvResponse,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "retiradas",
        ["Número do pedido", "Loja", "Cliente", "CPF", "Tipo de operação", "Itens", "Código de rastreio / TR", "Data de retirada", "Recebido na loja", "Retirado em", "Retirada por terceiro", "CPF do terceiro", "Status"],
        async (page) => (await listPickups(app.db, request.auth, { ...request.query, page, pageSize: CSV_BATCH }, tz)).pickups,
        (p) => [
          p.orderNumber,
          p.pickupStoreName,
          p.customerFullName,
          cpf(p.customerCPF),
          p.pickupType,
          csvItems(p.orderItems),
          p.trackingCode,
          csvDate(p.scheduledPickupDate, tz),
          csvDate(p.orderReceivedAtStoreDate, tz),
          csvDate(p.actualPickupDate, tz),
          p.authorizedThirdPartyPickup ? (p.authorizedThirdPartyFullName ?? "") : "",
          cpf(p.authorizedThirdPartyCPF),
          p.pickupStatus,
        ],
      ),
  );

  app.get(
    "/return/export",
    {
      config: { access: anyRole },
      schema: {
        tags: ["returns"],
        summary: "Exportar em CSV as devoluções, com os filtros de /return/get",
        description: DESCRIPTION,
        querystring: z.object({ status: statusFilter(RETURN_STATUSES), store: listFilters.store, from: listFilters.from, to: listFilters.to, search: listFilters.search }),
        response: csvResponse,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        "devolucoes",
        ["Número do pedido", "Cliente", "CPF", "Itens", "Data da ordem da devolução", "Data da devolução", "Loja da devolução", "Nº TR", "Status", "Motivo da recusa"],
        async (page) => (await listReturns(app.db, request.auth, { ...request.query, page, pageSize: CSV_BATCH }, tz)).returns,
        (r) => [
          r.orderNumber,
          r.customerFullName,
          cpf(r.customerCPF),
          csvItems(r.returnItems),
          csvDate(r.dateOfCreation, tz),
          csvDate(r.dateOfReturn, tz),
          r.returnStore,
          r.transferNumber,
          r.returnStatus,
          r.reasonForRefusal,
        ],
      ),
  );
};
