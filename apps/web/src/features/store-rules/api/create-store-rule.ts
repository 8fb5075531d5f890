import { storeRuleSchema, type StoreRuleInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { STORE_RULES_KEY } from "@/api/query-keys";

const createStoreRuleResponseSchema = z.object({ message: z.string(), notification: storeRuleSchema });

/** POST /api/notifications/create */
export const createStoreRule = async (input: StoreRuleInput) =>
  createStoreRuleResponseSchema.parse(await api.post("/notifications/create", input));

export function useCreateStoreRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStoreRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }),
  });
}
