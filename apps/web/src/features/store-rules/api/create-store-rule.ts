import { storeRuleSchema, type StoreRuleInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { STORE_RULES_KEY } from "@/api/query-keys";

const createStoreRuleResponseSchema = z.object({ message: z.string(), notification: storeRuleSchema });

/** POST /api/notifications/create */
export const createStoreRule = async (input: StoreRuleInput, idempotencyKey: string) =>
  createStoreRuleResponseSchema.parse(await api.post("/notifications/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey }));

export function useCreateStoreRule() {
  const queryClient = useQueryClient();
  return useCreation({ create: createStoreRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }) });
}
