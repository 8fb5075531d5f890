import { serviceNotificationSchema, type ServiceNotificationUpdate } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { SERVICE_NOTIFICATION_KEY } from "./get-service-notification";
import { OUTBOX_KEY } from "./get-outbox";

const updateServiceNotificationResponseSchema = z.object({ message: z.string(), serviceNotification: serviceNotificationSchema });

/** PUT /api/service-notification/update/{id}: a password left out keeps the stored one. */
export const updateServiceNotification = async ({ id, body }: { id: string; body: ServiceNotificationUpdate }) =>
  updateServiceNotificationResponseSchema.parse(await api.put(`/service-notification/update/${encodeURIComponent(id)}`, body));

export function useUpdateServiceNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceNotification,
    onSuccess: ({ serviceNotification }) => {
      queryClient.setQueryData(SERVICE_NOTIFICATION_KEY, serviceNotification);
      // Mail that waited for a configuration leaves the queue now.
      return queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
    },
  });
}
