import { createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { ADMIN, type User } from "@passo/domain";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../../db/client.js";
import { securitySettings, userMfa, users } from "../../db/schema/index.js";
import { sameSecret } from "../../lib/auth.js";
import { badRequest, conflict, unauthorized } from "../../lib/errors.js";
import { UnreadableSecretError, type SecretBox } from "../../lib/secret-box.js";
import { recordAudit } from "../../records/audit.js";

/** Who turns a second factor on or off: the user itself. */
type Actor = Pick<User, "id" | "username" | "role">;

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
const TOTP_OPTIONS = { algorithm: "SHA1", digits: 6, period: PERIOD } as const;
/** A code of the step before or after the current one is accepted (a clock a little off). */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const SEALED_PURPOSE = "user_mfa.secret";
const MFA_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export const MFA_MESSAGES = {
  wrongCode: "Código inválido. Confira o código no aplicativo autenticador e tente novamente.",
  reusedCode: "Este código já foi usado. Aguarde o próximo código do aplicativo.",
  expired: "A verificação expirou. Entre novamente com o e-mail e a senha.",
  alreadyOn: "A verificação em duas etapas já está ativa nesta conta.",
  noSetup: "Comece a ativação de novo: o código secreto não foi gerado ou já foi usado.",
  notOn: "A verificação em duas etapas não está ativa nesta conta.",
  requiredForAdmins: "A verificação em duas etapas é obrigatória para administradores. Ela não pode ser desativada.",
  needOwnMfa: "Ative a verificação em duas etapas na sua conta antes de exigi-la dos administradores.",
  wrongPassword: "A senha atual está incorreta.",
  unreadable: "O código do aplicativo não pode ser conferido: a chave de criptografia do servidor mudou. Entre com um código de recuperação e ative a verificação em duas etapas de novo.",
} as const;

/** The secret sealed in a row; null when ENCRYPTION_KEY changed since (docs/operations.md). */
function opened(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed, SEALED_PURPOSE);
  } catch (err) {
    if (err instanceof UnreadableSecretError) return null;
    throw err;
  }
}

/**
 * What `POST /api/auth/login` may hand out instead of a session: a short-lived token good for one
 * purpose only, signed with its own key (derived from JWT_SECRET), so it is never taken for a session
 * token. "verify": the code step of a user with 2FA; "enrol": an administrator who must enrol first.
 */
export type MfaPurpose = "verify" | "enrol";

interface MfaTokenPayload {
  sub: string;
  ver: number;
  pur: MfaPurpose;
  exp: number;
}

export class MfaTokens {
  private readonly key: Buffer;

  constructor(
    jwtSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync("sha256", jwtSecret, "passo", "passo mfa token v1", 32));
  }

  private mac(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }

  sign(user: { id: string; tokenVersion: number }, purpose: MfaPurpose): string {
    const payload: MfaTokenPayload = { sub: user.id, ver: user.tokenVersion, pur: purpose, exp: this.now() + MFA_TOKEN_LIFETIME_MS };
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `mfa.${body}.${this.mac(body)}`;
  }

  /** The user and token version the token stands for, when it is genuine, of this purpose and not expired. */
  read(token: string, purpose: MfaPurpose): { userId: string; tokenVersion: number } | null {
    const [prefix, body, mac, ...rest] = token.split(".");
    if (prefix !== "mfa" || !body || !mac || rest.length > 0 || !sameSecret(mac, this.mac(body))) return null;
    let payload: Partial<MfaTokenPayload>;
    try {
      payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Partial<MfaTokenPayload>;
    } catch {
      return null;
    }
    if (payload.pur !== purpose || typeof payload.exp !== "number" || payload.exp <= this.now()) return null;
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
    return { userId: payload.sub, tokenVersion: payload.ver };
  }
}

/** The user an MFA token names, still as it was when the token was signed (no password change since). */
export async function userOfMfaToken(db: Db, tokens: MfaTokens, token: string, purpose: MfaPurpose) {
  const claim = tokens.read(token, purpose);
  if (!claim) throw unauthorized(MFA_MESSAGES.expired);
  const [user] = await db.select().from(users).where(eq(users.id, claim.userId));
  if (!user || user.tokenVersion !== claim.tokenVersion) throw unauthorized(MFA_MESSAGES.expired);
  return user;
}

/**
 * Wrong codes, per user, in memory: five in a row are free, then each next try waits twice as long
 * (30 s, 1 min, 2 min… up to 15 min), with `Retry-After`. A right code clears the count. An attacker
 * must know the password to reach the code step at all.
 */
export class MfaThrottle {
  private readonly failures = new Map<string, { count: number; last: number }>();
  private static readonly FREE = 5;
  private static readonly MAX_DELAY_MS = 15 * 60 * 1000;
  private static readonly MAX_KEYS = 50_000;

  constructor(private readonly now: () => number = Date.now) {}

  private delayMs(count: number): number {
    if (count < MfaThrottle.FREE) return 0;
    return Math.min(MfaThrottle.MAX_DELAY_MS, 30_000 * 2 ** (count - MfaThrottle.FREE));
  }

  /** The seconds the user must wait before the next try; 0 when it may try now. */
  wait(userId: string): number {
    const entry = this.failures.get(userId);
    if (!entry) return 0;
    if (this.now() - entry.last > MfaThrottle.MAX_DELAY_MS * 2) {
      this.failures.delete(userId);
      return 0;
    }
    const waitMs = entry.last + this.delayMs(entry.count) - this.now();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  failed(userId: string): void {
    if (this.failures.size >= MfaThrottle.MAX_KEYS) {
      // The oldest entries go first (a Map iterates in insertion order), never all of them.
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    const entry = this.failures.get(userId);
    this.failures.delete(userId);
    this.failures.set(userId, { count: (entry?.count ?? 0) + 1, last: this.now() });
  }

  succeeded(userId: string): void {
    this.failures.delete(userId);
  }
}

function totpFor(secretBase32: string, label = "", issuer = "Passo"): TOTP {
  return new TOTP({ ...TOTP_OPTIONS, issuer, label, secret: Secret.fromBase32(secretBase32) });
}

const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, "");
const hashRecoveryCode = (userId: string, code: string) => createHash("sha256").update(`${userId}:${normalizeRecoveryCode(code)}`).digest("hex");

/** 16 base32 characters (80 random bits) in four groups: xxxx-xxxx-xxxx-xxxx. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

export async function mfaRow(db: Db, userId: string) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row ?? null;
}

export async function mfaEnabled(db: Db, userId: string): Promise<boolean> {
  return !!(await mfaRow(db, userId))?.secret;
}

export async function mfaStatus(db: Db, userId: string) {
  const row = await mfaRow(db, userId);
  return { enabled: !!row?.secret, recoveryCodesLeft: row?.secret ? row.recoveryCodeHashes.length : 0 };
}

/** A new secret for the user, kept sealed as pending until `enable` confirms it with a code. */
export async function setupMfa(db: Db, box: SecretBox, user: { id: string; email: string }, issuer: string) {
  const row = await mfaRow(db, user.id);
  if (row?.secret) throw conflict(MFA_MESSAGES.alreadyOn);
  const secret = new Secret({ size: 20 }).base32;
  const pendingSecret = box.seal(secret, SEALED_PURPOSE);
  await db
    .insert(userMfa)
    .values({ userId: user.id, pendingSecret })
    .onConflictDoUpdate({ target: userMfa.userId, set: { pendingSecret, updatedAt: new Date() } });
  return { secret, otpauthUrl: totpFor(secret, user.email, issuer).toString() };
}

const currentStep = (now: number) => Math.floor(now / 1000 / PERIOD);

/** The time step a code belongs to, or null when it is not a code of the secret around now. */
function stepOf(secretBase32: string, code: string, now: number): number | null {
  const delta = totpFor(secretBase32).validate({ token: code.replace(/\s/g, ""), timestamp: now, window: WINDOW });
  return delta === null ? null : currentStep(now) + delta;
}

/** Confirms the pending secret with a code from the app; answers the 10 recovery codes, shown this once. */
export async function enableMfa(db: Db, box: SecretBox, actor: Actor, code: string, now = Date.now()): Promise<string[]> {
  const userId = actor.id;
  const row = await mfaRow(db, userId);
  if (row?.secret) throw conflict(MFA_MESSAGES.alreadyOn);
  if (!row?.pendingSecret) throw conflict(MFA_MESSAGES.noSetup);
  const pendingSecret = row.pendingSecret;
  const secret = opened(box, pendingSecret);
  if (secret === null) throw conflict(MFA_MESSAGES.noSetup);
  const step = isTotpCode(code) ? stepOf(secret, code, now) : null;
  if (step === null) throw badRequest(MFA_MESSAGES.wrongCode);
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(userMfa)
      .set({
        secret: box.seal(secret, SEALED_PURPOSE),
        pendingSecret: null,
        lastStep: step,
        recoveryCodeHashes: codes.map((c) => hashRecoveryCode(userId, c)),
        enabledAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(userMfa.userId, userId), isNull(userMfa.secret), eq(userMfa.pendingSecret, pendingSecret)))
      .returning({ userId: userMfa.userId });
    if (updated) await recordAudit(tx, actor, "user", userId, "mfa-enable", { twoFactor: false }, { twoFactor: true });
    return updated;
  });
  if (!done) throw conflict(MFA_MESSAGES.noSetup);
  return codes;
}

/**
 * Checks a second factor: a current TOTP code (each accepted once: a code of the last accepted step or
 * an older one is refused) or an unused recovery code (removed as it is used). Throws 401 otherwise.
 */
export async function checkSecondFactor(db: Db, box: SecretBox, userId: string, code: string, now = Date.now()): Promise<void> {
  const row = await mfaRow(db, userId);
  if (!row?.secret) throw unauthorized(MFA_MESSAGES.notOn);
  if (isTotpCode(code)) {
    const secret = opened(box, row.secret);
    if (secret === null) throw unauthorized(MFA_MESSAGES.unreadable);
    const step = stepOf(secret, code, now);
    if (step === null) throw unauthorized(MFA_MESSAGES.wrongCode);
    const [taken] = await db
      .update(userMfa)
      .set({ lastStep: step })
      .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastStep), lt(userMfa.lastStep, step))))
      .returning({ userId: userMfa.userId });
    if (!taken) throw unauthorized(MFA_MESSAGES.reusedCode);
    return;
  }
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 16) throw unauthorized(MFA_MESSAGES.wrongCode);
  const hash = hashRecoveryCode(userId, normalized);
  const [used] = await db
    .update(userMfa)
    .set({ recoveryCodeHashes: sql`array_remove(${userMfa.recoveryCodeHashes}, ${hash})`, updatedAt: new Date() })
    .where(and(eq(userMfa.userId, userId), sql`${hash} = any(${userMfa.recoveryCodeHashes})`))
    .returning({ userId: userMfa.userId });
  if (!used) throw unauthorized(MFA_MESSAGES.wrongCode);
}

export async function disableMfa(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx.delete(userMfa).where(eq(userMfa.userId, actor.id)).returning({ userId: userMfa.userId });
    if (gone.length > 0) await recordAudit(tx, actor, "user", actor.id, "mfa-disable", { twoFactor: true }, { twoFactor: false });
  });
}

/** The one row of the sign-in settings; written on the first save. */
const SETTINGS_ID = "00000000-0000-4000-8000-0000000005ec";

export async function getSecuritySettings(db: Db): Promise<{ requireAdminMfa: boolean }> {
  const [row] = await db.select({ requireAdminMfa: securitySettings.requireAdminMfa }).from(securitySettings).limit(1);
  return row ?? { requireAdminMfa: false };
}

export async function updateSecuritySettings(db: Db, actor: Actor, input: { requireAdminMfa: boolean }) {
  if (input.requireAdminMfa && !(await mfaEnabled(db, actor.id))) throw conflict(MFA_MESSAGES.needOwnMfa);
  const values = { requireAdminMfa: input.requireAdminMfa, updatedAt: new Date() };
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ requireAdminMfa: securitySettings.requireAdminMfa }).from(securitySettings).limit(1);
    const [row] = await tx
      .insert(securitySettings)
      .values({ id: SETTINGS_ID, ...values })
      .onConflictDoUpdate({ target: securitySettings.id, set: values })
      .returning({ requireAdminMfa: securitySettings.requireAdminMfa });
    await recordAudit(tx, actor, "security-settings", SETTINGS_ID, "update", before ?? { requireAdminMfa: false }, row!);
    return row!;
  });
}

/** What a sign-in with the right password leads to: the session, the code step, or the enrolment. */
export async function nextSignInStep(db: Db, user: { id: string; role: string }): Promise<"session" | MfaPurpose> {
  if (await mfaEnabled(db, user.id)) return "verify";
  if (user.role === ADMIN && (await getSecuritySettings(db)).requireAdminMfa) return "enrol";
  return "session";
}
