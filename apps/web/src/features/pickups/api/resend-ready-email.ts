import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RECORD_NOTIFICATIONS_KEY } from "@/api/query-keys";
import { api } from "@/lib/api-client";

/**
 * POST /api/pickup/resend-ready/{id} ('Reenviar aviso'): the customer's ready-for-pickup e-mail queued
 * again, by the pickup's store or an administrator; at most once an hour per pickup (429 says how long to wait).
 */
export const resendReadyEmail = (id: string) => api.post<{ message: string }>(`/pickup/resend-ready/${encodeURIComponent(id)}`);

export function useResendReadyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendReadyEmail,
    // The pickup's e-mail history shows it.
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: [...RECORD_NOTIFICATIONS_KEY, id] }),
  });
}
