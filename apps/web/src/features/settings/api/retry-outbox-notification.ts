import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { OUTBOX_KEY } from "./get-outbox";

/** POST /api/notification-outbox/retry/{id}: a failed e-mail goes back to the queue (409 unless failed). */
export const retryOutboxNotification = (id: string) =>
  api.post<{ message: string }>(`/notification-outbox/retry/${encodeURIComponent(id)}`);

export function useRetryOutboxNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OUTBOX_KEY }),
  });
}
