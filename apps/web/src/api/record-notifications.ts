import { outboxEmailSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { RECORD_NOTIFICATIONS_KEY } from "./query-keys";

const recordNotificationsResponseSchema = z.object({ notifications: z.array(outboxEmailSchema) });

/** GET /api/notification-outbox/record/{id}: every e-mail about one list, pickup or return, oldest first (administrators). */
export async function getRecordNotifications(recordId: string, signal?: AbortSignal) {
  return recordNotificationsResponseSchema.parse(await api.get(`/notification-outbox/record/${encodeURIComponent(recordId)}`, undefined, signal))
    .notifications;
}

export const recordNotificationsQueryOptions = (recordId: string) =>
  queryOptions({ queryKey: [...RECORD_NOTIFICATIONS_KEY, recordId], queryFn: ({ signal }) => getRecordNotifications(recordId, signal) });

export const useRecordNotifications = (recordId: string, enabled = true) => useQuery({ ...recordNotificationsQueryOptions(recordId), enabled });
