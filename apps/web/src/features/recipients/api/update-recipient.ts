import { recipientSchema, type RecipientUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { RECIPIENTS_KEY, STORE_RULES_KEY } from "@/api/query-keys";

const updateRecipientResponseSchema = z.object({ message: z.string(), recipient: recipientSchema });

/** PUT /api/recipients/update/{id}, trimmed; a new name carries over to the store rules naming it. */
export const updateRecipient = async ({ id, body }: { id: string; body: RecipientUpdateInput }) =>
  updateRecipientResponseSchema.parse(await api.put(`/recipients/update/${encodeURIComponent(id)}`, body));

export function useUpdateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecipient,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
        queryClient.invalidateQueries({ queryKey: STORE_RULES_KEY }),
      ]),
  });
}
