import { anyEmailTemplateSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const defaultTemplatesResponseSchema = z.object({ templateEmails: z.array(anyEmailTemplateSchema.omit({ id: true })) });
export type DefaultEmailTemplate = z.output<typeof defaultTemplatesResponseSchema>["templateEmails"][number];

/** GET /api/template-email/defaults: the shipped subject and body of each type and title ('Redefinir'). */
export async function getDefaultEmailTemplates(signal?: AbortSignal) {
  return defaultTemplatesResponseSchema.parse(await api.get("/template-email/defaults", undefined, signal)).templateEmails;
}

export const defaultEmailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ["email-templates", "defaults"],
    queryFn: ({ signal }) => getDefaultEmailTemplates(signal),
    // They change only with a new version of the server.
    staleTime: Infinity,
  });

export const useDefaultEmailTemplates = () => useQuery(defaultEmailTemplatesQueryOptions());
