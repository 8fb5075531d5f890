import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { adminToken, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const RUNNER = "TENIS RUNNER 42 12345601";
const SANDAL = "SANDALIA 37 65432102";
const BOOT = "BOTA 40 11122203";

const storeContexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(storeContexts.splice(0).map((context) => context.close()));
});

async function storeOnPending(browser: Browser, store: Account, watch?: (context: BrowserContext) => void): Promise<Page> {
  const context = await browser.newContext();
  storeContexts.push(context);
  watch?.(context);
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.getByRole("link", { name: "Iniciar separação" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
  return page;
}

async function createList(request: APIRequestContext, destination: string, listItems: string[]) {
  const res = await request.post("/api/picklist/create", { headers: { authorization: `Bearer ${await adminToken(request)}` }, data: { destination, listItems } });
  expect(res.status(), await res.text()).toBe(201);
}

const cardWith = (page: Page, item: string): Locator => page.getByRole("article").filter({ hasText: item });
const rowsOf = (page: Page, table: string, store: string): Locator => page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: store });

async function pickStore(page: Page, scope: Locator | Page, name: string, store: string) {
  await scope.getByRole("combobox", { name }).click();
  await page.getByPlaceholder("Pesquise a loja...").fill(store);
  await page.getByRole("option", { name: store, exact: true }).click();
}

test("screens update themselves: the office sends a list, the store sees it and finishes it, the office sees it finished", async ({ admin, browser, request }) => {
  test.slow();
  const storeA = await createStore(request);
  const store = await storeOnPending(browser, storeA);
  await expect(store.getByText("Nenhuma lista de separação pendente")).toBeVisible();

  await admin.getByRole("link", { name: "Criar nova lista" }).click();
  await pickStore(admin, admin, "Loja de destino", storeA.username);
  for (const item of [RUNNER, SANDAL]) {
    await admin.getByLabel("Adicionar produtos").fill(item);
    await admin.getByRole("button", { name: "Adicionar" }).click();
  }
  await admin.getByRole("button", { name: "Criar Lista" }).click();
  await expect(admin.getByText("Lista de separação criada com sucesso!")).toBeVisible();
  await admin.getByRole("link", { name: "Processos de separação" }).click();
  const row = rowsOf(admin, "Listas em andamento hoje", storeA.username);
  await expect(row).toContainText("Não iniciado");

  // No 'Buscar': the card comes by itself.
  const card = cardWith(store, SANDAL);
  await expect(card).toContainText("Não iniciado");
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(card).toContainText("Em andamento");
  // No 'Atualizar' either.
  await expect(row).toContainText("Em andamento");

  // Found by the product left unseparated: a separated one moves into the closed 'Produtos separados' list.
  await card.getByRole("checkbox", { name: RUNNER }).click();
  await expect(card.getByText("50%")).toBeVisible();
  await card.getByRole("textbox", { name: "Número da transferência" }).fill("654321");
  await card.getByRole("button", { name: "Finalizar" }).click();
  await store.getByRole("alertdialog", { name: "Finalizar a lista de separação?" }).getByRole("button", { name: "Finalizar" }).click();
  await expect(card).toContainText("Concluído");
  await expect(row).toContainText("Concluído");
  await expect(row).toContainText("654321");
  // The finished list stays on the store's screen until 'Buscar'.
  await expect(card).toBeVisible();
  await store.getByRole("button", { name: "Buscar" }).click();
  await expect(store.getByText("Nenhuma lista de separação pendente")).toBeVisible();
});

test("a list redirected away says so on the old store's card, without a click, and appears at the new store", async ({ admin, browser, request }) => {
  test.slow();
  const storeA = await createStore(request);
  const storeC = await createStore(request);
  const store = await storeOnPending(browser, storeA);
  const newStore = await storeOnPending(browser, storeC);
  await createList(request, storeA.username, [BOOT]);
  const card = cardWith(store, BOOT);
  await expect(card.getByRole("button", { name: "Iniciar" })).toBeEnabled();

  await admin.getByRole("link", { name: "Processos de separação" }).click();
  await admin.getByRole("button", { name: `Editar a lista de ${storeA.username}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Editar lista de separação" });
  await pickStore(admin, dialog, "Loja de destino", storeC.username);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Lista de separação atualizada com sucesso!")).toBeVisible();

  const gone = store.getByRole("article", { name: "Lista de separação indisponível" });
  await expect(gone).toBeVisible();
  await expect(gone).toContainText(`A lista foi redirecionada para ${storeC.username}`);
  await expect(cardWith(newStore, BOOT)).toContainText("Não iniciado");

  await store.getByRole("button", { name: "Buscar" }).click();
  await expect(store.getByText("Nenhuma lista de separação pendente")).toBeVisible();
});

test("a store's tabs share one live stream: a new list shows in both, and in the one left open after the other closes", async ({ browser, request }) => {
  test.slow();
  const storeA = await createStore(request);
  // Every stream the browser opens to the server, counted as it opens, from the first tab's sign-in on.
  let streams = 0;
  const first = await storeOnPending(browser, storeA, (context) =>
    context.on("request", (req) => {
      if (new URL(req.url()).pathname === "/api/events") streams++;
    }),
  );
  const context = first.context();
  // The first tab's stream is open (it may open a moment after the screen shows) before the second tab comes.
  await expect.poll(() => streams).toBeGreaterThan(0);
  const firstTabs = streams;
  const second = await context.newPage();
  await second.goto("/picklist-pending");
  await expect(second.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();

  await createList(request, storeA.username, [RUNNER]);
  await expect(cardWith(first, RUNNER)).toContainText("Não iniciado");
  await expect(cardWith(second, RUNNER)).toContainText("Não iniciado");
  expect(streams, "the second tab opens no stream of its own").toBe(firstTabs);

  // The tab holding the stream closes: the other takes it over and still hears the office.
  await first.close();
  await expect.poll(() => streams).toBe(firstTabs + 1);
  await createList(request, storeA.username, [SANDAL]);
  await expect(cardWith(second, SANDAL)).toContainText("Não iniciado");
});
