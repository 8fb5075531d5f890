import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { API_KEYS_KEY } from "@/api/get-api-keys";

/** DELETE /api/api-keys/delete/{id}: refused from the next request on. */
export const revokeApiKey = (id: string) => api.delete<{ message: string }>(`/api-keys/delete/${encodeURIComponent(id)}`);

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiKey, onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }) });
}
