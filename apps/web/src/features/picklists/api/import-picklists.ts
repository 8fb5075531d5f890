import type { ImportProblem, PicklistImportPlan, PicklistImportRow } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { PICKLISTS_KEY } from "./get-picklists";

/** POST /api/picklist/import with dryRun: what would be created, and what is wrong; nothing is written. */
export const previewPicklistImport = (rows: PicklistImportRow[]) => api.post<PicklistImportPlan>("/picklist/import", { dryRun: true, rows });

/** POST /api/picklist/import: every list, or none (400 with `problems`). */
export const importPicklists = (rows: PicklistImportRow[], idempotencyKey: string) =>
  api.post<{ message: string; picklists: { id: string }[] }>("/picklist/import", { rows }, { [IDEMPOTENCY_HEADER]: idempotencyKey });

export const usePreviewPicklistImport = () => useMutation({ mutationFn: previewPicklistImport });

export function useImportPicklists() {
  const queryClient = useQueryClient();
  return useCreation({ create: importPicklists, onSuccess: () => queryClient.invalidateQueries({ queryKey: PICKLISTS_KEY }) });
}

export type { ImportProblem };
