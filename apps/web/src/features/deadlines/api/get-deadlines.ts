import { deadlinesViewSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { DEADLINES_KEY } from "@/api/query-keys";
import { api } from "@/lib/api-client";

const deadlinesResponseSchema = z.object({ deadlines: deadlinesViewSchema });

/** GET /api/deadlines/get: reminder days, escalation day, pickup deadline and hours to start a list. */
export async function getDeadlines(signal?: AbortSignal) {
  return deadlinesResponseSchema.parse(await api.get("/deadlines/get", undefined, signal)).deadlines;
}

export const deadlinesQueryOptions = () => queryOptions({ queryKey: DEADLINES_KEY, queryFn: ({ signal }) => getDeadlines(signal) });

export const useDeadlines = () => useQuery(deadlinesQueryOptions());
