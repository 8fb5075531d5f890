import {
  API_KEY_ACTOR_ROLE,
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES,
  AUDIT_SYSTEM_USER,
  ROLES,
  todayIn,
  auditActorName,
  describeAuditChanges,
  timestampSchema,
  type AuditEntity,
} from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { CSV_BATCH, csvDate, csvFileName, sendCsv } from "../../lib/csv.js";
import { listFilters, paging } from "../../lib/list-query.js";
import { csvAnswer, pageOf, routesOf } from "../../lib/route-schemas.js";
import { AUDIT_ENTITIES } from "../../records/audit.js";
import { auditLogBatches, listAuditActors, listAuditEntries, listAuditLog } from "./audit.service.js";

const auditEntrySchema = z.object({
  id: z.string(),
  at: timestampSchema,
  actor: z.object({ id: z.string(), username: z.string(), role: z.enum([...ROLES, API_KEY_ACTOR_ROLE]) }).nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

/** `all` or nothing means no filter. */
const noFilter = (v: unknown) => (v === "" || v === "all" ? undefined : v);

/** The log's filters, shared by the page and the export. */
const auditLogFilters = {
  from: listFilters.from,
  to: listFilters.to,
  user: z.preprocess(
    noFilter,
    z
      .string({ error: AUDIT_MESSAGES.invalidUser })
      .refine((v) => v === AUDIT_SYSTEM_USER || z.guid().safeParse(v).success, AUDIT_MESSAGES.invalidUser)
      .optional(),
  ),
  entity: z.preprocess(noFilter, z.enum(AUDIT_ENTITIES, { error: AUDIT_MESSAGES.unknownEntity }).optional()),
  action: z.preprocess(noFilter, z.enum(AUDIT_ACTIONS, { error: AUDIT_MESSAGES.unknownAction }).optional()),
};

const auditLogEntrySchema = auditEntrySchema.extend({ entity: z.string(), entityId: z.string(), label: z.string().nullable() });

/** The page size when none is asked for: the log is never answered whole. */
const DEFAULT_PAGE_SIZE = 50;

const FILTERS_TEXT =
  "Filtros: `from`/`to` (AAAA-MM-DD, dias inteiros em APP_TIMEZONE, ou instantes ISO), `user` (id de um usuário ou de uma chave de API, ou `system` para o Sistema), " +
  `\`entity\` (${AUDIT_ENTITIES.join(", ")}), \`action\` (${AUDIT_ACTIONS.join(", ")}).`;

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["audit"]);
  const tz = app.config.timezone;

  app.get(
    "/audit/get",
    route(adminOnly, { 200: pageOf("entries", auditLogEntrySchema) }, {
      summary: "Relatório de alterações: o registro de alterações de todos os registros, do mais recente ao mais antigo, paginado",
      description: `${FILTERS_TEXT} Sempre paginado: \`page\` (desde 1) e \`pageSize\` (até 200; ${DEFAULT_PAGE_SIZE} se omitido). Cada entrada traz o tipo e o id do registro e \`label\`, ` +
        "o nome do registro (número do pedido, nome do usuário, loja da lista…) ou null. Dados pessoais de clientes aparecem mascarados, como foram gravados.",
      querystring: z.object({ ...auditLogFilters, page: listFilters.page, pageSize: listFilters.pageSize }),
    }),
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      return listAuditLog(app.db, filters, paging({ page: page ?? 1, pageSize: pageSize ?? DEFAULT_PAGE_SIZE })!, tz);
    },
  );

  app.get(
    "/audit/actors",
    route(adminOnly, { 200: z.object({ actors: z.array(z.object({ id: z.string(), username: z.string(), role: z.string(), removed: z.boolean() })) }) }, {
      summary: "Quem o filtro de usuário do relatório de alterações oferece",
      description: "Os usuários e as chaves de API de hoje e, com `removed: true`, os usuários excluídos e as chaves revogadas que o registro de alterações ainda cita " +
        "(com o último nome que o registro gravou). `role`: o perfil do usuário ou `Chave de API`.",
    }),
    async () => ({ actors: await listAuditActors(app.db) }),
  );

  app.get(
    "/audit/export",
    route(adminOnly, { 200: csvAnswer }, {
      summary: "Exportar em CSV o relatório de alterações, com os filtros de /audit/get",
      description: `${FILTERS_TEXT} Todas as linhas do filtro, do mais recente ao mais antigo, lidas e enviadas em lotes. Datas dd/MM/aaaa HH:mm:ss em APP_TIMEZONE. O nome do arquivo traz o período (relatorio-de-alteracoes_<de>_a_<até>.csv).`,
      querystring: z.object(auditLogFilters),
    }),
    async (request, reply) => {
      const showDate = (iso: string) => csvDate(iso, tz);
      return sendCsv(
        reply,
        csvFileName("relatorio-de-alteracoes", request.query, todayIn(tz)),
        ["Data", "Usuário", "Tipo de registro", "Registro", "Id do registro", "Ação", "Alterações"],
        auditLogBatches(app.db, request.query, CSV_BATCH, tz),
        (entry) => [
          csvDate(entry.at, tz),
          auditActorName(entry.actor),
          AUDIT_ENTITY_LABELS[entry.entity as AuditEntity] ?? entry.entity,
          entry.label,
          entry.entityId,
          AUDIT_ACTION_LABELS[entry.action as keyof typeof AUDIT_ACTION_LABELS] ?? entry.action,
          describeAuditChanges(entry.action, entry.changes, showDate),
        ],
      );
    },
  );

  app.get(
    "/audit/:entity/:id",
    route(adminOnly, { 200: z.object({ entries: z.array(auditEntrySchema) }) }, {
      summary: `Histórico de alterações de um registro, do mais antigo ao mais recente: quem (null para o Sistema), quando, a ação e o que mudou (\`{campo: {from, to}}\` numa edição; os campos do registro ao criar ou excluir). Dados pessoais de clientes aparecem mascarados; senhas nunca. \`entity\`: ${AUDIT_ENTITIES.join(", ")}. Um id sem histórico (ou de registro inexistente) devolve \`entries: []\`.`,
      params: z.object({ entity: z.string(), id: z.uuid() }),
    }),
    async (request) => ({ entries: await listAuditEntries(app.db, request.params.entity, request.params.id) }),
  );
};
