import { randomUUID } from "node:crypto";
import { constants as zlibConstants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { MAX_UPLOAD_BYTES, STAFF_MESSAGES } from "@passo/domain";
import Fastify, { LogController, type FastifyBaseLogger, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.js";
import type { Database, Db } from "../db/client.js";
import { authPlugin } from "../lib/auth.js";
import { registerErrorHandler } from "../lib/error-handler.js";
import { registerNulGuard } from "../lib/nul-guard.js";
import { responseSerializerCompiler } from "../lib/response-serializer.js";
import { createSecretBox, type SecretBox } from "../lib/secret-box.js";
import { securityHeaders } from "../lib/security-headers.js";
import { LoginThrottle } from "../modules/auth/login-throttle.js";
import { STAFF_PIN_LOCKOUT_MS } from "../modules/staff/staff.service.js";
import { createLiveHub, type LiveHub } from "../modules/live/live-hub.js";
import { systemLookup, type Lookup } from "../lib/smtp-target.js";
import { createPrometheusRegistry, type PrometheusRegistry } from "../lib/prometheus.js";
import { operationsRoutes } from "../modules/operations/operations.routes.js";
import { invoiceFilesRoute } from "../modules/uploads/uploads.routes.js";
import { apiRoutes } from "./routes.js";
import { webApp } from "./web.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: Config;
    database: Database;
    /** The Prometheus figures /metrics serves (lib/prometheus.ts); the dashboards' figures are modules/metrics. */
    prometheus: PrometheusRegistry;
    /** Seals and opens secrets stored in the database (the SMTP password) with ENCRYPTION_KEY. */
    secrets: SecretBox;
    /** This process's live-update streams and what feeds them (modules/live). */
    live: LiveHub;
    /** How the SMTP host's name is resolved before it is checked (lib/smtp-target.ts). */
    smtpLookup: Lookup;
    /** Wrong passwords, per account and address and per address: the sign-in's and 'Alterar a senha''s (modules/auth). */
    passwordThrottle: LoginThrottle;
    /** Wrong staff PINs, per store: five in ten minutes, then ten minutes of 429 (modules/staff). */
    staffPinThrottle: LoginThrottle;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions["logger"] | FastifyBaseLogger;
  /** The backup command's token (embedded database): server.ts makes one and writes it to DATA_DIR. */
  operatorToken?: string;
  /** Resolves the SMTP host's name (the system resolver unless a test gives names of its own). */
  smtpLookup?: Lookup;
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** An id a proxy or a client sent along is kept when it is plain text of a sane length; otherwise ours. */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

// Messages the schemas do not set themselves (a body that is not an object, say) come out in Portuguese too.
z.config(z.locales.pt());

/** The whole product as a Fastify instance: tests build it without listening, server.ts listens. */
export async function buildApp({ config, database, logger = false, operatorToken, smtpLookup = systemLookup }: BuildAppOptions) {
  const app = Fastify({
    ...(logger && typeof logger === "object" && "child" in logger ? { loggerInstance: logger } : { logger }),
    bodyLimit: JSON_BODY_LIMIT,
    // X-Forwarded-For and X-Forwarded-Proto count only from the proxies TRUST_PROXY names.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { ignoreTrailingSlash: true },
    // Every log line of a request carries its id, and so does the answer (X-Request-Id).
    genReqId: requestId,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: "requestId" }),
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // JSON only (and multipart for the invoice upload): anything else is 415.
  app.removeContentTypeParser("text/plain");
  app.decorate("config", config);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("operatorToken", operatorToken);
  app.decorate("secrets", createSecretBox(config.encryptionKey));
  app.decorate("smtpLookup", smtpLookup);
  app.decorate("passwordThrottle", new LoginThrottle());
  app.decorate("staffPinThrottle", new LoginThrottle({ lockout: { forgetAfterMs: STAFF_PIN_LOCKOUT_MS, message: STAFF_MESSAGES.tooManyTries } }));

  const live = createLiveHub(database, app.log);
  app.decorate("live", live);
  // Open streams end first, so that closing does not wait for them and their clients reconnect elsewhere.
  app.addHook("preClose", async () => live.closeAll());
  app.addHook("onClose", async () => live.stop());

  const prometheus = createPrometheusRegistry(app, database);
  app.decorate("prometheus", prometheus);

  registerErrorHandler(app);
  registerNulGuard(app);

  await app.register(securityHeaders);
  // Lists and pages go out compressed to browsers that ask (Accept-Encoding); small answers as they are.
  // Brotli at a low quality: a dynamic answer is compressed once, on the request's own time.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Passo API", description: "Listas de separação, retirada em loja e devoluções.", version: "1.0.0" },
      components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, headerPairs: 100 },
  });
  await app.register(authPlugin);
  await app.register(apiRoutes, { prefix: "/api" });
  await app.register(invoiceFilesRoute);
  await app.register(operationsRoutes(prometheus));
  await app.register(webApp);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
