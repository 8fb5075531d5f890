import { z } from "zod";
import { plainText, trimmed } from "./fields.js";

/** A staff member's PIN: 4 to 6 digits, typed on the PIN pad ('Quem está atendendo?'). */
export const STAFF_PIN_PATTERN = /^\d{4,6}$/;
export const STAFF_PIN_MIN = 4;
export const STAFF_PIN_MAX = 6;

export const STAFF_MESSAGES = {
  created: "Atendente criado com sucesso!",
  updated: "Atendente atualizado com sucesso!",
  deleted: "Atendente excluído com sucesso!",
  notFound: "Atendente não encontrado.",
  nameRequired: "Informe o nome do atendente.",
  nameTooLong: "O nome do atendente deve ter no máximo 80 caracteres.",
  nameInvalid: "O nome do atendente tem caracteres não permitidos.",
  pinFormat: "O PIN deve ter de 4 a 6 dígitos.",
  pinTaken: "Este PIN já é usado por outro atendente da loja.",
  storeRequired: "Selecione a loja.",
  storeNotFound: "Loja não encontrada.",
  /** A store's change without the PIN its store requires (and a store's staff call without its manager's PIN). */
  pinRequired: "Informe o PIN do atendente.",
  pinInvalid: "PIN inválido.",
  /** A store's staff call whose PIN is right but not a manager's. */
  managerOnly: "Só um gerente da loja pode alterar os atendentes.",
  tooManyTries: (seconds: number) => `Muitas tentativas de PIN. Tente novamente em ${Math.ceil(seconds / 60)} minuto${seconds > 60 ? "s" : ""}.`,
  manager: "Gerente",
  padTitle: "Quem está atendendo?",
} as const;

/** A new PIN as an administrator or a store's manager sets it. */
export const staffPinSchema = z
  .string({ error: STAFF_MESSAGES.pinFormat })
  .regex(STAFF_PIN_PATTERN, STAFF_MESSAGES.pinFormat);

/**
 * The `staffPin` a store's change carries: any short text (a wrong one is judged and counted by
 * the server as 'PIN inválido.', so its shape is no hint); never logged, never stored.
 */
export const staffPinField = z.string({ error: STAFF_MESSAGES.pinInvalid }).max(20, STAFF_MESSAGES.pinInvalid);

const staffNameSchema = trimmed(STAFF_MESSAGES.nameRequired)
  .pipe(z.string().min(1, STAFF_MESSAGES.nameRequired).max(80, STAFF_MESSAGES.nameTooLong))
  .pipe(plainText(STAFF_MESSAGES.nameInvalid));

/** A staff member ('Atendente') as the API answers it: never the PIN, nor its hash. */
export const staffSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The store's username. */
  store: z.string(),
  active: z.boolean(),
  /** A manager ('Gerente') may add, edit and remove the store's staff from the store's own settings. */
  manager: z.boolean(),
});
export type Staff = z.infer<typeof staffSchema>;

export const staffCreateSchema = z.object(
  {
    name: staffNameSchema,
    store: trimmed(STAFF_MESSAGES.storeRequired).pipe(z.string().min(1, STAFF_MESSAGES.storeRequired).max(80, STAFF_MESSAGES.storeNotFound)),
    pin: staffPinSchema,
    manager: z.boolean({ error: "Informe se o atendente é gerente." }).optional(),
    /** A store's call: one of its managers' PIN. */
    staffPin: staffPinField.optional(),
  },
  { error: STAFF_MESSAGES.nameRequired },
);
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

export const staffUpdateSchema = z.object(
  {
    name: staffNameSchema.optional(),
    pin: staffPinSchema.optional(),
    manager: z.boolean({ error: "Informe se o atendente é gerente." }).optional(),
    staffPin: staffPinField.optional(),
  },
  { error: STAFF_MESSAGES.nameRequired },
);
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;
