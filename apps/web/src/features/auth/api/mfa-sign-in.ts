import type { User } from "@passo/domain/auth";
import { api } from "@/lib/api-client";

/** A TOTP secret to enter in the authenticator app, as text and as the QR code's address. */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** The login's code step: a code of the app or a recovery code. */
export const verifyMfa = (mfaToken: string, code: string) => api.post<{ token: string; user: User }>("/auth/verify-mfa", { mfaToken, code });

/** The enrolment an administrator must go through at sign-in ('Exigir 2 fatores para administradores'). */
export const enrolSetup = (mfaToken: string) => api.post<TotpSetup>("/auth/mfa/enrol/setup", { mfaToken });

export const enrolEnable = (mfaToken: string, code: string) =>
  api.post<{ token: string; user: User; recoveryCodes: string[] }>("/auth/mfa/enrol/enable", { mfaToken, code });
