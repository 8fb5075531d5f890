import type { ChangePasswordInput } from "@passo/domain";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const changePassword = ({ id, ...input }: ChangePasswordInput & { id: string }) =>
  api.put<{ message: string; token: string }>(`/users/change-password/${id}`, input);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
