import { z } from "zod";
import { userSchema } from "./auth.js";
import { DEFAULT_USER_ROLE, PASSWORD_MAX, PASSWORD_MIN, ROLES } from "./roles.js";
import { companyEmailSchema, plainText, trimmed, type Company } from "./fields.js";

export { ADMIN, can, DEFAULT_USER_ROLE, homePath, PASSWORD_MAX, PASSWORD_MIN, ROLES, STORE, SUPERVISOR, type Capability, type Role } from "./roles.js";
export { loginSchema, userSchema, type LoginInput, type User } from "./auth.js";

function passwordField(emptyMessage: string) {
  return z
    .string({ error: emptyMessage })
    .min(1, emptyMessage)
    .min(PASSWORD_MIN, "A senha deve ter pelo menos 8 caracteres")
    .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`);
}

export const changePasswordSchema = z
  .object({
    password: passwordField("A senha não pode estar vazia"),
    newPassword: passwordField("A nova senha não pode estar vazia"),
    confirmNewPassword: passwordField("A confirmação da nova senha não pode estar vazia"),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    message: "As senhas não coincidem",
    path: ["confirmNewPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

const usernameSchema = trimmed("O nome de usuário deve ter pelo menos 2 caracteres.").pipe(
  z
    .string()
    .min(2, "O nome de usuário deve ter pelo menos 2 caracteres.")
    .max(80, "O nome de usuário deve ter no máximo 80 caracteres."),
).pipe(plainText("O nome de usuário tem caracteres não permitidos."));

/** A user as 'Usuários' lists and edits it: the signed-in user's fields and the store's settings. */
export const userRecordSchema = z.object({
  ...userSchema.shape,
  /** A store's 'Exigir assinatura na retirada': 'Confirmar retirada' needs the customer's signature. */
  requireSignature: z.boolean(),
  /** A store's 'Exigir PIN do atendente': its finishes, receipts, handovers and returns name the staff member by PIN. */
  requireStaffPin: z.boolean(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

const roleSchema = z.enum(ROLES, { error: "Selecione o tipo de permissão do usuário." });

export function userCreateSchema(company: Company) {
  return z.object({
    username: usernameSchema,
    email: companyEmailSchema(company),
    password: z
      .string({ error: "A senha deve ter pelo menos 8 caracteres" })
      .min(PASSWORD_MIN, "A senha deve ter pelo menos 8 caracteres")
      .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
    role: roleSchema.default(DEFAULT_USER_ROLE),
  });
}
export type UserCreateInput = z.infer<ReturnType<typeof userCreateSchema>>;

/** Edit: the same rules, every field optional; the username is read-only (checked by the server). */
export function userUpdateSchema(company: Company) {
  return z.object({
    username: usernameSchema.optional(),
    email: companyEmailSchema(company).optional(),
    password: z
      .string()
      .min(PASSWORD_MIN, "A senha deve ter pelo menos 8 caracteres")
      .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`)
      .optional(),
    role: roleSchema.optional(),
    /** A store's setting: 'Confirmar retirada' needs the customer's signature. */
    requireSignature: z.boolean({ error: "Informe se a loja exige a assinatura na retirada." }).optional(),
    /** A store's setting: its changes at the counter ask 'Quem está atendendo?'. */
    requireStaffPin: z.boolean({ error: "Informe se a loja exige o PIN do atendente." }).optional(),
  });
}
export type UserUpdateInput = z.infer<ReturnType<typeof userUpdateSchema>>;
