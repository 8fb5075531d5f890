import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";

test("a failed list shows in its own table card, and 'Tentar novamente' brings its rows", async ({ page, request }) => {
  const store = await createStore(request);
  const created = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination: store.username, listItems: ["TENIS RUNNER 42 12345601"] },
  });
  expect(created.status(), await created.text()).toBe(201);

  // Only today's lists fail (the query with `from` and without `pending`), for as long as the test says.
  let failing = true;
  let failed = 0;
  await page.route(
    (url) => url.pathname === "/api/picklist/get" && url.searchParams.has("from") && !url.searchParams.has("pending"),
    async (route) => {
      if (!failing) return route.continue();
      failed += 1;
      await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ error: "O servidor não respondeu como esperado." }) });
    },
  );
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/picklist-process$/);

  const today = page.getByRole("region", { name: "Listas em andamento hoje" });
  const alert = today.getByRole("table", { name: "Listas em andamento hoje" }).getByRole("alert");
  await expect(alert).toContainText("Não foi possível carregar a lista.", { timeout: 15_000 });
  await expect(alert).toContainText("O servidor não respondeu como esperado.");
  expect(failed).toBeGreaterThan(0);

  // The header and the other tables keep working.
  await expect(page.getByRole("heading", { level: 1, name: "Processos de separação" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Atualizar" })).toBeVisible();
  const pending = page.getByRole("table", { name: "Listas de separação pendentes" });
  await expect(pending).toBeVisible();
  await expect(pending.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("500", { exact: true })).toHaveCount(0);

  failing = false;
  await alert.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(today.getByRole("row").filter({ hasText: store.username })).toBeVisible();
  await expect(today.getByRole("alert")).toHaveCount(0);
});
