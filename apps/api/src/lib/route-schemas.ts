import type { FastifyContextConfig } from "fastify";
import { z } from "zod";
import type { Access } from "./auth.js";

/** `/{id}` of every record: a UUID; anything else is a record that does not exist (404). */
export const idParams = z.object({ id: z.uuid() });

/** The fields a list answer adds when a page was asked for (`?page=`/`?pageSize=`). */
export const pageFields = {
  total: z.number().int().optional(),
  page: z.number().int().optional(),
  pageSize: z.number().int().optional(),
};

export const messageResponse = z.object({ message: z.string() });
export const errorResponse = z.object({ error: z.string() });

/** A CSV export's answer, for the OpenAPI description. */
export const csvAnswer = z.string().describe("text/csv; charset=utf-8, com BOM, `;` e CRLF");

/** The 4xx answers every authenticated route may give, for the OpenAPI description. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;

/** A list answer: the records under their key, and the page's figures when a page was asked for. */
export function pageOf<K extends string, T extends z.core.$ZodType>(key: K, record: T) {
  return z.object({ [key]: z.array(record), ...pageFields } as { [P in K]: z.ZodArray<T> } & typeof pageFields);
}

/** A write's answer: the message, and the record as it now is under its key. */
export function savedOf<K extends string, T extends z.core.$ZodType>(key: K, record: T) {
  return z.object({ message: z.string(), [key]: record } as { message: z.ZodString } & { [P in K]: T });
}

/** What a route states of its own schema; the plugin's tags and the common 4xx answers come from `routesOf`. */
interface OwnSchema {
  summary: string;
  description?: string;
  querystring?: z.core.$ZodType;
  params?: z.core.$ZodType;
  headers?: z.core.$ZodType;
  body?: z.core.$ZodType;
}

type RouteConfig = FastifyContextConfig & { access: Access };

/**
 * The options of one plugin's authenticated routes: `route(access, answers, schema)` is a route's
 * config and OpenAPI schema, where the route states only what is its own (who may call it, its
 * answers, then summary, params, body…) and the plugin's tags and the 4xx answers of
 * `errorResponses` are added (an answer the route states itself, such as a 409 of its own, wins).
 * Public routes, which answer fewer errors, state their whole schema themselves.
 */
export function routesOf(tags: string[]) {
  return <const R extends Record<number, z.core.$ZodType>, const S extends OwnSchema>(access: Access | RouteConfig, answers: R, schema: S) => ({
    config: typeof access === "string" || Array.isArray(access) ? { access: access as Access } : (access as RouteConfig),
    schema: { tags, ...schema, response: { ...errorResponses, ...answers } },
  });
}
