import { userSchema, type UserCreateInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { USERS_KEY } from "@/api/query-keys";

const createUserResponseSchema = z.object({ message: z.string(), user: userSchema });

/** POST /api/users/create */
export const createUser = async (input: UserCreateInput, idempotencyKey: string) =>
  createUserResponseSchema.parse(await api.post("/users/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey }));

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useCreation({ create: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}
