import type { LoginInput, User } from "@passo/domain/auth";
import { api } from "@/lib/api-client";

/**
 * The login's answer: the session, or (two-factor sign-in) the code step first, or for an
 * administrator who must enrol, the enrolment first; `mfaToken` opens only that step.
 */
export type LoginResponse =
  | { token: string; user: User; mfaRequired?: undefined; mfaSetupRequired?: undefined }
  | { mfaRequired: true; mfaToken: string; mfaSetupRequired?: undefined }
  | { mfaSetupRequired: true; mfaToken: string; mfaRequired?: undefined };

/** Signing in. The login form calls it itself, outside TanStack Query: it shows its own alert, no toast. */
export const login = (input: LoginInput) => api.post<LoginResponse>("/auth/login", input);
