import { PICKLIST_STATUSES, PICKUP_STATUSES, RETURN_STATUSES, formatCpf, todayIn, type User } from "@passo/domain";
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { picklists, pickups, returns } from "../../db/schema/index.js";
import { CSV_BATCH, csvDate, csvDay, csvFileName, csvItems, csvMinutesBetween } from "../../lib/csv.js";
import { keysetBatches } from "../../lib/keyset.js";
import { listFilters, statusFilter } from "../../lib/list-query.js";
import { getDeadlines } from "../deadlines/deadlines.service.js";
import { picklistsWhere, toPicklist } from "../picklists/picklists.service.js";
import { pickupView, pickupsWhere } from "../pickups/pickups.service.js";
import { returnView, returnsWhere } from "../returns/returns.service.js";

/** A CPF as the screens show it: formatted in full to the administrator, masked as stored in a store's view. */
const cpf = (value: string | null | undefined) => (!value ? "" : /^\d{11}$/.test(value) ? formatCpf(value) : value);

type Fields = (string | number | null | undefined)[];

/**
 * One flow's export: its URL and file, the history's columns and filters, and how a filter and a
 * stored row become SQL and CSV fields for the actor (`prepare`, which may read settings first).
 */
export interface FlowExport<Query extends z.ZodType, Table extends PgTable> {
  path: string;
  tag: string;
  what: string;
  filename: string;
  header: readonly string[];
  query: Query;
  table: Table;
  key: { date: PgColumn; id: PgColumn };
  prepare: (
    db: Db,
    actor: User,
    query: z.output<Query>,
    timezone: string,
  ) => Promise<{ where: SQL | undefined; toFields: (row: Table["$inferSelect"]) => Fields }>;
}

/** Checks a flow's export against the shape, keeping its own query and table types. */
const flow = <Query extends z.ZodType, Table extends PgTable>(spec: FlowExport<Query, Table>) => spec;

export const picklistExport = flow({
  path: "/picklist/export",
  tag: "picklists",
  what: "as listas de separação, com os filtros de /picklist/get",
  filename: "listas-de-separacao",
  header: ["Loja", "Enviado", "Iniciado", "Finalizado", "Duração (min)", "Itens", "Itens separados", "Itens não separados", "Nº TR", "Status", "Finalizado por"],
  query: z.object({ store: listFilters.store, status: statusFilter(PICKLIST_STATUSES), from: listFilters.from, to: listFilters.to }),
  table: picklists,
  key: { date: picklists.sendDate, id: picklists.id },
  prepare: async (_db, actor, query, tz) => ({
    where: picklistsWhere(actor, query, tz),
    toFields: (row) => {
      const l = toPicklist(row);
      return [
        l.destination,
        csvDate(l.sendDate, tz),
        csvDate(l.timeStarted, tz),
        csvDate(l.timeCompleted, tz),
        csvMinutesBetween(l.timeStarted, l.timeCompleted),
        csvItems(l.listItems),
        csvItems(l.completedItems),
        csvItems(l.uncompletedItems),
        l.numberTransfer,
        l.currentStatus,
        l.finishedBy,
      ];
    },
  }),
});

export const pickupExport = flow({
  path: "/pickup/export",
  tag: "pickups",
  what: "as retiradas, com os filtros de /pickup/get",
  filename: "retiradas",
  header: ["Número do pedido", "Loja", "Cliente", "CPF", "Tipo de operação", "Itens", "Código de rastreio / TR", "Data de retirada", "Recebido na loja", "Retirado em", "Retirada por terceiro", "CPF do terceiro", "Status", "Recebido por", "Entregue por"],
  query: z.object({
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
  table: pickups,
  key: { date: pickups.orderDispatchDate, id: pickups.id },
  prepare: async (db, actor, query, tz) => {
    const { overdueDays } = await getDeadlines(db);
    const now = new Date();
    return {
      where: pickupsWhere(actor, query, tz, overdueDays, now),
      toFields: (row) => {
        const p = pickupView(actor, row, overdueDays, now);
        return [
          p.orderNumber,
          p.pickupStoreName,
          p.customerFullName,
          cpf(p.customerCPF),
          p.pickupType,
          csvItems(p.orderItems),
          p.trackingCode,
          csvDay(p.scheduledPickupDate, tz),
          csvDate(p.orderReceivedAtStoreDate, tz),
          csvDate(p.actualPickupDate, tz),
          p.authorizedThirdPartyPickup ? (p.authorizedThirdPartyFullName ?? "") : "",
          cpf(p.authorizedThirdPartyCPF),
          p.pickupStatus,
          p.receivedBy,
          p.handedOverBy,
        ];
      },
    };
  },
});

export const returnExport = flow({
  path: "/return/export",
  tag: "returns",
  what: "as devoluções, com os filtros de /return/get",
  filename: "devolucoes",
  header: ["Número do pedido", "Cliente", "CPF", "Itens", "Data da ordem da devolução", "Data da devolução", "Loja da devolução", "Nº TR", "Status", "Motivo da recusa", "Recebido por"],
  query: z.object({ status: statusFilter(RETURN_STATUSES), store: listFilters.store, from: listFilters.from, to: listFilters.to, search: listFilters.search }),
  table: returns,
  key: { date: returns.dateOfCreation, id: returns.id },
  prepare: async (_db, actor, query, tz) => ({
    where: returnsWhere(actor, query, tz),
    toFields: (row) => {
      const r = returnView(actor, row);
      return [
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
        r.receivedBy,
      ];
    },
  }),
});

/**
 * One flow's CSV for the actor: the file's name (with the filter's period), its header, the rows
 * that match the history's filter, read by keyset in batches of CSV_BATCH, and how a row becomes
 * its fields; the route writes them out as they come, so memory holds one batch whatever the total.
 */
export async function flowCsv<Query extends z.ZodType, Table extends PgTable>(
  db: Db,
  spec: FlowExport<Query, Table>,
  actor: User,
  query: z.output<Query>,
  timezone: string,
) {
  const { where, toFields } = await spec.prepare(db, actor, query, timezone);
  return {
    filename: csvFileName(spec.filename, query as { from?: string; to?: string }, todayIn(timezone)),
    header: spec.header,
    batches: keysetBatches(db, spec.table, spec.key, where, CSV_BATCH),
    toFields,
  };
}
