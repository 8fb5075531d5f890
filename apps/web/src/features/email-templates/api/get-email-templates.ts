import { emailTemplateSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const emailTemplatesResponseSchema = z.object({ templateEmails: z.array(emailTemplateSchema) });

/** GET /api/template-email/get: the twelve templates (four types of each of three titles). */
export async function getEmailTemplates(signal?: AbortSignal) {
  return emailTemplatesResponseSchema.parse(await api.get("/template-email/get", undefined, signal)).templateEmails;
}

export const EMAIL_TEMPLATES_KEY = ["email-templates"] as const;

export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...EMAIL_TEMPLATES_KEY, "list"],
    queryFn: ({ signal }) => getEmailTemplates(signal),
  });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());
