import { pickupAlertKind } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RECORD_NOTIFICATIONS_KEY } from "@/api/query-keys";
import { api } from "@/lib/api-client";
import type { PickupRecord } from "./get-pickups";

/**
 * POST /api/send-notification/pickup-alert (in transit) or /pickup-reminder (waiting in the store),
 * with the whole pickup and its unset dates as empty strings (docs/api.md).
 */
export function sendPickupAlert(pickup: PickupRecord) {
  const kind = pickupAlertKind(pickup);
  return api.post<{ message: string; recipients: string[] }>(`/send-notification/pickup-${kind}`, {
    ...pickup,
    actualPickupDate: pickup.actualPickupDate ?? "",
    orderReceivedAtStoreDate: pickup.orderReceivedAtStoreDate ?? "",
  });
}

export function useSendPickupAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPickupAlert,
    onSuccess: (_answer, pickup) => queryClient.invalidateQueries({ queryKey: [...RECORD_NOTIFICATIONS_KEY, pickup.id] }),
  });
}
