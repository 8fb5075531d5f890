import type { ReturnFormInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";

import { api } from "@/lib/api-client";

import { RETURNS_KEY, type ReturnRecord } from "./get-returns";

export const createReturn = (input: ReturnFormInput) =>
  api.post<{ message: string; return: ReturnRecord }>("/return/create", input);

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RETURNS_KEY }),
  });
}
