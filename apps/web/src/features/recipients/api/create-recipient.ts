import { recipientSchema, type RecipientInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { RECIPIENTS_KEY } from "@/api/query-keys";

const createRecipientResponseSchema = z.object({ message: z.string(), recipient: recipientSchema });

/** POST /api/recipients/create */
export const createRecipient = async (input: RecipientInput, idempotencyKey: string) =>
  createRecipientResponseSchema.parse(await api.post("/recipients/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey }));

export function useCreateRecipient() {
  const queryClient = useQueryClient();
  return useCreation({ create: createRecipient, onSuccess: () => queryClient.invalidateQueries({ queryKey: RECIPIENTS_KEY }) });
}
