import { picklistNumberLabel, picklistSchema, type CatalogLine, type PicklistCreateInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useCreation } from "@/hooks/use-creation";
import { historyLink } from "@/hooks/use-history-filters";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { PICKLISTS_KEY } from "./get-picklists";

const createdSchema = z.object({ message: z.string(), picklist: picklistSchema });

/**
 * POST /api/picklist/create: the server sets sendDate, the status and the empty item split, and
 * appends each catalog line's copies of its product's item text to the items.
 */
export async function createPicklist(input: PicklistCreateInput & { lines?: CatalogLine[] }, idempotencyKey: string) {
  return createdSchema.parse(await api.post("/picklist/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey }));
}

export function useCreatePicklist() {
  const queryClient = useQueryClient();
  return useCreation({
    create: createPicklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY }),
    createdLink: ({ picklist }) => ({
      label: `Ver ${picklistNumberLabel(picklist.number).toLowerCase()}`,
      href: historyLink("/picklist-shipment-history", { search: String(picklist.number) }),
    }),
  });
}
