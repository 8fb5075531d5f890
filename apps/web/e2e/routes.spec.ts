import { createStore, createSupervisor, expect, signIn, test, type Account } from "./support/fixtures";
import { ADMIN_ROUTES, STORE_ROUTES, SUPERVISOR_ROUTES } from "./support/routes";

// One test per address: a slow screen fails on its own, with its own time budget.
for (const path of ADMIN_ROUTES) {
  test(`the administrator opens ${path}`, async ({ admin }) => {
    await admin.goto(path);
    await expect(admin, path).toHaveURL(new RegExp(`${path}$`));
    await expect(admin.getByText("Esta página não pôde ser encontrada")).toHaveCount(0);
    await expect(admin.getByText("Acesso negado.")).toHaveCount(0);
    await expect(admin.getByRole("main").last()).toBeVisible();
  });
}

test.describe("a store", () => {
  let store: Account;
  test.beforeAll(async ({ request }) => {
    store = await createStore(request);
  });

  for (const path of STORE_ROUTES) {
    test(`a store opens ${path}`, async ({ page }) => {
      await signIn(page, store.email, store.password);
      await expect(page).toHaveURL(/\/pickup-pending$/);
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText("Esta página não pôde ser encontrada")).toHaveCount(0);
      await expect(page.getByText("Acesso negado.")).toHaveCount(0);
    });
  }
});

test.describe("a Supervisor", () => {
  let supervisor: Account;
  test.beforeAll(async ({ request }) => {
    supervisor = await createSupervisor(request);
  });

  test("lands on its dashboards, opens each of its screens, and is turned away from the office's others", async ({ page }) => {
    await signIn(page, supervisor.email, supervisor.password);
    await expect(page).toHaveURL(/\/dashboards-supervisor$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/dashboards-supervisor$/);
    for (const path of SUPERVISOR_ROUTES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText("Acesso negado.")).toHaveCount(0);
    }
    for (const path of ["/picklist-process", "/settings-manage-users", "/picklist-pending", "/dashboards"]) {
      await page.goto(path);
      await expect(page.getByText("Acesso negado."), path).toBeVisible();
    }
  });
});

test("the administrator's root goes to the separation processes; the dashboards show the chain's figures", async ({ admin }) => {
  await admin.goto("/");
  await expect(admin).toHaveURL(/\/picklist-process$/);
  await admin.goto("/dashboards");
  await expect(admin.getByText("Listas enviadas", { exact: true })).toBeVisible();
  await expect(admin.getByText("Estamos trabalhando nesta página.")).toHaveCount(0);
});

test("an unknown address shows the 404 page with a way back", async ({ admin }) => {
  await admin.goto("/picklist-process");
  await admin.goto("/isto-nao-existe");
  await expect(admin.getByText("Esta página não pôde ser encontrada")).toBeVisible();
  await admin.getByRole("button", { name: "Voltar" }).click();
  await expect(admin).toHaveURL(/\/picklist-process$/);
});

test("the separation history opens under the menu's misspelled address too", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.goto("/picklist-hístory-store");
  await expect(page).toHaveURL(/\/picklist-history-store$/);
});

test("without a session every protected route leads to /login", async ({ page }) => {
  for (const path of ["/", "/picklist-process", "/pickup-pending", "/change-password"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
  await page.goto("/not-found");
  await expect(page.getByText("Esta página não pôde ser encontrada")).toBeVisible();
});
