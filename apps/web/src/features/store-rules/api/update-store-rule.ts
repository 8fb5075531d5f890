import { storeRuleSchema, type StoreRuleUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { STORE_RULES_KEY } from "@/api/query-keys";

const updateStoreRuleResponseSchema = z.object({ message: z.string(), notification: storeRuleSchema });

/** PUT /api/notifications/update/{id}: a blank assistant manager removes it. */
export const updateStoreRule = async ({ id, body }: { id: string; body: StoreRuleUpdateInput }) =>
  updateStoreRuleResponseSchema.parse(await api.put(`/notifications/update/${encodeURIComponent(id)}`, body));

export function useUpdateStoreRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoreRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }),
  });
}
