import { serviceNotificationSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const serviceNotificationResponseSchema = z.object({ serviceNotification: z.array(serviceNotificationSchema) });

/**
 * GET /api/service-notification/get: the single outgoing-mail record (spec 7: the first item is used).
 * The password never comes back, only `hasPassword`.
 */
export async function getServiceNotification(signal?: AbortSignal) {
  const { serviceNotification } = serviceNotificationResponseSchema.parse(
    await api.get("/service-notification/get", undefined, signal),
  );
  return serviceNotification[0] ?? null;
}

export const SERVICE_NOTIFICATION_KEY = ["service-notification"] as const;

export const serviceNotificationQueryOptions = () =>
  queryOptions({
    queryKey: SERVICE_NOTIFICATION_KEY,
    queryFn: ({ signal }) => getServiceNotification(signal),
  });

export const useServiceNotification = () => useQuery(serviceNotificationQueryOptions());
