import type { LoginInput, User } from "@passo/domain/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export interface LoginResponse {
  token: string;
  user: User;
}

export const login = (input: LoginInput) => api.post<LoginResponse>("/auth/login", input);

/** The login form shows its own alert, so this mutation opts out of the global error toast. */
export function useLogin() {
  return useMutation({ mutationFn: login, meta: { silent: true } });
}
