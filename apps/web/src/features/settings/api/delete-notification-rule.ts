import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { NOTIFICATION_RULES_KEY } from "./get-notification-rules";

/** DELETE /api/notifications/delete/{id} */
export const deleteNotificationRule = (id: string) =>
  api.delete<{ message: string }>(`/notifications/delete/${encodeURIComponent(id)}`);

export function useDeleteNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_RULES_KEY }),
  });
}
