import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { adminToken, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const RUNNER = "TENIS RUNNER 42 12345601";
const SANDAL = "SANDALIA 37 65432102";
const BOOT = "BOTA 40 11122203";

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** A store signed in in a browser of its own, at a given screen size. */
async function storeBrowser(browser: Browser, store: Account, viewport = { width: 1366, height: 768 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  return page;
}

/** Setup only: a list sent to a store, as 'Criar nova lista' does. */
async function createList(request: APIRequestContext, destination: string, listItems: string[]) {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function openPending(page: Page) {
  const link = page.getByRole("link", { name: "Iniciar separação" });
  // On a phone the menu is a drawer opened from the header.
  if (!(await link.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Alternar barra lateral" }).click();
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
}

/** The screen's notifications, each toast one item of the list. */
const toasts = (page: Page) => page.getByRole("region", { name: /Notificações/ }).getByRole("listitem");

async function overlaps(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!boxA || !boxB) return false;
  return boxA.x < boxB.x + boxB.width && boxB.x < boxA.x + boxA.width && boxA.y < boxB.y + boxB.height && boxB.y < boxA.y + boxA.height;
}

test("'Iniciar' puts the focus in 'Escanear código': the scanner's first scan ticks a product without a click", async ({ browser, request }) => {
  const storeA = await createStore(request);
  await createList(request, storeA.username, [RUNNER, SANDAL, BOOT]);
  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  const card = store.getByRole("article");

  await card.getByRole("button", { name: "Iniciar" }).click();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await expect(field).toBeVisible();
  await store.keyboard.type("654321\n");
  await expect(card.getByText("33%")).toBeVisible();
  await expect(card.getByText(`Produto separado: ${SANDAL}`)).toBeVisible();

  // Opening the screen with a list in progress: its field has the focus too.
  await store.reload();
  await expect(field).toBeFocused();
  await store.keyboard.type("12345601\n");
  await expect(card.getByText("67%")).toBeVisible();
});

test("after a dialog closes, the focus is back in 'Escanear código', not on the button that opened it", async ({ browser, request }) => {
  const storeA = await createStore(request);
  await createList(request, storeA.username, [RUNNER, SANDAL, BOOT]);
  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  const card = store.getByRole("article");
  await card.getByRole("button", { name: "Iniciar" }).click();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await expect(field).toBeFocused();
  await store.keyboard.type("654321\n");
  await expect(card.getByText("33%")).toBeVisible();

  await card.getByRole("switch", { name: "Produtos indisponíveis" }).click();
  await store.getByRole("alertdialog", { name: "Produtos indisponíveis" }).getByRole("button", { name: "Cancelar" }).click();
  await expect(field).toBeFocused();
  await store.keyboard.type("12345601\n");
  await expect(card.getByText("67%")).toBeVisible();

  await card.getByRole("textbox", { name: "Número da transferência" }).fill("123456");
  await card.getByRole("button", { name: "Finalizar" }).click();
  const summary = store.getByRole("alertdialog", { name: "Finalizar a lista de separação?" });
  await expect(summary).toContainText("2 separados · 1 não encontrado");
  await store.keyboard.press("Escape");
  await expect(summary).toHaveCount(0);
  await expect(field).toBeFocused();
  await store.keyboard.type("11122203\n");
  await expect(card.getByText("100%")).toBeVisible();
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width}×${viewport.height}, scans keep one success toast, clear of 'Iniciar', 'Finalizar' and the transfer number`, async ({ browser, request }) => {
    const storeA = await createStore(request);
    await createList(request, storeA.username, [RUNNER, SANDAL, BOOT]);
    const other = "CHINELO 39 44455504";
    await createList(request, storeA.username, [other]);
    const store = await storeBrowser(browser, storeA, viewport);
    await openPending(store);
    // Found by what it does not hold: its products leave its visible text as they are separated.
    const card = store.getByRole("article").filter({ hasNotText: other });
    await card.getByRole("button", { name: "Iniciar" }).click();
    await expect(store.getByText("Lista de separação iniciada com sucesso!")).toBeVisible();
    const field = card.getByRole("textbox", { name: "Escanear código" });
    await expect(field).toBeFocused();
    for (const [code, percent] of [
      ["654321", "33%"],
      ["12345601", "67%"],
      ["11122203", "100%"],
    ] as const) {
      await store.keyboard.type(`${code}\n`);
      await expect(card.getByText(percent)).toBeVisible();
    }

    // The start and the three scans updated one toast.
    await expect(store.getByText("Lista de separação atualizada com sucesso!")).toBeVisible();
    await expect(toasts(store)).toHaveCount(1);
    await expect(store.getByText("Lista de separação iniciada com sucesso!")).toHaveCount(0);

    const toast = toasts(store).first();
    const transfer = card.getByRole("textbox", { name: "Número da transferência" });
    const finish = card.getByRole("button", { name: "Finalizar" });
    const starts = store.getByRole("button", { name: "Iniciar" });
    for (const scrolled of [false, true]) {
      if (scrolled) await finish.scrollIntoViewIfNeeded();
      for (const target of [transfer, finish, ...(await starts.all())]) {
        // The toasts rise above the action bar once it reaches the bottom of the screen: judged when they have moved.
        await expect.poll(() => overlaps(toast, target), { message: `${scrolled ? "scrolled" : "at the top"}: the toast covers ${await target.textContent()}` }).toBe(false);
      }
    }
  });
}

test("on a tablet, a long list keeps 'Finalizar' and the transfer number in reach while the products scroll by", async ({ browser, request }) => {
  const storeA = await createStore(request);
  const items = Array.from({ length: 20 }, (_, n) => `TENIS MODELO ${n + 1} 42 ${String(700000 + n)}${String(n % 10)}X`);
  await createList(request, storeA.username, items);
  const store = await storeBrowser(browser, storeA, { width: 1024, height: 768 });
  await openPending(store);
  const card = store.getByRole("article");
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(card.getByRole("textbox", { name: "Escanear código" })).toBeFocused();

  const actions = card.getByRole("group", { name: "Ações da lista" });
  for (const item of [items[0]!, items[10]!, items[19]!]) {
    await card.getByRole("checkbox", { name: item }).scrollIntoViewIfNeeded();
    await expect(actions.getByRole("button", { name: "Finalizar" })).toBeInViewport({ ratio: 1 });
    await expect(actions.getByRole("textbox", { name: "Número da transferência" })).toBeInViewport({ ratio: 1 });
    await expect(actions.getByRole("button", { name: "Imprimir" })).toBeInViewport({ ratio: 1 });
  }
});

test("'Escanear pedido ou CPF' has the focus when 'Iniciar retirada' and 'Receber devolução' open", async ({ browser, request }) => {
  const storeA = await createStore(request);
  const store = await storeBrowser(browser, storeA);
  await expect(store.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toBeFocused();
  await store.goto("/return-store");
  await expect(store.getByRole("heading", { level: 1, name: "Receber devolução" })).toBeVisible();
  await expect(store.getByRole("textbox", { name: "Escanear pedido ou CPF" })).toBeFocused();
});
