import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, apiLogin, createStore, expect, signIn, test, type Account } from "./support/fixtures";
import { shootForIssue } from "./support/screenshots";
import { DEMO_BASE_URL, DEMO_STORE_PASSWORD, DEMO_SUPERVISOR_EMAIL } from "./support/servers";

// Issue 31: a Supervisor signs in, reads the stores whose notification rule names its e-mail, and
// finds nothing on its screens that changes anything.

/** Buttons and links that change a record, on any of the office's screens. */
const CHANGES = /^(Criar|Novo|Nova|Editar|Excluir|Redirecionar|Iniciar|Confirmar|Finalizar|Concluir|Concluír|Salvar|Reenviar|Importar|Desbloquear|Receber|Recusar|Aceitar)/;

async function asAdmin(request: APIRequestContext, method: "post" | "put", url: string, data: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${await adminToken(request)}` }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** Opens a screen from the sidebar, opening its group first when it is closed. */
async function openFromMenu(page: Page, group: string, link: string) {
  const target = page.getByRole("link", { name: link, exact: true });
  if (!(await target.isVisible())) await page.getByRole("button", { name: group, exact: true }).click();
  await target.click();
}

async function noChangeOnScreen(page: Page) {
  await expect(page.getByRole("main")).toBeVisible();
  for (const role of ["button", "link"] as const) {
    await expect(page.getByRole("main").getByRole(role, { name: CHANGES })).toHaveCount(0);
  }
}

test("an administrator creates a Supervisor, who sees two of its stores and not a third, and finds no button that changes anything", async ({ admin, browser, request }) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const stores: Account[] = [];
  for (const name of ["Norte", "Sul", "Oeste"]) stores.push(await createStore(request, `Loja ${name} ${stamp}`));
  const [north, south, west] = stores as [Account, Account, Account];
  for (const store of stores) await asAdmin(request, "post", "/api/picklist/create", { destination: store.username, listItems: ["TENIS RUNNER 42 123456-7X"] });

  // The office creates the Supervisor on 'Gerenciar usuários', like any user.
  const email = `supervisora.${stamp}@exemplo.com.br`;
  const password = "senha-supervisora";
  await admin.getByRole("button", { name: "Configurações" }).click();
  await admin.getByRole("link", { name: "Gerenciar usuários" }).click();
  await admin.getByRole("button", { name: "Novo usuário" }).click();
  const dialog = admin.getByRole("dialog", { name: "Novo usuário" });
  await dialog.getByLabel("Nome de usuário").fill(`Sofia Supervisora ${stamp}`);
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Senha", { exact: true }).fill(password);
  await dialog.getByRole("combobox", { name: "Permissão", exact: true }).click();
  await admin.getByRole("option", { name: "Supervisor", exact: true }).click();
  await dialog.getByRole("button", { name: "Criar usuário" }).click();
  await expect(admin.getByText("Usuário criado com sucesso!")).toBeVisible();

  // Its e-mail names it in two stores' rules: supervisor of one, manager of the other.
  await asAdmin(request, "post", "/api/recipients/create", { username: `Sofia ${stamp}`, email, role: "Supervisor" });
  await asAdmin(request, "post", "/api/recipients/create", { username: `Outra Pessoa ${stamp}`, email: `outra.${stamp}@exemplo.com.br`, role: "Gerente" });
  await asAdmin(request, "post", "/api/notifications/create", { store: north.username, supervisor: `Sofia ${stamp}`, manager: `Outra Pessoa ${stamp}`, assistantManager: null });
  await asAdmin(request, "post", "/api/notifications/create", { store: south.username, supervisor: `Outra Pessoa ${stamp}`, manager: `Sofia ${stamp}`, assistantManager: null });
  await asAdmin(request, "post", "/api/notifications/create", { store: west.username, supervisor: `Outra Pessoa ${stamp}`, manager: `Outra Pessoa ${stamp}`, assistantManager: null });

  // The Supervisor signs in on a browser of its own.
  const context = await browser.newContext({ locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboards-supervisor$/);
  const figures = page.getByRole("table", { name: "Números das suas lojas e mediana da rede" });
  await expect(figures.getByRole("columnheader", { name: north.username })).toBeVisible();
  await expect(figures.getByRole("columnheader", { name: south.username })).toBeVisible();
  await expect(figures.getByRole("columnheader", { name: "Mediana da rede" })).toBeVisible();
  await expect(page.getByText(west.username)).toHaveCount(0);
  await noChangeOnScreen(page);

  // The menu: what it may open, nothing that creates, processes or configures.
  await expect(page.getByRole("button", { name: "Configurações" })).toHaveCount(0);
  for (const name of ["Criar nova lista", "Processos de separação", "Criar nova retirada", "Iniciar separação", "Receber devolução", "Gerenciar usuários"]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  }

  await openFromMenu(page, "Lista de separação", "Histórico de envios");
  await expect(page.getByRole("heading", { level: 1, name: "Historico de envios" })).toBeVisible();
  const lists = page.getByRole("table", { name: "Histórico de envio" });
  await expect(lists.getByText(north.username)).toBeVisible();
  await expect(lists.getByText(south.username)).toBeVisible();
  await expect(lists.getByText(west.username)).toHaveCount(0);
  // Its store filter offers its own stores.
  await page.getByRole("search", { name: "Filtros" }).getByRole("combobox", { name: "Loja" }).click();
  await expect(page.getByRole("option", { name: north.username })).toBeVisible();
  await expect(page.getByRole("option", { name: south.username })).toBeVisible();
  await expect(page.getByRole("option", { name: west.username })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await noChangeOnScreen(page);

  for (const [group, link, heading] of [
    ["Retirada em loja", "Histórico de retiradas", "Historico de envios"],
    ["Devolução em loja", "Histórico de devoluções", "Historico de devolução"],
    ["Análises", "Relatórios e métricas", "Relatórios e métricas"],
  ] as const) {
    await openFromMenu(page, group, link);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(west.username)).toHaveCount(0);
    await noChangeOnScreen(page);
  }

  // An office screen typed into the address bar: 'Acesso negado.'
  await page.goto("/picklist-create");
  await expect(page.getByText("Acesso negado.")).toBeVisible();
  // And the server refuses its changes all the same.
  const token = await apiLogin(request, email, password);
  const refused = await request.post("/api/picklist/create", { headers: { authorization: `Bearer ${token}` }, data: { destination: north.username, listItems: ["X 1 1"] } });
  expect(refused.status()).toBe(403);
  await context.close();
});

test("the demo chain's Supervisor reads its region's stores side by side with the chain's median", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: DEMO_BASE_URL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1366, height: 768 }, colorScheme: "light" });
  const page = await context.newPage();
  await signIn(page, DEMO_SUPERVISOR_EMAIL, DEMO_STORE_PASSWORD);
  await expect(page).toHaveURL(/\/dashboards-supervisor$/);
  const figures = page.getByRole("table", { name: "Números das suas lojas e mediana da rede" });
  for (const store of ["Loja Londrina Catuaí", "Loja Maringá Centro", "Loja Ponta Grossa"]) {
    await expect(figures.getByRole("columnheader", { name: store })).toBeVisible();
  }
  await expect(figures.getByRole("columnheader", { name: "Loja Batel" })).toHaveCount(0);
  await expect(figures.getByRole("row", { name: /Listas enviadas/ })).toBeVisible();
  await shootForIssue(31, page, "supervisor-dashboard", page.getByRole("heading", { level: 1, name: "Dashboards" }), { scroll: false });
  await context.close();
});
