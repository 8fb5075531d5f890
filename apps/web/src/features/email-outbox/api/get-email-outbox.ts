import { outboxEmailSchema, type OutboxStatus } from "@passo/domain";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { EMAIL_OUTBOX_KEY } from "@/api/query-keys";

export interface EmailOutboxQuery {
  status?: OutboxStatus;
  page: number;
  pageSize: number;
}

// Decoding turns the wire's ISO strings into Dates, as the domain's type says.
const emailOutboxResponseSchema = z.object({ notifications: z.array(outboxEmailSchema), total: z.number().int().optional() });
export type EmailOutboxResponse = z.output<typeof emailOutboxResponseSchema>;

/** GET /api/notification-outbox/get: one page of the e-mail queue, newest first. */
export async function getEmailOutbox(query: EmailOutboxQuery, signal?: AbortSignal): Promise<EmailOutboxResponse> {
  return emailOutboxResponseSchema.parse(await api.get("/notification-outbox/get", { ...query }, signal));
}

export const emailOutboxQueryOptions = (query: EmailOutboxQuery) =>
  queryOptions({
    queryKey: [...EMAIL_OUTBOX_KEY, "list", query],
    queryFn: ({ signal }) => getEmailOutbox(query, signal),
  });
