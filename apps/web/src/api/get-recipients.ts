import { recipientSchema } from "@passo/domain";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { RECIPIENTS_KEY } from "./query-keys";

export interface RecipientsQuery {
  /** Matches the name, the e-mail or the role. */
  search?: string;
  page?: number;
  pageSize?: number;
}

const recipientsResponseSchema = z.object({ recipients: z.array(recipientSchema), total: z.number().int().optional() });
export type RecipientsResponse = z.output<typeof recipientsResponseSchema>;

/** GET /api/recipients/get: one page with `page`/`pageSize`, else the whole list (the pickers). */
export async function getRecipients(query: RecipientsQuery, signal?: AbortSignal): Promise<RecipientsResponse> {
  return recipientsResponseSchema.parse(await api.get("/recipients/get", { ...query }, signal));
}

export const recipientsQueryOptions = (query: RecipientsQuery = {}) =>
  queryOptions({
    queryKey: [...RECIPIENTS_KEY, "list", query],
    queryFn: ({ signal }) => getRecipients(query, signal),
  });

/** Every recipient, for the supervisor, manager and assistant manager pickers. */
export const useAllRecipients = () => useQuery({ ...recipientsQueryOptions(), placeholderData: keepPreviousData });
