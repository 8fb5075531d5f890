import { anyEmailTemplateSchema, isAutomaticTemplateType, type EmailTemplate, type EmailTemplateUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { EMAIL_TEMPLATES_KEY } from "./get-email-templates";

const updateEmailTemplateResponseSchema = z.object({ message: z.string(), templateEmail: anyEmailTemplateSchema });

/**
 * PUT /api/template-email/update/{id} for the spec's twelve, /api/template-email/automatic/update/{id}
 * for the automatic ones: the subject in `description`, the HTML body in `content`.
 */
export const updateEmailTemplate = async ({ template, body }: { template: Pick<EmailTemplate, "id" | "type">; body: EmailTemplateUpdateInput }) => {
  const route = isAutomaticTemplateType(template.type) ? "/template-email/automatic/update" : "/template-email/update";
  return updateEmailTemplateResponseSchema.parse(await api.put(`${route}/${encodeURIComponent(template.id)}`, body));
};

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_TEMPLATES_KEY }),
  });
}
