import { storeRuleSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { STORE_RULES_KEY } from "@/api/query-keys";

export interface StoreRulesQuery {
  /** Matches the store only. */
  search?: string;
  page?: number;
  pageSize?: number;
}

const storeRulesResponseSchema = z.object({
  notifications: z.array(storeRuleSchema),
  total: z.number().int().optional(),
});
export type StoreRulesResponse = z.output<typeof storeRulesResponseSchema>;

/** GET /api/notifications/get: the stores' notification rules, by store. */
export async function getStoreRules(query: StoreRulesQuery, signal?: AbortSignal): Promise<StoreRulesResponse> {
  return storeRulesResponseSchema.parse(await api.get("/notifications/get", { ...query }, signal));
}

export const storeRulesQueryOptions = (query: StoreRulesQuery = {}) =>
  queryOptions({
    queryKey: [...STORE_RULES_KEY, "list", query],
    queryFn: ({ signal }) => getStoreRules(query, signal),
  });

/** Every rule: which stores already have one (one rule per store). */
export const useAllStoreRules = () => useQuery(storeRulesQueryOptions());
