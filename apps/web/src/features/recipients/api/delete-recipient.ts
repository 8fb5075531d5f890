import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { RECIPIENTS_KEY } from "@/api/query-keys";

/** DELETE /api/recipients/delete/{id}: refused (409) while a store rule names the recipient. */
export const deleteRecipient = (id: string) =>
  api.delete<{ message: string }>(`/recipients/delete/${encodeURIComponent(id)}`);

export function useDeleteRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  });
}
