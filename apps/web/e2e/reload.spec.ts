import type { Page } from "@playwright/test";
import { createStore, expect, signIn, test, type Account } from "./support/fixtures";
import { ADMIN_ROUTES, STORE_ROUTES } from "./support/routes";

const RELOADS = 10;

/**
 * A hard reload as a person on a slow network does it: nothing from the cache, and the JavaScript
 * chunks arriving late, each by a different few hundred milliseconds, so that they land in another
 * order on every reload.
 */
async function reloadSlowly(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let served = 0;
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const delay = (++served * 137) % 450;
    await new Promise((resolve) => setTimeout(resolve, delay));
    await route.continue();
  });
  await page.goto(path);
  for (let n = 1; n <= RELOADS; n++) {
    await page.reload();
    const main = page.getByRole("main").last();
    await expect(main, `${path}, reload ${n}`).toBeVisible();
    // Every late chunk has landed: a screen that was to break has broken by now.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("navigation").first(), `${path}, reload ${n}: the shell's menu`).toBeAttached();
    await expect(page.getByText("Não foi possível abrir esta página."), `${path}, reload ${n}`).toHaveCount(0);
    await expect(page.getByText("Algo deu errado nesta tela."), `${path}, reload ${n}`).toHaveCount(0);
    await expect(page, `${path}, reload ${n}`).toHaveURL(new RegExp(`${path}$`));
  }
}

for (const path of ADMIN_ROUTES) {
  test(`the administrator reloads ${path} ${RELOADS} times, cache off and chunks late, without an error page`, async ({ admin }) => {
    test.setTimeout(180_000);
    await reloadSlowly(admin, path);
  });
}

test.describe("a store", () => {
  let store: Account;
  test.beforeAll(async ({ request }) => {
    store = await createStore(request);
  });

  for (const path of STORE_ROUTES) {
    test(`a store reloads ${path} ${RELOADS} times, cache off and chunks late, without an error page`, async ({ page }) => {
      test.setTimeout(180_000);
      await signIn(page, store.email, store.password);
      await expect(page).toHaveURL(/\/pickup-pending$/);
      await reloadSlowly(page, path);
    });
  }
});

test("a screen whose chunk fails shows its error inside the shell, and 'Tentar novamente' opens it", async ({ admin }) => {
  await admin.route(/\/assets\/return-process-[^/]+\.js$/, (route) => route.abort());
  await admin.goto("/return-process");
  await expect(admin.getByRole("heading", { name: "Algo deu errado nesta tela." })).toBeVisible();
  // The shell stays: the sidebar's menu and the header's trail.
  await expect(admin.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Criar nova lista" })).toBeVisible();
  await expect(admin.getByRole("navigation", { name: "Navegação estrutural" })).toContainText("Processos de devoluções");
  await expect(admin.getByText("Não foi possível abrir esta página.")).toHaveCount(0);
  await admin.unroute(/\/assets\/return-process-[^/]+\.js$/);
  await admin.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(admin.getByRole("heading", { name: "Algo deu errado nesta tela." })).toHaveCount(0);
  await expect(admin.getByRole("heading", { name: "Processos de devoluçoes" }).first()).toBeVisible();
});
