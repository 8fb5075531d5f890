import { outboxNotificationSchema, type OutboxStatus } from "@passo/domain";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

export interface OutboxQuery {
  status?: OutboxStatus;
  page: number;
  pageSize: number;
}

// Decoding turns the wire's ISO strings into Dates, as the domain's type says.
const outboxResponseSchema = z.object({ notifications: z.array(outboxNotificationSchema), total: z.number().int().optional() });
export type OutboxResponse = z.output<typeof outboxResponseSchema>;

/** GET /api/notification-outbox/get: one page of the e-mail queue, newest first. */
export async function getOutbox(query: OutboxQuery, signal?: AbortSignal): Promise<OutboxResponse> {
  return outboxResponseSchema.parse(await api.get("/notification-outbox/get", { ...query }, signal));
}

export const OUTBOX_KEY = ["notification-outbox"] as const;

export const outboxQueryOptions = (query: OutboxQuery) =>
  queryOptions({
    queryKey: [...OUTBOX_KEY, "list", query],
    queryFn: ({ signal }) => getOutbox(query, signal),
  });
