import { picklistSchema } from "@passo/domain";
import { z } from "zod";
import { api } from "@/lib/api-client";

const picklistResponseSchema = z.object({ picklist: picklistSchema });

/** GET /api/picklist/getId/{id}: a store re-reads a list before starting it, in case the office redirected it. */
export async function getPicklist(id: string) {
  return picklistResponseSchema.parse(await api.get(`/picklist/getId/${encodeURIComponent(id)}`));
}
