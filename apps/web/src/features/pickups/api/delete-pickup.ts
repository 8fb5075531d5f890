import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { PICKUPS_KEY } from "./get-pickups";

export const deletePickup = (id: string) => api.delete<{ message: string }>(`/pickup/delete/${encodeURIComponent(id)}`);

export function useDeletePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePickup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
  });
}
