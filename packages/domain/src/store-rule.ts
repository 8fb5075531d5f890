import { z } from "zod";
import { trimmed } from "./fields.js";

/** A store's notification rule: who hears about which flow. Names are usernames. */
export const storeRuleSchema = z.object({
  id: z.string(),
  store: z.string(),
  supervisor: z.string(),
  manager: z.string(),
  assistantManager: z.string().nullable(),
  notificationPicklist: z.boolean(),
  notificationPickup: z.boolean(),
  notificationReturn: z.boolean(),
});
export type StoreRule = z.infer<typeof storeRuleSchema>;

function required(message: string) {
  return trimmed(message).pipe(z.string().min(1, message).max(80, message));
}

/** Blank means "no assistant manager". */
const assistantManager = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() || null : v),
  z.string({ error: "Subgerente inválido." }).max(80, "Subgerente inválido.").nullable(),
);

const fields = {
  store: required("Selecione uma Loja"),
  supervisor: required("Selecione um Supervisor"),
  manager: required("Selecione um Gerente"),
  notificationPicklist: z.boolean({ error: "Valor inválido para notificação de lista de separação." }),
  notificationPickup: z.boolean({ error: "Valor inválido para notificação de retirada." }),
  notificationReturn: z.boolean({ error: "Valor inválido para notificação de devolução." }),
};

export const storeRuleInputSchema = z.object({
  store: fields.store,
  supervisor: fields.supervisor,
  manager: fields.manager,
  assistantManager: assistantManager.optional().transform((v) => v ?? null),
  notificationPicklist: fields.notificationPicklist.default(false),
  notificationPickup: fields.notificationPickup.default(false),
  notificationReturn: fields.notificationReturn.default(false),
});
export type StoreRuleInput = z.infer<typeof storeRuleInputSchema>;

/** Edit: the same rules; a field left out keeps its stored value, a blank assistant manager removes it. */
export const storeRuleUpdateSchema = z.object({
  store: fields.store.optional(),
  supervisor: fields.supervisor.optional(),
  manager: fields.manager.optional(),
  assistantManager: assistantManager.optional(),
  notificationPicklist: fields.notificationPicklist.optional(),
  notificationPickup: fields.notificationPickup.optional(),
  notificationReturn: fields.notificationReturn.optional(),
});
export type StoreRuleUpdateInput = z.infer<typeof storeRuleUpdateSchema>;
