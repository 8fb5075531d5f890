import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { TotpSetup } from "./mfa-sign-in";

const MFA_KEY = ["auth", "mfa"] as const;
const SECURITY_SETTINGS_KEY = ["settings", "security"] as const;

export interface MfaStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
  requiredForAdmins: boolean;
}

/** GET /api/auth/mfa: whether the signed-in user's two-factor sign-in is on. */
export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: MFA_KEY, queryFn: ({ signal }) => api.get<MfaStatus>("/auth/mfa", undefined, signal) });

export const useMfaStatus = () => useQuery(mfaStatusQueryOptions());

/** POST /api/auth/mfa/setup: a new secret, pending until a code confirms it. */
export const useSetupMfa = () => useMutation({ mutationFn: () => api.post<TotpSetup>("/auth/mfa/setup", {}) });

/** POST /api/auth/mfa/enable: answers the 10 recovery codes, shown once. */
export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ message: string; recoveryCodes: string[] }>("/auth/mfa/enable", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** POST /api/auth/mfa/disable, with the current password or a code. */
export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { password: string } | { code: string }) => api.post<{ message: string }>("/auth/mfa/disable", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MFA_KEY }),
  });
}

/** 'Exigir 2 fatores para administradores' (administrators). */
export const useSecuritySettings = (enabled: boolean) =>
  useQuery({
    queryKey: SECURITY_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<{ requireAdminMfa: boolean }>("/settings/security", undefined, signal),
    enabled,
  });

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requireAdminMfa: boolean }) =>
      api.put<{ message: string; settings: { requireAdminMfa: boolean } }>("/settings/security", body),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(SECURITY_SETTINGS_KEY, settings);
      return queryClient.invalidateQueries({ queryKey: MFA_KEY });
    },
  });
}
