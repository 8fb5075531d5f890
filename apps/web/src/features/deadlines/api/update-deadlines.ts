import { deadlinesViewSchema, type DeadlinesUpdate } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { DEADLINES_KEY } from "@/api/query-keys";
import { api } from "@/lib/api-client";

const updateDeadlinesResponseSchema = z.object({ message: z.string(), deadlines: deadlinesViewSchema });

/** PUT /api/deadlines/update. */
export const updateDeadlines = async (body: DeadlinesUpdate) => updateDeadlinesResponseSchema.parse(await api.put("/deadlines/update", body));

export function useUpdateDeadlines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeadlines,
    onSuccess: ({ deadlines }) => {
      queryClient.setQueryData(DEADLINES_KEY, deadlines);
      // Which pickups are 'Atrasado' depends on the pickup deadline.
      return queryClient.invalidateQueries({ queryKey: ["pickups"] });
    },
  });
}
