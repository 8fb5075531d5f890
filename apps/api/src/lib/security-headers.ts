import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: this route answers something that is not one of our pages (an invoice PDF), so no Content-Security-Policy. */
    contentSecurityPolicy?: false;
  }
}

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix positions popovers with inline styles, and e-mail templates style themselves inline.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", "data:"],
  fontSrc: ["'self'", "data:"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Served over plain HTTP on a LAN as well: set below, only on answers to requests that came over https.
  strictTransportSecurity: false,
  referrerPolicy: { policy: "same-origin" },
};

/**
 * The headers helmet sets for these options. They never change, so helmet runs once at start-up
 * (its middleware, on a response that only records them) rather than on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

const withCsp = helmetHeaders(OPTIONS);
const withoutCsp = helmetHeaders({ ...OPTIONS, contentSecurityPolicy: false });
/**
 * A browser that reached us over https keeps to https for a year, subdomains included. Sent only then:
 * over plain http (a LAN install) the header would be ignored, or would wrongly name a proxy's choice.
 */
const HSTS = "max-age=31536000; includeSubDomains";
/** API answers carry customers' data and change from one moment to the next: no cache keeps them. */
const api = { ...withCsp, "cache-control": "no-store" };

/**
 * Helmet's security headers, with a strict Content-Security-Policy, on every answer (errors and 404s
 * included), `Cache-Control: no-store` on the API's, and `Strict-Transport-Security` on answers to
 * requests that came over https (directly, or through a proxy TRUST_PROXY names). The web app's assets set their own caching.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config?.contentSecurityPolicy === false) reply.headers(withoutCsp);
    else reply.headers(request.url.startsWith("/api/") ? api : withCsp);
    // Fastify reads X-Forwarded-Proto only from a proxy TRUST_PROXY names; otherwise whether the socket is TLS.
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
});
