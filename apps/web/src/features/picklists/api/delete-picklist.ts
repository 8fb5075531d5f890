import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { PICKLISTS_KEY } from "./get-picklists";

/** DELETE /api/picklist/delete/{id}: only a list not yet started (the server checks). */
export const deletePicklist = (id: string) => api.delete<{ message: string }>(`/picklist/delete/${encodeURIComponent(id)}`);

export function useDeletePicklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePicklist,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY }),
  });
}
