import { ADMIN, STORE, type Role } from "@passo/domain";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { describe, expect, it } from "vitest";
import { auditLog, userMfa } from "../../db/schema/index.js";
import { createSecretBox } from "../../lib/secret-box.js";
import { STORE_PASSWORD, bearer, useTestApp } from "../../testing/test-app.js";
import { createUser } from "../users/users.service.js";
import { MfaThrottle, MfaTokens } from "./mfa.service.js";

const t = useTestApp();
let counter = 0;

async function newUser(role: Role = STORE) {
  const n = ++counter;
  const email = `mfa.${n}@${t.config.companyEmailDomain}`;
  const user = await createUser(t.database.db, { username: role === STORE ? `Loja MFA ${n}` : `Admin MFA ${n}`, email, password: STORE_PASSWORD, role });
  return { id: user.id, email, token: await t.login(email, STORE_PASSWORD) };
}

/** The audit log's actions on a record, oldest first. */
const auditActions = async (entityId: string) =>
  (await t.database.db.select({ action: auditLog.action, at: auditLog.at }).from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.at)).map((r) => r.action);

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: "POST", url, payload, ...(token ? { headers: bearer(token) } : {}) });

/** A code of the authenticator app, `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A user with 2FA on: its secret and recovery codes. */
async function enrolled(role: Role = STORE) {
  const user = await newUser(role);
  const setup = await post("/api/auth/mfa/setup", {}, user.token);
  const { secret } = setup.json();
  const enable = await post("/api/auth/mfa/enable", { code: codeOf(secret) }, user.token);
  expect(enable.statusCode).toBe(200);
  return { ...user, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
}

async function mfaTokenOf(email: string) {
  const res = await post("/api/auth/login", { email, password: STORE_PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return res.json().mfaToken as string;
}

describe("two-factor sign-in: enrolment", () => {
  it("hands out a TOTP secret (SHA-1, 6 digits, 30 s) and keeps it sealed until a code confirms it", async () => {
    const user = await newUser();
    const res = await post("/api/auth/mfa/setup", {}, user.token);
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUrl } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.host).toBe("totp");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ secret, algorithm: "SHA1", digits: "6", period: "30" });
    const [row] = await t.database.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row!.pendingSecret).toMatch(/^enc:v1:/);
    expect(row!.pendingSecret).not.toContain(secret);
    expect(row!.secret).toBeNull();

    const status = await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(user.token) });
    expect(status.json()).toMatchObject({ enabled: false });
    // Not enabled yet: the password alone still signs in.
    expect((await post("/api/auth/login", { email: user.email, password: STORE_PASSWORD })).json().token).toBeTruthy();
  });

  it("refuses a wrong code on enable and gives 10 recovery codes, stored hashed, on the right one", async () => {
    const user = await newUser();
    const { secret } = (await post("/api/auth/mfa/setup", {}, user.token)).json();
    const wrong = await post("/api/auth/mfa/enable", { code: codeOf(secret, 5) }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/Código inválido/);

    const res = await post("/api/auth/mfa/enable", { code: codeOf(secret) }, user.token);
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
    const [row] = await t.database.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row!.secret).toMatch(/^enc:v1:/);
    expect(row!.secret).not.toContain(secret);
    expect(row!.recoveryCodeHashes).toHaveLength(10);
    for (const c of codes) expect(row!.recoveryCodeHashes.join(" ")).not.toContain(c.replace(/-/g, ""));

    const again = await post("/api/auth/mfa/setup", {}, user.token);
    expect(again.statusCode).toBe(409);
    const status = await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(user.token) });
    expect(status.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });
});

describe("two-factor sign-in: the code step", () => {
  it("answers the login with mfaRequired and a token that opens nothing but the code step", async () => {
    const user = await enrolled();
    const res = await post("/api/auth/login", { email: user.email, password: STORE_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeUndefined();
    const { mfaToken } = res.json();
    expect(res.json().mfaRequired).toBe(true);
    // The code-step token is no session.
    expect((await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(mfaToken) })).statusCode).toBe(401);
    expect((await post("/api/auth/validate-token", { token: mfaToken })).statusCode).toBe(401);
    // Nor a forged one.
    expect((await post("/api/auth/verify-mfa", { mfaToken: `${mfaToken}x`, code: codeOf(user.secret, 1) })).statusCode).toBe(401);
  });

  it("signs in with a current code, answers 401 to a wrong one, and refuses a code used before", async () => {
    const user = await enrolled();
    const mfaToken = await mfaTokenOf(user.email);
    const wrong = await post("/api/auth/verify-mfa", { mfaToken, code: codeOf(user.secret, 10) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatch(/Código inválido/);

    // The code of the step enable consumed is refused; the next step's (clock a little ahead) signs in.
    const replayedEnable = await post("/api/auth/verify-mfa", { mfaToken, code: codeOf(user.secret) });
    expect(replayedEnable.statusCode).toBe(401);
    const code = codeOf(user.secret, 1);
    const ok = await post("/api/auth/verify-mfa", { mfaToken, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, email: user.email });
    const session = ok.json().token as string;
    expect((await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(session) })).statusCode).toBe(200);

    const replayed = await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(user.email), code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().error).toMatch(/já foi usado/);
  });

  it("takes each recovery code once", async () => {
    const user = await enrolled();
    const recovery = user.recoveryCodes[3]!;
    const first = await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(user.email), code: recovery.toUpperCase() });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).toBeTruthy();
    const second = await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(user.email), code: recovery });
    expect(second.statusCode).toBe(401);
    const status = await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(first.json().token) });
    expect(status.json().recoveryCodesLeft).toBe(9);
    // Another user's recovery code opens nothing.
    const other = await enrolled();
    expect((await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(other.email), code: user.recoveryCodes[0]! })).statusCode).toBe(401);
  });

  it("slows down wrong codes: after five, 429 with Retry-After, even for the right code", async () => {
    const user = await enrolled();
    const mfaToken = await mfaTokenOf(user.email);
    for (let i = 0; i < 5; i++) expect((await post("/api/auth/verify-mfa", { mfaToken, code: "000000" === codeOf(user.secret) ? "111111" : "000000" })).statusCode).toBe(401);
    const blocked = await post("/api/auth/verify-mfa", { mfaToken, code: codeOf(user.secret, 1) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json().error).toMatch(/Muitos códigos errados/);
  });

  it("ends the code step when the password changes", async () => {
    const user = await enrolled();
    const mfaToken = await mfaTokenOf(user.email);
    const change = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${user.id}`,
      headers: bearer(user.token),
      payload: { password: STORE_PASSWORD, newPassword: STORE_PASSWORD, confirmNewPassword: STORE_PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    const res = await post("/api/auth/verify-mfa", { mfaToken, code: codeOf(user.secret, 1) });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/expirou/);
  });

  it("with a changed ENCRYPTION_KEY, refuses app codes with a clear 401 (not a 500) and still takes a recovery code", async () => {
    const user = await enrolled();
    const sealedElsewhere = createSecretBox("outra-chave-de-criptografia-com-32-caracteres").seal(user.secret, "user_mfa.secret");
    await t.database.db.update(userMfa).set({ secret: sealedElsewhere }).where(eq(userMfa.userId, user.id));
    const code = await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(user.email), code: codeOf(user.secret, 1) });
    expect(code.statusCode).toBe(401);
    expect(code.json().error).toMatch(/chave de criptografia/);
    const recovery = await post("/api/auth/verify-mfa", { mfaToken: await mfaTokenOf(user.email), code: user.recoveryCodes[0]! });
    expect(recovery.statusCode).toBe(200);
  });

  it("refuses malformed bodies with a 400", async () => {
    expect((await post("/api/auth/verify-mfa", {})).statusCode).toBe(400);
    expect((await post("/api/auth/verify-mfa", { mfaToken: "x", code: "1".repeat(100) })).statusCode).toBe(400);
  });
});

describe("turning two-factor sign-in off", () => {
  it("needs the current password or a code", async () => {
    const user = await enrolled();
    expect((await post("/api/auth/mfa/disable", {}, user.token)).statusCode).toBe(400);
    const wrong = await post("/api/auth/mfa/disable", { password: "senha-errada" }, user.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("A senha atual está incorreta.");
    const wrongCode = await post("/api/auth/mfa/disable", { code: "123456" === codeOf(user.secret) ? "654321" : "123456" }, user.token);
    expect(wrongCode.statusCode).toBe(400);
    const ok = await post("/api/auth/mfa/disable", { password: STORE_PASSWORD }, user.token);
    expect(ok.statusCode).toBe(200);
    const login = await post("/api/auth/login", { email: user.email, password: STORE_PASSWORD });
    expect(login.json().token).toBeTruthy();
    expect((await t.database.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).length).toBe(0);
    expect(await auditActions(user.id)).toEqual(["create", "mfa-enable", "mfa-disable"]);
  });

  it("takes a recovery code instead of the password", async () => {
    const user = await enrolled();
    expect((await post("/api/auth/mfa/disable", { code: user.recoveryCodes[0]! }, user.token)).statusCode).toBe(200);
  });
});

describe("'Exigir 2 fatores para administradores'", () => {
  it("makes an administrator without 2FA enrol at sign-in, before any session; stores are not asked", async () => {
    const put = (token: string, requireAdminMfa: boolean) =>
      t.app.inject({ method: "PUT", url: "/api/settings/security", headers: bearer(token), payload: { requireAdminMfa } });
    const owner = await enrolled(ADMIN);
    const plain = await newUser(ADMIN);
    // Asking others for 2FA needs it on one's own account first.
    expect((await put(plain.token, true)).statusCode).toBe(409);
    const on = await put(owner.token, true);
    expect(on.statusCode).toBe(200);
    expect(on.json().settings).toEqual({ requireAdminMfa: true });
    const [line] = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "security-settings"));
    expect(line).toMatchObject({ action: "update", actorId: owner.id, changes: { requireAdminMfa: { from: false, to: true } } });
    expect((await t.app.inject({ method: "GET", url: "/api/settings/security", headers: bearer(owner.token) })).json()).toEqual({ requireAdminMfa: true });

    const login = await post("/api/auth/login", { email: plain.email, password: STORE_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().token).toBeUndefined();
    expect(login.json().mfaSetupRequired).toBe(true);
    const { mfaToken } = login.json();
    // The enrolment token is neither a session nor a code-step token.
    expect((await post("/api/auth/mfa/setup", {}, mfaToken)).statusCode).toBe(401);
    expect((await post("/api/auth/verify-mfa", { mfaToken, code: "123456" })).statusCode).toBe(401);

    const setup = await post("/api/auth/mfa/enrol/setup", { mfaToken });
    expect(setup.statusCode).toBe(200);
    const wrong = await post("/api/auth/mfa/enrol/enable", { mfaToken, code: codeOf(setup.json().secret, 9) });
    expect(wrong.statusCode).toBe(400);
    const enrol = await post("/api/auth/mfa/enrol/enable", { mfaToken, code: codeOf(setup.json().secret) });
    expect(enrol.statusCode).toBe(200);
    expect(enrol.json().recoveryCodes).toHaveLength(10);
    expect(enrol.json().user.role).toBe(ADMIN);
    expect((await t.app.inject({ method: "GET", url: "/api/auth/mfa", headers: bearer(enrol.json().token) })).json().enabled).toBe(true);
    // From then on, the code step.
    await mfaTokenOf(plain.email);
    // And, while required, an administrator cannot turn it off.
    const off = await post("/api/auth/mfa/disable", { password: STORE_PASSWORD }, enrol.json().token);
    expect(off.statusCode).toBe(409);

    const store = await newUser(STORE);
    expect((await post("/api/auth/login", { email: store.email, password: STORE_PASSWORD })).json().token).toBeTruthy();
    expect((await t.app.inject({ method: "GET", url: "/api/settings/security", headers: bearer(store.token) })).statusCode).toBe(403);
    expect((await put(owner.token, false)).statusCode).toBe(200);
    const after = await newUser(ADMIN);
    expect((await post("/api/auth/login", { email: after.email, password: STORE_PASSWORD })).json().token).toBeTruthy();
  });
});

describe("the code-step token and the throttle", () => {
  it("expires after five minutes and serves one purpose", () => {
    let now = 1_000_000;
    const tokens = new MfaTokens("segredo", () => now);
    const token = tokens.sign({ id: "u", tokenVersion: 0 }, "verify");
    expect(tokens.read(token, "verify")).toEqual({ userId: "u", tokenVersion: 0 });
    expect(tokens.read(token, "enrol")).toBeNull();
    expect(new MfaTokens("outro", () => now).read(token, "verify")).toBeNull();
    now += 5 * 60 * 1000;
    expect(tokens.read(token, "verify")).toBeNull();
  });

  it("grows the wait after the fifth wrong code and forgets it after a right one", () => {
    let now = 0;
    const throttle = new MfaThrottle(() => now);
    for (let i = 0; i < 4; i++) throttle.failed("u");
    expect(throttle.wait("u")).toBe(0);
    throttle.failed("u");
    expect(throttle.wait("u")).toBe(30);
    now += 30_000;
    expect(throttle.wait("u")).toBe(0);
    throttle.failed("u");
    expect(throttle.wait("u")).toBe(60);
    throttle.succeeded("u");
    expect(throttle.wait("u")).toBe(0);
  });
});
