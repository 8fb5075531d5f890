import { userSchema, type UserUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { USERS_KEY } from "@/api/query-keys";

const updateUserResponseSchema = z.object({ message: z.string(), user: userSchema });

/** PUT /api/users/update/{id}: the username does not change; a password left out is kept. */
export const updateUser = async ({ id, body }: { id: string; body: UserUpdateInput }) =>
  updateUserResponseSchema.parse(await api.put(`/users/update/${encodeURIComponent(id)}`, body));

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }),
  });
}
