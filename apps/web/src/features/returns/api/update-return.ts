import type { ReturnUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { RETURNS_KEY, type ReturnRecord, type StoreReturnRecord } from "./get-returns";

/**
 * PUT /return/update/{id} carries only what changes; the server infers the action from the status
 * asked for: accept or refuse (a store), expire or complete (the administrator), or an edit.
 */
export const updateReturn = ({ id, ...input }: ReturnUpdateInput & { id: string }) =>
  api.put<{ message: string; return: ReturnRecord | StoreReturnRecord }>(`/return/update/${id}`, input);

export function useUpdateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RETURNS_KEY }),
  });
}
