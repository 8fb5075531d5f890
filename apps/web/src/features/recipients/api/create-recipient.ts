import { recipientSchema, type RecipientInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { RECIPIENTS_KEY } from "@/api/query-keys";

const createRecipientResponseSchema = z.object({ message: z.string(), recipient: recipientSchema });

/** POST /api/recipients/create */
export const createRecipient = async (input: RecipientInput) =>
  createRecipientResponseSchema.parse(await api.post("/recipients/create", input));

export function useCreateRecipient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecipient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }),
  });
}
