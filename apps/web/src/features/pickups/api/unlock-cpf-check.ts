import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { PICKUPS_KEY, type PickupRecord } from "./get-pickups";

/** POST /api/pickup/unlock-cpf/{id}: a pickup whose CPF check a store blocked gets its tries back (administrators; audited). */
export const unlockCpfCheck = (id: string) =>
  api.post<{ message: string; pickup: PickupRecord }>(`/pickup/unlock-cpf/${encodeURIComponent(id)}`);

export function useUnlockCpfCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockCpfCheck,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
  });
}
