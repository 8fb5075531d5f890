import { z } from "zod";

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

/** The 4xx answers every authenticated route may give, for the OpenAPI description. */
export const errorResponses = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
} as const;
