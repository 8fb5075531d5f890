import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { EMAIL_OUTBOX_KEY } from "@/api/query-keys";

/** POST /api/notification-outbox/retry/{id}: a failed e-mail goes back to the queue (409 unless failed). */
export const retryOutboxEmail = (id: string) =>
  api.post<{ message: string }>(`/notification-outbox/retry/${encodeURIComponent(id)}`);

export function useRetryOutboxEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxEmail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_OUTBOX_KEY }),
  });
}
