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
  let late = 0; // chunks held back and not yet handed to the page
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    const delay = (++served * 137) % 450;
    late++;
    try {
      await new Promise((resolve) => setTimeout(resolve, delay));
      await route.continue();
    } finally {
      late--;
    }
  });
  await page.goto(path);
  for (let n = 1; n <= RELOADS; n++) {
    await page.reload();
    const main = page.getByRole("main").last();
    // Three tabs of one browser share its six connections to the server (one of them the tabs' shared
    // live stream), while every chunk comes late and uncached: on a loaded machine a reload may take
    // over the usual 7 s to draw (8–20 s seen, the screen then whole). The checks below judge errors.
    await expect(main, `${path}, reload ${n}`).toBeVisible({ timeout: 30_000 });
    // Every late chunk has landed and run (two frames after the last one): a screen that was to break
    // has broken by now. (Waiting for the network to go quiet instead took twice as long.)
    await expect.poll(() => late, { message: `${path}, reload ${n}: chunks still late`, intervals: [25] }).toBe(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await expect(page.getByRole("navigation").first(), `${path}, reload ${n}: the shell's menu`).toBeAttached();
    await expect(page.getByText("Não foi possível abrir esta página."), `${path}, reload ${n}`).toHaveCount(0);
    await expect(page.getByText("Algo deu errado nesta tela."), `${path}, reload ${n}`).toHaveCount(0);
    await expect(page, `${path}, reload ${n}`).toHaveURL(new RegExp(`${path}$`));
  }
}

// Screens are reloaded side by side, in three tabs of one signed-in browser: each reload mostly
// waits on its late chunks, so three lanes take a third of the time on two cores.
const LANES = 3;

async function reloadEach(page: Page, paths: readonly string[]) {
  const lanes = Array.from({ length: LANES }, (_, lane) => paths.filter((_, i) => i % LANES === lane));
  await Promise.all(
    lanes.map(async (lane, i) => {
      const tab = i === 0 ? page : await page.context().newPage();
      for (const path of lane) await reloadSlowly(tab, path);
    }),
  );
}

test(`the administrator reloads each screen ${RELOADS} times, cache off and chunks late, without an error page`, async ({ admin }) => {
  test.setTimeout(ADMIN_ROUTES.length * 60_000);
  await reloadEach(admin, ADMIN_ROUTES);
});

test(`a store reloads each screen ${RELOADS} times, cache off and chunks late, without an error page`, async ({ page, request }) => {
  test.setTimeout(STORE_ROUTES.length * 60_000);
  const store: Account = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await reloadEach(page, STORE_ROUTES);
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
