import { CUSTOMER_DATA_MESSAGES, anonymizeResultSchema, customerDataSchema, parseCustomerCpf } from "@passo/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminOnly } from "../../lib/auth.js";
import { badRequest } from "../../lib/errors.js";
import { routesOf } from "../../lib/route-schemas.js";
import { anonymizeCustomer, customerData } from "./customers.service.js";

/** The path's CPF: checked in the handler, so that a bad one answers 400 with the CPF rule's message (a bad path id answers 404). */
const cpfParams = z.object({ cpf: z.string().max(32) });

function cpfOf(params: { cpf: string }): string {
  const parsed = parseCustomerCpf(params.cpf);
  if ("error" in parsed) throw badRequest(parsed.error);
  return parsed.cpf;
}

/** 'Dados de cliente' (LGPD art. 18): a customer's data on request, and its anonymisation. Administrators only. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(["customers"]);

  app.get(
    "/customers/:cpf/data",
    route(adminOnly, { 200: customerDataSchema }, {
      summary: "Dados de um cliente (LGPD art. 18): todas as retiradas (como cliente ou terceiro autorizado) e devoluções do CPF, por inteiro, os e-mails sobre elas e as linhas do relatório de alterações; `openRecords` lista os registros em aberto que impedem a anonimização. Listas vazias quando o CPF não tem nada.",
      params: cpfParams,
    }),
    async (request) => customerData(app.db, cpfOf(request.params)),
  );

  app.post(
    "/customers/:cpf/anonymize",
    route(adminOnly, { 200: anonymizeResultSchema }, {
      summary: "Anonimizar um cliente: nome, CPF, telefone e e-mail trocados por valores anônimos nas retiradas retiradas e nas devoluções encerradas, nas linhas do relatório e nos e-mails sobre elas; os registros e as contagens ficam. 409 enquanto houver retirada ou devolução em aberto (o erro diz quais), 404 quando o CPF não tem registros. Tudo numa transação, com uma linha no relatório (CPF mascarado).",
      params: cpfParams,
    }),
    async (request) => ({ message: CUSTOMER_DATA_MESSAGES.anonymized, ...(await anonymizeCustomer(app.db, request.auth, cpfOf(request.params))) }),
  );
};
