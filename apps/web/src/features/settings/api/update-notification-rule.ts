import { notificationRuleSchema, type NotificationRuleUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { NOTIFICATION_RULES_KEY } from "./get-notification-rules";

const updateNotificationRuleResponseSchema = z.object({ message: z.string(), notification: notificationRuleSchema });

/** PUT /api/notifications/update/{id}: a blank assistant manager removes it. */
export const updateNotificationRule = async ({ id, body }: { id: string; body: NotificationRuleUpdateInput }) =>
  updateNotificationRuleResponseSchema.parse(await api.put(`/notifications/update/${encodeURIComponent(id)}`, body));

export function useUpdateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_RULES_KEY }),
  });
}
