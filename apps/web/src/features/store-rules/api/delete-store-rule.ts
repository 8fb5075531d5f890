import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { STORE_RULES_KEY } from "@/api/query-keys";

/** DELETE /api/notifications/delete/{id} */
export const deleteStoreRule = (id: string) =>
  api.delete<{ message: string }>(`/notifications/delete/${encodeURIComponent(id)}`);

export function useDeleteStoreRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStoreRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }),
  });
}
