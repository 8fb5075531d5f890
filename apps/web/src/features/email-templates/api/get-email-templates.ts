import { automaticEmailTemplateSchema, emailTemplateSchema } from "@passo/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const emailTemplatesResponseSchema = z.object({ templateEmails: z.array(emailTemplateSchema) });
const automaticTemplatesResponseSchema = z.object({ templateEmails: z.array(automaticEmailTemplateSchema) });

/** GET /api/template-email/get: the twelve templates (four types of each of three titles). */
export async function getEmailTemplates(signal?: AbortSignal) {
  return emailTemplatesResponseSchema.parse(await api.get("/template-email/get", undefined, signal)).templateEmails;
}

/** GET /api/template-email/automatic/get: the e-mails the deadline check sends by itself. */
export async function getAutomaticEmailTemplates(signal?: AbortSignal) {
  return automaticTemplatesResponseSchema.parse(await api.get("/template-email/automatic/get", undefined, signal)).templateEmails;
}

export const EMAIL_TEMPLATES_KEY = ["email-templates"] as const;

export const emailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...EMAIL_TEMPLATES_KEY, "list"],
    queryFn: ({ signal }) => getEmailTemplates(signal),
  });

export const useEmailTemplates = () => useQuery(emailTemplatesQueryOptions());

export const automaticEmailTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: [...EMAIL_TEMPLATES_KEY, "automatic"],
    queryFn: ({ signal }) => getAutomaticEmailTemplates(signal),
  });

export const useAutomaticEmailTemplates = () => useQuery(automaticEmailTemplatesQueryOptions());
