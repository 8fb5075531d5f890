import { z } from "zod";
import { companyEmailSchema, plainText, trimmed, type Company } from "./fields.js";

/** Recipient roles: the supervisory roles that notification rules name. They are not login roles. */
export const RECIPIENT_ROLES = ["Supervisor", "Gerente", "Subgerente", "Usuário básico"] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

export const recipientSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(RECIPIENT_ROLES),
});
export type Recipient = z.infer<typeof recipientSchema>;

export function recipientInputSchema(company: Company) {
  return z.object({
    username: trimmed("O nome de usuário deve ter pelo menos 2 caracteres.").pipe(
      z
        .string()
        .min(2, "O nome de usuário deve ter pelo menos 2 caracteres.")
        .max(80, "O nome de usuário deve ter no máximo 80 caracteres."),
    ).pipe(plainText("O nome de usuário tem caracteres não permitidos.")),
    email: companyEmailSchema(company),
    role: trimmed("Por favor, selecione o cargo do usuário.").pipe(
      z.enum(RECIPIENT_ROLES, { error: "Por favor, selecione o cargo do usuário." }),
    ),
  });
}
export type RecipientInput = z.infer<ReturnType<typeof recipientInputSchema>>;

/** Edit: the same rules; a field left out keeps its stored value. */
export function recipientUpdateSchema(company: Company) {
  return recipientInputSchema(company).partial();
}
export type RecipientUpdateInput = z.infer<ReturnType<typeof recipientUpdateSchema>>;
