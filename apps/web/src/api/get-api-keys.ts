import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const API_KEYS_KEY = ["api-keys"] as const;

/** A key as listed: dates as ISO strings; the key itself never comes back. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: ("picklists" | "pickups" | "returns")[];
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/api-keys/get */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => api.get<{ apiKeys: ApiKeyRecord[] }>("/api-keys/get", undefined, signal),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
