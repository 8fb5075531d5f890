import { z } from "zod";
import { companyEmailSchema, trimmed, type Company } from "./fields.js";

export const ROLES = ["Administrador", "Usuário básico"] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN: Role = "Administrador";
export const STORE: Role = "Usuário básico";
export const DEFAULT_USER_ROLE: Role = STORE;
export const PASSWORD_MIN = 8;
/** argon2 reads at most this much; longer inputs are refused rather than silently cut. */
export const PASSWORD_MAX = 128;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

export const loginSchema = z.object({
  email: trimmed("E-mail inválido").pipe(z.string().max(254, "E-mail inválido").pipe(z.email("E-mail inválido"))),
  password: z
    .string({ error: "A senha deve ter pelo menos 8 caracteres" })
    .min(PASSWORD_MIN, "A senha deve ter pelo menos 8 caracteres")
    .max(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`),
});
export type LoginInput = z.infer<typeof loginSchema>;

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
);

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
  });
}
export type UserUpdateInput = z.infer<ReturnType<typeof userUpdateSchema>>;

/** Where each role lands after signing in. */
export function homePath(role: Role): string {
  return role === ADMIN ? "/picklist-process" : "/pickup-pending";
}
