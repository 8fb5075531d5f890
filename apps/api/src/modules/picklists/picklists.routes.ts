import {
  PICKLIST_MESSAGES,
  PICKLIST_STATUSES,
  picklistCreateSchema,
  picklistSchema,
  picklistUpdateSchema,
  PICKLIST_IMPORT_MESSAGES,
  picklistImportSchema,
  TRANSFER_NUMBER_MESSAGE,
  type PicklistMove,
} from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly, anyRole } from "../../lib/auth.js";
import { listFilters, pageFigures, paging, statusFilter } from "../../lib/list-query.js";
import { createOnce, idempotencyHeaders } from "../../lib/idempotency.js";
import { errorResponse, idParams, messageResponse, pageFields, pageOf, routesOf, savedOf } from "../../lib/route-schemas.js";
import { expandCatalogLines } from "../products/products.service.js";
import { staffSignature } from "../staff/staff.service.js";
import {
  createPicklist,
  deletePicklist,
  findTransferNumberUse,
  getPicklist,
  importPicklists,
  listNotFoundItems,
  listPicklists,
  previewPicklistImport,
  updatePicklist,
} from "./picklists.service.js";

const importProblem = z.object({ line: z.number().int().nullable(), message: z.string() });

/** A store acting on a list redirected away from it learns the new destination (docs/state-machines.md). */
const picklistConflict = z.object({ error: z.string(), destination: z.string().optional() });

const listNumber = z.coerce
  .number({ error: PICKLIST_MESSAGES.numberInvalid })
  .int(PICKLIST_MESSAGES.numberInvalid)
  .min(1, PICKLIST_MESSAGES.numberInvalid)
  .max(2_147_483_647, PICKLIST_MESSAGES.numberInvalid);

const listQuery = z.object({
  store: listFilters.store,
  status: statusFilter(PICKLIST_STATUSES),
  from: listFilters.from,
  to: listFilters.to,
  pending: listFilters.from,
  open: z
    .enum(["true", "false"], { error: "Valor inválido para open." })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === "true")),
  number: listNumber.optional(),
  order: z.enum(["started"], { error: "Ordem inválida." }).optional(),
  page: listFilters.page,
  pageSize: listFilters.pageSize,
});

const UPDATE_MESSAGES: Record<PicklistMove, string> = {
  start: PICKLIST_MESSAGES.started,
  finish: PICKLIST_MESSAGES.finished,
  split: PICKLIST_MESSAGES.updated,
  unavailable: PICKLIST_MESSAGES.updated,
  restore: PICKLIST_MESSAGES.updated,
  edit: PICKLIST_MESSAGES.updated,
  none: PICKLIST_MESSAGES.updated,
};

export const picklistsRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["picklists"]);

  app.get(
    "/picklist/get",
    route({ access: anyRole, apiKeyScope: "picklists" }, { 200: pageOf("picklists", picklistSchema), 409: picklistConflict }, {
      summary: "Listar listas de separação (uma loja vê só as suas)",
      description: "Filtros: store (nome da loja ou all), status (repetível ou all), from/to (dias em APP_TIMEZONE, sobre sendDate), " +
        "pending=AAAA-MM-DD (enviadas antes desse dia), open=true (ainda não finalizadas) ou false, " +
        "number (Lista nº, digitado ou lido do código de barras da lista impressa), page/pageSize. " +
        "Ordem: sendDate decrescente; com order=started, as já iniciadas primeiro (a tela 'Iniciar separação' pagina assim).",
      querystring: listQuery,
    }),
    async (request) => {
      const { page, pageSize, order, ...filters } = request.query;
      const window = paging({ page, pageSize });
      const result = await listPicklists(app.db, request.auth, filters, app.config.timezone, window, order);
      return { picklists: result.picklists, ...pageFigures(window, result.total) };
    },
  );

  app.get(
    "/picklist/not-found",
    route(
      adminOnly,
      {
        200: z.object({
          items: z.array(z.object({ picklistId: z.string(), destination: z.string(), sendDate: picklistSchema.shape.sendDate, item: z.string() })),
          ...pageFields,
        }),
      },
      {
        summary: "Produtos não encontrados: um item por linha, dos itens não separados das listas finalizadas ou indisponíveis",
        description: "Filtros: from/to (dias em APP_TIMEZONE, sobre sendDate; a tela pede o dia de hoje), store (nome da loja ou all), " +
          "item (um produto, pelo texto exato: só as suas linhas), page/pageSize. " +
          "Ordem: sendDate decrescente, os itens na ordem da lista.",
        querystring: z.object({
          from: listFilters.from,
          to: listFilters.to,
          store: listFilters.store,
          item: z.string({ error: "Produto inválido." }).trim().max(200, "Produto inválido.").optional().transform((v) => v || undefined),
          page: listFilters.page,
          pageSize: listFilters.pageSize,
        }),
      },
    ),
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      const window = paging({ page, pageSize });
      const result = await listNotFoundItems(app.db, filters, app.config.timezone, window);
      return { items: result.items, ...pageFigures(window, result.total) };
    },
  );

  app.get(
    "/picklist/transfer-number",
    route(anyRole, { 200: z.object({ picklist: z.object({ id: z.string(), number: z.number().int() }).nullable() }) }, {
      summary: "Verificar se um Nº TR já foi usado em outra lista (uma loja procura só entre as suas)",
      description: "Para o aviso antes de 'Finalizar': a lista mais recente, além de `except`, que já tem esse número de transferência, " +
        "ou null. Não impede nada: o mesmo número pode ser usado de novo.",
      querystring: z.object({
        numberTransfer: z.string({ error: TRANSFER_NUMBER_MESSAGE }).trim().min(1, TRANSFER_NUMBER_MESSAGE).max(40, TRANSFER_NUMBER_MESSAGE),
        except: idParams.shape.id.optional(),
      }),
    }),
    async (request) => ({
      picklist: await findTransferNumberUse(app.db, request.auth, request.query.numberTransfer, request.query.except),
    }),
  );

  app.get(
    "/picklist/getId/:id",
    route({ access: anyRole, apiKeyScope: "picklists" }, { 200: z.object({ picklist: picklistSchema }), 409: picklistConflict }, { summary: "Ler uma lista de separação", params: idParams }),
    async (request) => ({ picklist: await getPicklist(app.db, request.auth, request.params.id) }),
  );

  app.post(
    "/picklist/create",
    {
      ...route({ access: adminOnly, apiKeyScope: "picklists" }, { 201: savedOf("picklist", picklistSchema), 409: picklistConflict, 422: errorResponse }, {
        summary: "Criar lista de separação (sendDate e status definidos pelo servidor)",
        headers: idempotencyHeaders,
        body: picklistCreateSchema,
      }),
      // Catalog lines become items before the body is validated (docs/api.md, "The catalog in the flows").
      preValidation: async (request) => expandCatalogLines(app.db, request.body, "listItems"),
    },
    async (request, reply) =>
      createOnce(request, reply, request.body, async (db) => ({
        statusCode: 201,
        body: { message: PICKLIST_MESSAGES.created, picklist: await createPicklist(db, request.auth, request.body) },
      })),
  );

  app.post(
    "/picklist/import",
    route(
      { access: adminOnly, apiKeyScope: "picklists" },
      {
        200: z.object({ lists: z.array(z.object({ destination: z.string(), items: z.array(z.string()) })), problems: z.array(importProblem), unknownStores: z.array(z.string()) }),
        201: z.object({ message: z.string(), picklists: z.array(picklistSchema) }),
        409: picklistConflict,
        400: z.object({ error: z.string(), problems: z.array(importProblem).optional() }),
        422: errorResponse,
      },
      {
        summary: "Importar listas de separação: linhas {loja, item} de uma planilha, uma lista por loja",
        description: "Com dryRun=true, só a prévia: as listas que seriam criadas, os problemas de cada linha e as lojas desconhecidas (200). " +
          "Sem dryRun, cria todas as listas numa só transação (201), ou nenhuma quando alguma linha é recusada (400 com `problems`). " +
          "`line` é a linha no arquivo, para as mensagens. No máximo 5.000 linhas e 500 itens por lista.",
        headers: idempotencyHeaders,
        body: picklistImportSchema,
      },
    ),
    async (request, reply) => {
      if (request.body.dryRun) return reply.status(200).send(await previewPicklistImport(app.db, request.body));
      return createOnce(request, reply, request.body, async (db) => {
        const picklists = await importPicklists(db, request.auth, request.body);
        return { statusCode: 201, body: { message: PICKLIST_IMPORT_MESSAGES.created(picklists.length), picklists } };
      });
    },
  );

  app.put(
    "/picklist/update/:id",
    route(anyRole, { 200: savedOf("picklist", picklistSchema), 409: picklistConflict, 422: errorResponse, 429: errorResponse }, {
      summary: "Atualizar lista de separação: iniciar, separar itens, produtos indisponíveis, finalizar ou editar (administrador)",
      description: "O corpo pode trazer o registro inteiro; a transição é deduzida comparando-o com a lista gravada. " +
        "As datas da transição são definidas pelo servidor. Uma alteração feita sem conexão e enviada depois traz " +
        "baseVersion (a `version` da lista em que foi feita), baseStatus e os itens marcados em separate/unseparate, " +
        "aplicados à lista como ela está (docs/state-machines.md). Com Idempotency-Key, a mesma alteração enviada de novo " +
        "devolve a primeira resposta sem aplicar nada. Uma loja que exige o PIN do atendente finaliza com staffPin " +
        "(sem ele: 403 'Informe o PIN do atendente.'; errado: 403 'PIN inválido.'; cinco errados em 10 minutos: 429); finishedBy nomeia o atendente.",
      headers: idempotencyHeaders,
      params: idParams,
      body: picklistUpdateSchema,
    }),
    async (request, reply) => {
      // The list's id is part of what the key stands for (the route's pattern alone does not name it);
      // the PIN is not: only whether one came, so no PIN is ever hashed into the key's row.
      const { staffPin, ...change } = request.body;
      return createOnce(request, reply, { id: request.params.id, body: change, signed: staffPin !== undefined }, async (db) => {
        const signature = await staffSignature({ db, throttle: app.staffPinThrottle }, request.auth, staffPin);
        const { picklist, move } = await updatePicklist(db, request.auth, request.params.id, request.body, new Date(), signature);
        return { statusCode: 200, body: { message: UPDATE_MESSAGES[move], picklist } };
      });
    },
  );

  app.delete(
    "/picklist/delete/:id",
    route(adminOnly, { 200: messageResponse, 409: picklistConflict }, { summary: "Excluir lista de separação (só Não iniciado)", params: idParams }),
    async (request) => {
      await deletePicklist(app.db, request.auth, request.params.id);
      return { message: PICKLIST_MESSAGES.deleted };
    },
  );
};
