import { picklistSchema, type PicklistCreateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { PICKLISTS_KEY } from "./get-picklists";

const createdSchema = z.object({ message: z.string(), picklist: picklistSchema });

/** POST /api/picklist/create: the server sets sendDate, the status and the empty item split. */
export async function createPicklist(input: PicklistCreateInput) {
  return createdSchema.parse(await api.post("/picklist/create", input));
}

export function useCreatePicklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPicklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY }),
  });
}
