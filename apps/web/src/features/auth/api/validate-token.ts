import type { User } from "@passo/domain/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";

export const validateToken = (token: string) => api.post<{ valid: true; user: User }>("/auth/validate-token", { token });

/** The server refused the token (400 malformed, 401 unknown or expired): the session is over. */
export const isTokenRefusal = (error: unknown): boolean => error instanceof ApiError && (error.status === 400 || error.status === 401);

/** After a failed check that was no refusal (no connection, a timeout, the server busy): 1 s, 2 s, 4 s… up to 30 s. */
const checkAgainIn = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

/**
 * The token check. Only the server's refusal ends the session: a check that fails for any other
 * reason (a slow or lost connection on a reload, a restart of the server) is tried again, the
 * person staying signed in meanwhile, their screens answering for themselves.
 */
export const validateTokenQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ["auth", "validate-token", token],
    queryFn: () => validateToken(token!),
    enabled: !!token,
    staleTime: 5 * 60_000,
    retry: (_count, error) => !isTokenRefusal(error),
    retryDelay: checkAgainIn,
    meta: { silent: true },
  });

export const useValidateToken = (token: string | null) => useQuery(validateTokenQueryOptions(token));
