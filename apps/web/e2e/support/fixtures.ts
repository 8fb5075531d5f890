import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STORE_PASSWORD } from "./accounts";

export { expect };

let counter = 0;

export interface Account {
  username: string;
  email: string;
  password: string;
  id: string;
}

/** Signs in through the API (fast setup); the login screen itself is covered by its own test. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token as string;
}

export async function adminToken(request: APIRequestContext) {
  return apiLogin(request, ADMIN_EMAIL, ADMIN_PASSWORD);
}

/** Creates a store account through the API, as the administrator would on 'Gerenciar usuários'. */
export async function createStore(request: APIRequestContext, name?: string): Promise<Account> {
  const token = await adminToken(request);
  const suffix = `${Date.now().toString(36)}${++counter}`;
  const username = name ?? `Loja E2E ${suffix}`;
  const email = `loja.${suffix}@exemplo.com.br`;
  const res = await request.post("/api/users/create", {
    headers: { authorization: `Bearer ${token}` },
    data: { username, email, password: STORE_PASSWORD, role: "Usuário básico" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, email, password: STORE_PASSWORD, id: (await res.json()).user.id };
}

/** Creates a Supervisor's account through the API, as the administrator would on 'Gerenciar usuários' (issue 31). */
export async function createSupervisor(request: APIRequestContext): Promise<Account> {
  const token = await adminToken(request);
  const suffix = `${Date.now().toString(36)}${++counter}`;
  const username = `Supervisor E2E ${suffix}`;
  const email = `supervisor.${suffix}@exemplo.com.br`;
  const res = await request.post("/api/users/create", {
    headers: { authorization: `Bearer ${token}` },
    data: { username, email, password: STORE_PASSWORD, role: "Supervisor" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, email, password: STORE_PASSWORD, id: (await res.json()).user.id };
}

/** Signs in through the login screen, as a person does. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

export const test = base.extend<{ admin: Page }>({
  admin: async ({ page }, use) => {
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/picklist-process$/);
    await use(page);
  },
});
