import { createStore, expect, signIn, test } from "./support/fixtures";

test("the administrator finds the dashboards and the reports under 'Análises' in the sidebar", async ({ admin }) => {
  const menu = admin.getByRole("navigation", { name: "Menu principal" });
  await menu.getByRole("button", { name: "Análises" }).click();
  await menu.getByRole("link", { name: "Relatórios e métricas" }).click();
  await expect(admin).toHaveURL(/\/reports-metrics$/);
  await menu.getByRole("link", { name: "Dashboards" }).click();
  await expect(admin).toHaveURL(/\/dashboards$/);
  await expect(admin.getByRole("navigation", { name: "Navegação estrutural" })).toContainText("Análises");
});

test("a store finds its dashboards and reports under 'Análises' in the sidebar", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await menu.getByRole("button", { name: "Análises" }).click();
  await menu.getByRole("link", { name: "Dashboards" }).click();
  await expect(page).toHaveURL(/\/dashboards-store$/);
  await menu.getByRole("link", { name: "Relatórios e métricas" }).click();
  await expect(page).toHaveURL(/\/reports-metrics-store$/);
});

test("on a phone the drawer closes after a tap on a link", async ({ admin }) => {
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.getByRole("banner").getByRole("button", { name: "Alternar barra lateral" }).click();
  const drawer = admin.getByRole("dialog");
  await drawer.getByRole("link", { name: "Histórico de envios" }).click();
  await expect(admin).toHaveURL(/\/picklist-shipment-history$/);
  await expect(drawer).toBeHidden();
  await expect(admin.getByRole("link", { name: "Criar nova lista" })).toBeHidden();
});

test("the first Tab shows 'Pular para o conteúdo', which takes the focus to the screen", async ({ admin }) => {
  await admin.goto("/picklist-process");
  await expect(admin.getByRole("main").last()).toBeVisible();
  await admin.keyboard.press("Tab");
  const skip = admin.getByRole("link", { name: "Pular para o conteúdo" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await admin.keyboard.press("Enter");
  await expect(admin.locator("#conteudo")).toBeFocused();
});

test("the pickup's date picker takes a typed date, refuses an impossible one in Portuguese, and opens on the chosen month", async ({ admin }) => {
  await admin.goto("/pickup-new-order");
  const picker = admin.getByRole("button", { name: "Data prevista para retirada" });
  await picker.click();
  const typed = admin.getByRole("textbox", { name: "Digite a data" });
  await typed.fill("31/02/2031");
  await typed.press("Enter");
  await expect(admin.getByText("Data inválida. Digite no formato dd/mm/aaaa.")).toBeVisible();
  await typed.fill("15/03/2031");
  await typed.press("Enter");
  await expect(picker).toContainText("15/03/2031");
  await picker.click();
  await expect(admin.getByRole("grid", { name: /março.*2031/i })).toBeVisible();
});

test("a history's period takes typed dates", async ({ admin }) => {
  await admin.goto("/pickup-history");
  await admin.getByRole("button", { name: /Período/ }).click();
  await admin.getByRole("textbox", { name: "De" }).fill("01/02/2025");
  await admin.getByRole("textbox", { name: "De" }).press("Enter");
  await admin.getByRole("textbox", { name: "Até" }).fill("10/02/2025");
  await admin.getByRole("textbox", { name: "Até" }).press("Enter");
  await expect(admin.getByRole("button", { name: /Período/ })).toContainText("01/02/2025 - 10/02/2025");
  await admin.getByRole("textbox", { name: "Até" }).fill("99/99/2025");
  await admin.getByRole("textbox", { name: "Até" }).press("Enter");
  await expect(admin.getByText("Data inválida. Digite no formato dd/mm/aaaa.")).toBeVisible();
});
