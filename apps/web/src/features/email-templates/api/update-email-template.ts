import { emailTemplateSchema, type EmailTemplateUpdateInput } from "@passo/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { EMAIL_TEMPLATES_KEY } from "./get-email-templates";

const updateEmailTemplateResponseSchema = z.object({ message: z.string(), templateEmail: emailTemplateSchema });

/** PUT /api/template-email/update/{id}: the subject in `description`, the HTML body in `content`. */
export const updateEmailTemplate = async ({ id, body }: { id: string; body: EmailTemplateUpdateInput }) =>
  updateEmailTemplateResponseSchema.parse(await api.put(`/template-email/update/${encodeURIComponent(id)}`, body));

export function useUpdateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_TEMPLATES_KEY }),
  });
}
