import type { LoginInput, User } from "@passo/domain/auth";
import { api } from "@/lib/api-client";

export interface LoginResponse {
  token: string;
  user: User;
}

/** Signing in. The login form calls it itself, outside TanStack Query: it shows its own alert, no toast. */
export const login = (input: LoginInput) => api.post<LoginResponse>("/auth/login", input);
