import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { createStore, expect, signIn, test, type Account } from "./support/fixtures";

test("the administrator signs in, lands on the separation processes and signs out: the token it had stops working on the server", async ({ page, request }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/picklist-process$/);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("button", { name: "Configurações" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Navegação estrutural" }).getByText("Processos de separação")).toBeVisible();
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token")!.value;
  const withToken = { headers: { authorization: `Bearer ${decodeURIComponent(token)}` } };
  expect((await request.get("/api/picklist/get", withToken)).status()).toBe(200);

  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // 'Sair' ended the token on the server, not only in this browser.
  expect((await request.get("/api/picklist/get", withToken)).status()).toBe(401);
  await page.goto("/picklist-process");
  await expect(page).toHaveURL(/\/login$/);
});

test("'Sair' signs out here even when the server cannot be reached", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.route("**/api/auth/logout", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();
});

test("the login page arrives drawn, and the page takes it over without drawing it again", async ({ page, request }) => {
  const answer = await request.get("/login");
  expect(await answer.text()).toContain("Use o e-mail e a senha da sua conta.");
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Entrar" })).toBeEnabled();
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/picklist-process$/);
  expect(errors).toEqual([]);
});

test("a wrong password shows the server's message and the hint", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, "senha-errada-123");
  const alert = page.getByRole("alert").filter({ hasText: "E-mail ou senha inválidos." });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Verifique os dados e tente novamente.");
  await expect(page).toHaveURL(/\/login$/);
});

test("the login form checks the e-mail and the password length before sending", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill("não é e-mail");
  await page.getByLabel("Senha", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("E-mail inválido")).toBeVisible();
  await expect(page.getByText("A senha deve ter pelo menos 8 caracteres")).toBeVisible();
});

test("the password can be shown while typing", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Senha", { exact: true });
  await password.fill("segredo123");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Mostrar" }).click();
  await expect(password).toHaveAttribute("type", "text");
});

test("a store signs in to its pickups and sees only the store menu", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await expect(page.getByRole("link", { name: "Iniciar separação" })).toBeVisible();
  await expect(page.getByText("Configurações")).toHaveCount(0);
});

test("a store sent to an administrator's screen gets 'Acesso negado.' and a way home", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.goto("/settings-manage-users");
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText("Acesso negado.")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para a página inicial" }).click();
  await expect(page).toHaveURL(/\/picklist-pending$/);
});

/** A store signed in whose token cookie is then altered: the server refuses it from here on. */
async function signInWithRefusedToken(page: Page, context: BrowserContext, request: APIRequestContext): Promise<Account> {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.map((c) => (c.name === "token" ? { ...c, value: `${c.value}adulterado` } : c)));
  return store;
}

test("a session whose token the server no longer accepts goes back to /login", async ({ page, context, request }) => {
  await signInWithRefusedToken(page, context, request);
  await page.goto("/pickup-history-store");
  await expect(page).toHaveURL(/\/login$/);
});

test("'Iniciar separação' opened with a token the server refuses lands on /login, the session ended", async ({ page, context, request }) => {
  const store = await signInWithRefusedToken(page, context, request);
  // The screen is drawn from the user cookie while the token is checked; the refusal ends the session.
  await page.goto("/picklist-pending");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
  expect((await context.cookies()).filter((c) => c.name === "token" || c.name === "user")).toEqual([]);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
});

test("changing the password keeps the session and the new password signs in", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Segurança da conta" }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel("Senha atual").fill(store.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-123");
  await page.getByLabel("Confirme a nova senha").fill("outra-senha-123");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("As senhas não coincidem")).toBeVisible();

  await page.getByLabel("Confirme a nova senha").fill("nova-senha-123");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Senha alterada com sucesso!")).toBeVisible();

  await page.goto("/pickup-history-store");
  await expect(page).toHaveURL(/\/pickup-history-store$/);
  await page.getByRole("button", { name: "Menu do usuário" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await signIn(page, store.email, "nova-senha-123");
  await expect(page).toHaveURL(/\/pickup-pending$/);
});
