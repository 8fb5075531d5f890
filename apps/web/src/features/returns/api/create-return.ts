import type { CatalogLine, ReturnFormInput } from "@passo/domain";
import { useQueryClient } from "@tanstack/react-query";

import { useCreation } from "@/hooks/use-creation";
import { historyLink } from "@/hooks/use-history-filters";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";

import { RETURNS_KEY, type ReturnRecord } from "./get-returns";

/** POST /api/return/create; `lines` (the catalog's) are appended to the returned items as copies of their item texts. */
export const createReturn = (input: ReturnFormInput & { lines?: CatalogLine[] }, idempotencyKey: string) =>
  api.post<{ message: string; return: ReturnRecord }>("/return/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey });

export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useCreation({
    create: createReturn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RETURNS_KEY }),
    createdLink: ({ return: created }) => ({ label: "Ver a devolução", href: historyLink("/return-history", { search: created.orderNumber }) }),
  });
}
