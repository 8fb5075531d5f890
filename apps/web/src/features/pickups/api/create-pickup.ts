import type { PickupFormInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { PICKUPS_KEY, type PickupRecord } from "./get-pickups";

export type CreatePickupInput = PickupFormInput & { orderDispatchDate?: string; pickupStatus?: string };

/** POST /api/pickup/create; the server dates the order and sets its status. */
export const createPickup = (input: CreatePickupInput) =>
  api.post<{ message: string; pickup: PickupRecord }>("/pickup/create", input);

export function useCreatePickup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPickup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
  });
}
