import { z } from "zod";

export const TEMPLATE_TYPES = ["Notificação", "Alerta", "Confirmação", "Lembrete"] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TITLES = ["Retirada em loja", "Devolução em loja física", "Lista de separação"] as const;
export type TemplateTitle = (typeof TEMPLATE_TITLES)[number];

export const emailTemplateSchema = z.object({
  id: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  title: z.enum(TEMPLATE_TITLES),
  description: z.string(),
  content: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateInputSchema = z.object({
  type: z.enum(TEMPLATE_TYPES, { error: "Tipo de modelo inválido." }),
  title: z.enum(TEMPLATE_TITLES, { error: "Título de modelo inválido." }),
  description: z
    .string({ error: "O assunto do e-mail não pode ser vazia." })
    .trim()
    .min(1, "O assunto do e-mail não pode ser vazia.")
    .max(300, "O assunto do e-mail deve ter no máximo 300 caracteres."),
  content: z
    .string({ error: "O conteudo do e-mail não pode ser vazio" })
    .trim()
    .min(1, "O conteudo do e-mail não pode ser vazio")
    .max(200_000, "O conteudo do e-mail é grande demais."),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInputSchema>;
