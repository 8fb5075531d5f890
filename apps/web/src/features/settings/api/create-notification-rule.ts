import { notificationRuleSchema, type NotificationRuleInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { NOTIFICATION_RULES_KEY } from "./get-notification-rules";

const createNotificationRuleResponseSchema = z.object({ message: z.string(), notification: notificationRuleSchema });

/** POST /api/notifications/create */
export const createNotificationRule = async (input: NotificationRuleInput) =>
  createNotificationRuleResponseSchema.parse(await api.post("/notifications/create", input));

export function useCreateNotificationRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotificationRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_RULES_KEY }),
  });
}
