import { picklistAlertKind, type AlertKind, type Picklist } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RECORD_NOTIFICATIONS_KEY } from "@/api/query-keys";
import { api } from "@/lib/api-client";

const PATHS: Record<AlertKind, string> = {
  alert: "/send-notification/picklist-alert",
  reminder: "/send-notification/picklist-reminder",
};

/**
 * POST /api/send-notification/picklist-alert or -reminder, by the list's status (docs/state-machines.md).
 * The body is the list as the screen holds it, dates not yet set sent as ""; the server reads its id.
 */
export function sendPicklistAlert(picklist: Picklist) {
  const kind = picklistAlertKind(picklist.currentStatus);
  return api.post<{ message: string; recipients: string[] }>(PATHS[kind], {
    ...picklist,
    timeStarted: picklist.timeStarted ?? "",
    timeCompleted: picklist.timeCompleted ?? "",
  });
}

export function useSendPicklistAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPicklistAlert,
    onSuccess: (_answer, picklist) => queryClient.invalidateQueries({ queryKey: [...RECORD_NOTIFICATIONS_KEY, picklist.id] }),
  });
}
