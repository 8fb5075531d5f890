import { notificationRuleSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

export interface NotificationRulesQuery {
  /** Matches the store only (spec 9). */
  search?: string;
  page?: number;
  pageSize?: number;
}

const notificationRulesResponseSchema = z.object({
  notifications: z.array(notificationRuleSchema),
  total: z.number().int().optional(),
});
export type NotificationRulesResponse = z.output<typeof notificationRulesResponseSchema>;

/** GET /api/notifications/get: the stores' notification rules, by store. */
export async function getNotificationRules(query: NotificationRulesQuery, signal?: AbortSignal): Promise<NotificationRulesResponse> {
  return notificationRulesResponseSchema.parse(await api.get("/notifications/get", { ...query }, signal));
}

export const NOTIFICATION_RULES_KEY = ["notification-rules"] as const;

export const notificationRulesQueryOptions = (query: NotificationRulesQuery = {}) =>
  queryOptions({
    queryKey: [...NOTIFICATION_RULES_KEY, "list", query],
    queryFn: ({ signal }) => getNotificationRules(query, signal),
  });

/** Every rule: which stores already have one (one rule per store). */
export const useAllNotificationRules = () => useQuery(notificationRulesQueryOptions());
