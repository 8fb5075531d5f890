import { userSchema, type UserCreateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { USERS_KEY } from "@/api/query-keys";

const createUserResponseSchema = z.object({ message: z.string(), user: userSchema });

/** POST /api/users/create */
export const createUser = async (input: UserCreateInput) =>
  createUserResponseSchema.parse(await api.post("/users/create", input));

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
