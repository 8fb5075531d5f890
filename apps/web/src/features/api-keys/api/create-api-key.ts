import type { ApiKeyCreate } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { API_KEYS_KEY, type ApiKeyRecord } from "@/api/get-api-keys";

/** POST /api/api-keys/create: answers the key itself, this once. */
export const createApiKey = (input: ApiKeyCreate, idempotencyKey: string) =>
  api.post<{ message: string; apiKey: ApiKeyRecord; key: string }>("/api-keys/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey });

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useCreation({ create: createApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}
