import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { RETURNS_KEY } from "./get-returns";

export const deleteReturn = (id: string) => api.delete<{ message: string }>(`/return/delete/${id}`);

export function useDeleteReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RETURNS_KEY }),
  });
}
