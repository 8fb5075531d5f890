import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { Secret, TOTP } from "otpauth";
import { adminToken, expect, signIn, test } from "./support/fixtures";
import type { APIRequestContext, Locator, Page } from "@playwright/test";

/** With ISSUE27_SCREENSHOTS=1, the new screens are saved for docs/screenshots/issue-27 at a laptop's and a phone's size. */
const SHOTS = process.env.ISSUE27_SCREENSHOTS === "1" ? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "docs", "screenshots", "issue-27") : null;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** The screen as it shows, scrolled to `focus`. */
async function shoot(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const s of SIZES) {
    await page.setViewportSize(s);
    await focus?.evaluate((el) => {
      (el as HTMLElement).style.scrollMarginTop = "72px"; // below the sticky header
      el.scrollIntoView({ block: "start" });
    });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${s.width}x${s.height}.png`) });
  }
  if (size) await page.setViewportSize(size);
}

/** The authenticator app's code, `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

const password = "senha-admin-2fa";

/** Another administrator than the one the other tests sign in as. */
async function createAdmin(request: APIRequestContext, token: string, name: string) {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `admin.${name}.${suffix}@exemplo.com.br`;
  const created = await request.post("/api/users/create", {
    headers: { authorization: `Bearer ${token}` },
    data: { username: `Admin ${name} ${suffix}`, email, password, role: "Administrador" },
  });
  expect(created.status(), await created.text()).toBe(201);
  return email;
}

test("an administrator enrols TOTP on 'Segurança da conta', signs out and signs in with a code", async ({ page, request }) => {
  const email = await createAdmin(request, await adminToken(request), "2fa");

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Segurança da conta" }).click();
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole("heading", { name: "Segurança da conta" })).toBeVisible();
  // The spec's password form is still there, as a section.
  await expect(page.getByLabel("Confirme a nova senha")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Exigir 2 fatores para administradores" })).toBeDisabled();

  await page.getByRole("button", { name: "Ativar a verificação em duas etapas" }).click();
  await expect(page.getByRole("img", { name: "QR code para o aplicativo autenticador" })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const section = page.locator("[data-slot=card]").filter({ hasText: "Verificação em duas etapas" }).first();
  await shoot(page, "account-security-enrol", section);
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);

  await page.getByLabel("Código do aplicativo").fill("12");
  await page.getByRole("button", { name: "Ativar" }).click();
  await expect(page.getByText("Informe os 6 dígitos do código.")).toBeVisible();
  await page.getByLabel("Código do aplicativo").fill(codeOf(secret));
  await page.getByRole("button", { name: "Ativar" }).click();
  const codes = page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await shoot(page, "account-security-recovery-codes", section);
  await page.getByRole("button", { name: "Já guardei os códigos" }).click();
  await expect(page.getByText("Ativa", { exact: true })).toBeVisible();
  await expect(page.getByText("Restam 10 códigos de recuperação.")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Exigir 2 fatores para administradores" })).toBeEnabled();
  await shoot(page, "account-security-on", section);

  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, email, password);
  await expect(page.getByText("Verificação em duas etapas")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, "login-code-step");
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);
  await page.getByLabel("Código de verificação").fill(codeOf(secret, 20));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByRole("alert")).toContainText("Código inválido");
  // The code of the step enable took is spent: the next step's, as the app shows it a moment later.
  await page.getByLabel("Código de verificação").fill(codeOf(secret, 1));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page).toHaveURL(/\/picklist-process$/);
});

test("with 'Exigir 2 fatores para administradores' on, an administrator without 2FA enrols at sign-in", async ({ page, request }) => {
  // The main administrator's session, taken before the setting is on: it turns the setting off at the end.
  const mainToken = await adminToken(request);
  const owner = await createAdmin(request, mainToken, "dono");
  const ownerToken = (await (await request.post("/api/auth/login", { data: { email: owner, password } })).json()).token as string;
  const setup = await (await request.post("/api/auth/mfa/setup", { headers: { authorization: `Bearer ${ownerToken}` } })).json();
  const enabled = await request.post("/api/auth/mfa/enable", { headers: { authorization: `Bearer ${ownerToken}` }, data: { code: codeOf(setup.secret) } });
  expect(enabled.status()).toBe(200);
  const newcomer = await createAdmin(request, mainToken, "novo");
  const on = await request.put("/api/settings/security", { headers: { authorization: `Bearer ${ownerToken}` }, data: { requireAdminMfa: true } });
  expect(on.status(), await on.text()).toBe(200);
  try {
    await signIn(page, newcomer, password);
    await expect(page.getByText("Ative a verificação em duas etapas")).toBeVisible();
    await expect(page.getByRole("img", { name: "QR code para o aplicativo autenticador" })).toBeVisible();
    await shoot(page, "login-forced-enrolment");
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    await page.getByLabel("Código do aplicativo").fill(codeOf(secret));
    await page.getByRole("button", { name: "Ativar" }).click();
    await expect(page.getByRole("list", { name: "Códigos de recuperação" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/\/picklist-process$/);
    await page.goto("/change-password");
    await expect(page.getByRole("switch", { name: "Exigir 2 fatores para administradores" })).toBeChecked();
    await expect(page.getByText("A verificação em duas etapas é obrigatória para administradores e não pode ser desativada.")).toBeVisible();
  } finally {
    const off = await request.put("/api/settings/security", { headers: { authorization: `Bearer ${mainToken}` }, data: { requireAdminMfa: false } });
    expect(off.status()).toBe(200);
  }
});
