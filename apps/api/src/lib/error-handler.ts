import { RuleViolation, type RuleViolationKind } from "@passo/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { pgErrorCode } from "./db-errors.js";
import { HttpError } from "./errors.js";
import { NUL_TEXT_ERROR } from "./nul-guard.js";

/**
 * The database is unreachable or restarting: the client may retry. Nothing was written, except in one
 * case: a connection lost after the server received COMMIT but before it answered (the fault tests see
 * it about once in ten PostgreSQL restarts). A retried transition then answers 409; a retried creation
 * makes a second record.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300")) return true;
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const sys = (e as { code?: unknown }).code;
    if (sys === "ECONNREFUSED" || sys === "ECONNRESET" || sys === "ETIMEDOUT" || sys === "EPIPE") return true;
    const message = (e as { message?: unknown }).message;
    // "…is not queryable": the connection died inside a transaction and its ROLLBACK failed too.
    if (typeof message === "string" && /Connection terminated|timeout exceeded when trying to connect|is not queryable/i.test(message)) return true;
  }
  return false;
}

/** Fastify's own error codes that are the client's fault, with what the client is told. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "O corpo da requisição não é um JSON válido."],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "O corpo da requisição está vazio."],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "O corpo da requisição é grande demais."],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "Tipo de conteúdo não suportado. Envie JSON."],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "Tamanho do corpo da requisição inválido."],
  FST_ERR_CTP_INVALID_TYPE: [400, "Tipo de conteúdo inválido."],
  FST_REQ_FILE_TOO_LARGE: [413, "O arquivo é grande demais."],
  FST_FILES_LIMIT: [400, "Envie um único arquivo."],
  FST_PARTS_LIMIT: [400, "Partes demais no formulário."],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, "Envie o arquivo como multipart/form-data."],
  FST_ERR_VALIDATION: [400, "Dados inválidos."],
};

/** A domain rule's refusal: the record's state is 409, the input 400, the caller's role 403. */
const RULE_VIOLATION_STATUS: Record<RuleViolationKind, number> = { conflict: 409, invalid: 400, forbidden: 403 };

function firstIssueMessage(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? "Dados inválidos.";
}

/** Seconds a 429 asks the client to wait when the refusal did not say (any 429 the API sends carries one). */
const DEFAULT_RETRY_AFTER_SECONDS = "60";

/** One error handler: validation → 400 with the first rule's message; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance) {
  // Every 429 says when to try again: the throttles set their own wait; any other one gets a minute.
  app.addHook("onSend", async (_request, reply, payload) => {
    if (reply.statusCode === 429 && !reply.hasHeader("retry-after")) reply.header("retry-after", DEFAULT_RETRY_AFTER_SECONDS);
    return payload;
  });
  app.setErrorHandler((error: FastifyError | HttpError | RuleViolation | ZodError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ error: error.message, ...error.extra });
    }
    if (error instanceof RuleViolation) {
      return reply.status(RULE_VIOLATION_STATUS[error.kind]).send({ error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A malformed id names no record: the same answer as an id that does not exist.
      if (error.validationContext === "params") return reply.status(404).send({ error: "Registro não encontrado." });
      return reply.status(400).send({ error: firstIssueMessage(error.validation.map((v) => ({ message: v.message ?? "Dados inválidos." }))) });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ error: firstIssueMessage(error.issues) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ error: "Erro interno do servidor." });
    }
    const known = "code" in error && typeof error.code === "string" ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[1] });
    const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status === 429) return reply.status(429).send({ error: "Muitas tentativas. Aguarde alguns minutos e tente novamente." });
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, "client error");
      return reply.status(status).send({ error: "Requisição inválida." });
    }
    // Text PostgreSQL cannot store (the NUL guard refuses it first; this covers any other way in).
    if (["22021", "22P05"].includes(pgErrorCode(error) ?? "")) {
      request.log.info({ err: error }, "text the database cannot store");
      return reply.status(400).send({ error: NUL_TEXT_ERROR });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.status(503).header("Retry-After", "5").send({ error: "Serviço temporariamente indisponível. Tente novamente em instantes." });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ error: "Erro interno do servidor." });
  });
}
