import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { STORE_RULES_KEY, USERS_KEY } from "@/api/query-keys";

/** DELETE /api/users/delete/{id}: a store's notification rule goes with it. */
export const deleteUser = (id: string) => api.delete<{ message: string }>(`/users/delete/${encodeURIComponent(id)}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }),
      ]),
  });
}
