import { TRANSFER_NUMBER_PATTERN } from "@passo/domain";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { PICKLISTS_KEY } from "./get-picklists";

const transferNumberUseSchema = z.object({ picklist: z.object({ id: z.string(), number: z.number().int() }).nullable() });

/** GET /api/picklist/transfer-number: another of the store's lists that already carries this transfer number, or null. */
export async function getTransferNumberUse(numberTransfer: string, except: string, signal?: AbortSignal) {
  return transferNumberUseSchema.parse(await api.get("/picklist/transfer-number", { numberTransfer, except }, signal)).picklist;
}

/**
 * Asked once the six digits are typed, before 'Finalizar': only a warning, so a failed check shows nothing
 * and blocks nothing. Under the lists' key, so a list finished meanwhile is seen by the next check.
 */
export function useTransferNumberUse(numberTransfer: string, except: string, enabled: boolean) {
  return useQuery({
    queryKey: [...PICKLISTS_KEY, "transfer-number", numberTransfer, except],
    queryFn: ({ signal }) => getTransferNumberUse(numberTransfer, except, signal),
    enabled: enabled && TRANSFER_NUMBER_PATTERN.test(numberTransfer),
    retry: false,
  });
}
