import type { User } from "@passo/domain/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const validateToken = (token: string) => api.post<{ valid: true; user: User }>("/auth/validate-token", { token });

export const validateTokenQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["auth", "validate-token", token],
    queryFn: () => validateToken(token!),
    enabled: !!token,
    staleTime: 5 * 60_000,
    retry: false,
    meta: { silent: true },
  });

export const useValidateToken = (token: string | null) => useQuery(validateTokenQueryOptions(token));
