// Signing in: the signed-in user and the login form's rules (and the roles, from roles.ts). Written
// with zod/mini and importable alone (`@passo/domain/auth`), so that the web app's login page loads
// neither the rest of the domain nor zod's full API (its budget: docs/architecture.md). The API
// validates with the same schemas (fastify-type-provider-zod takes any zod v4 schema);
// `@passo/domain` re-exports them.
import * as z from "zod/mini";
import { PASSWORD_MAX, PASSWORD_MIN, ROLES } from "./roles.js";

export * from "./roles.js";

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type User = z.infer<typeof userSchema>;

const EMAIL_INVALID = "E-mail inválido";
const PASSWORD_SHORT = "A senha deve ter pelo menos 8 caracteres";

export const loginSchema = z.object({
  // Trimmed first; a missing value or one that is not a string gets the same message.
  email: z.pipe(
    z.string({ error: EMAIL_INVALID }).check(z.trim()),
    z.pipe(z.string().check(z.maxLength(254, EMAIL_INVALID)), z.email(EMAIL_INVALID)),
  ),
  password: z
    .string({ error: PASSWORD_SHORT })
    .check(z.minLength(PASSWORD_MIN, PASSWORD_SHORT), z.maxLength(PASSWORD_MAX, `A senha deve ter no máximo ${PASSWORD_MAX} caracteres`)),
});
export type LoginInput = z.infer<typeof loginSchema>;
