import type { PickupEditInput, PickupStatus } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { PICKUPS_KEY, type PickupView } from "./get-pickups";

/**
 * The body of PUT /api/pickup/update/{id}. The server reads the move from it: `pickupStatus`
 * 'Aguardando retirada' confirms receipt, 'Pedido retirado' with `withdrawalCPF` confirms the
 * pickup (with the customer's `signature`, a PNG data URL, when one was drawn), and an administrator's dialog fields edit the record. Fields left out keep their values.
 */
export type PickupUpdateBody = PickupEditInput & { pickupStatus?: PickupStatus; withdrawalCPF?: string; signature?: string; staffPin?: string };

export const updatePickup = ({ id, body }: { id: string; body: PickupUpdateBody }) =>
  api.put<{ message: string; pickup: PickupView }>(`/pickup/update/${encodeURIComponent(id)}`, body);

export function useUpdatePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePickup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
  });
}
