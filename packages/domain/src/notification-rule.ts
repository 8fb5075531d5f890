import { z } from "zod";
import { trimmed } from "./fields.js";

/** A store's notification rule: who hears about which flow. Names are usernames. */
export const notificationRuleSchema = z.object({
  id: z.string(),
  store: z.string(),
  supervisor: z.string(),
  manager: z.string(),
  assistantManager: z.string().nullable(),
  notificationPicklist: z.boolean(),
  notificationPickup: z.boolean(),
  notificationReturn: z.boolean(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

function required(message: string) {
  return trimmed(message).pipe(z.string().min(1, message).max(80, message));
}

export const notificationRuleInputSchema = z.object({
  store: required("Selecione uma Loja"),
  supervisor: required("Selecione um Supervisor"),
  manager: required("Selecione um Gerente"),
  assistantManager: z
    .preprocess((v) => (typeof v === "string" ? v.trim() || null : v), z.string().max(80).nullable())
    .optional()
    .transform((v) => v ?? null),
  notificationPicklist: z.boolean({ error: "Valor inválido para notificação de lista de separação." }).default(false),
  notificationPickup: z.boolean({ error: "Valor inválido para notificação de retirada." }).default(false),
  notificationReturn: z.boolean({ error: "Valor inválido para notificação de devolução." }).default(false),
});
export type NotificationRuleInput = z.infer<typeof notificationRuleInputSchema>;
