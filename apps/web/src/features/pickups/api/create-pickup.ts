import type { CatalogLine, PickupFormInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCreation } from "@/hooks/use-creation";
import { historyLink } from "@/hooks/use-history-filters";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { PICKUPS_KEY, type PickupRecord } from "./get-pickups";

/** `lines`: the catalog's lines, each appended to the order's items as that many copies of its item text. */
export type CreatePickupInput = PickupFormInput & { orderDispatchDate?: string; pickupStatus?: string; lines?: CatalogLine[] };

/** POST /api/pickup/create; the server dates the order and sets its status. */
export const createPickup = (input: CreatePickupInput, idempotencyKey: string) =>
  api.post<{ message: string; pickup: PickupRecord }>("/pickup/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey });

export function useCreatePickup() {
  const queryClient = useQueryClient();
  return useCreation({
    create: createPickup,
    // The dispatch date the form stamps is no part of what makes two submits the same order.
    fingerprint: ({ orderDispatchDate: _date, ...rest }) => JSON.stringify(rest),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKUPS_KEY }),
    createdLink: ({ pickup }) => ({ label: "Ver o pedido", href: historyLink("/pickup-history", { search: pickup.orderNumber }) }),
  });
}
