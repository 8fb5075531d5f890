import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { adminToken, apiLogin, createStore, expect, signIn, test } from "./support/fixtures";

/** Setup only: lists sent to a store, as 'Criar nova lista' does. */
async function sendLists(request: APIRequestContext, destination: string, count: number): Promise<string[]> {
  const token = await adminToken(request);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.post("/api/picklist/create", { headers: { authorization: `Bearer ${token}` }, data: { destination, listItems: [`TENIS 4${i} 1234560${i}`] } });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).picklist.id);
  }
  return ids;
}

test("the office opens Dashboards and sees a store's figures for the period", async ({ admin, request }) => {
  const store = await createStore(request);
  await sendLists(request, store.username, 3);

  await admin.goto("/dashboards");
  await expect(admin.getByRole("heading", { name: "Dashboards" })).toBeVisible();
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: store.username }).click();
  const figures = admin.getByRole("region", { name: "Números do período" });
  const sent = figures.locator("[data-slot=card]").filter({ hasText: "Listas enviadas" });
  await expect(sent).toContainText("3");
  await expect(figures.locator("[data-slot=card]").filter({ hasText: "Tempo de separação" })).toContainText("—");

  await admin.getByRole("combobox", { name: "Período" }).click();
  await admin.getByRole("option", { name: "Hoje" }).click();
  await expect(sent).toContainText("3");
});

test("a dashboard's filters live in its address, survive a reload, and a day without lists reads as zero", async ({ admin, request }) => {
  const store = await createStore(request);
  await sendLists(request, store.username, 1);

  await admin.goto("/dashboards");
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: store.username }).click();
  await admin.getByRole("combobox", { name: "Período" }).click();
  await admin.getByRole("option", { name: "Últimos 7 dias" }).click();
  await expect(admin).toHaveURL(/[?&]period=7(&|$)/);

  await admin.reload();
  await expect(admin.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await expect(admin.getByRole("combobox", { name: "Período" })).toHaveText("Últimos 7 dias");
  const sent = admin.getByRole("region", { name: "Números do período" }).locator("[data-slot=card]").filter({ hasText: "Listas enviadas" });
  await expect(sent).toContainText("1");

  // The chart's table for screen readers: every day of the period, the six before today with nothing sent.
  const days = admin.getByRole("table", { name: "Listas enviadas por dia" });
  await expect(days.getByRole("row")).toHaveCount(8);
  const firstDay = days.getByRole("row").nth(1).getByRole("cell");
  await expect(firstDay).toHaveText([/^\d{2}\/\d{2}$/, "0", "0", "0", "0"]);
  const today = days.getByRole("row").nth(7).getByRole("cell");
  await expect(today.nth(1)).toHaveText("1");
});

test("Relatórios e métricas sorts the stores by a figure and exports them", async ({ admin, request }) => {
  const store = await createStore(request);
  await sendLists(request, store.username, 2);

  await admin.goto("/reports-metrics");
  const row = admin.getByRole("row").filter({ hasText: store.username });
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");

  await admin.getByRole("button", { name: "Listas enviadas" }).click();
  await admin.getByRole("button", { name: "Listas enviadas" }).click();
  await expect(admin.getByRole("columnheader", { name: "Listas enviadas" })).toHaveAttribute("aria-sort", "descending");
  const sent = (await admin.getByRole("row").locator("td:nth-child(2)").allTextContents()).map((t) => Number(t.replace(/\./g, "")));
  expect(sent).toEqual([...sent].sort((a, b) => b - a));

  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Exportar CSV" }).click();
  // The file carries its period; durations are numbers of minutes (empty for none), as a sheet computes with them.
  expect((await download).suggestedFilename()).toMatch(/^metricas_\d{4}-\d{2}-\d{2}_a_\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await readFile((await (await download).path())!, "utf8");
  expect(file.startsWith("\uFEFFLoja;Listas enviadas;Listas finalizadas;Tempo até o início (min);Tempo de separação (min);")).toBe(true);
  expect(file).toContain(`${store.username};2;0;;;—;0;0;0;0;0\r\n`);

  // The store's name opens its lists' history, filtered by the store and the period.
  await admin.getByRole("link", { name: store.username, exact: true }).click();
  await expect(admin).toHaveURL(/\/picklist-shipment-history$/);
  const filters = admin.getByRole("search", { name: "Filtros" });
  await expect(filters.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await expect(admin.getByRole("row").filter({ hasText: store.username })).toHaveCount(2);
});

test("a store opens its Dashboards and sees its figures beside the median store's", async ({ page, request }) => {
  const store = await createStore(request);
  const [first] = await sendLists(request, store.username, 2);
  const token = await apiLogin(request, store.email, store.password);
  for (const data of [{ currentStatus: "Em andamento" }, { currentStatus: "Concluído", numberTransfer: "111222" }]) {
    const res = await request.put(`/api/picklist/update/${first}`, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), await res.text()).toBe(200);
  }

  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.goto("/dashboards-store");
  const figures = page.getByRole("region", { name: "Números do período" });
  await expect(figures.locator("[data-slot=card]").filter({ hasText: "Listas enviadas" })).toContainText("2");
  // Finished without ticking its item: nothing separated, one product not found.
  const fill = figures.locator("[data-slot=card]").filter({ hasText: "Taxa de atendimento" });
  await expect(fill).toContainText("0%");
  await expect(fill).toContainText("Loja mediana:");
  await expect(fill).not.toContainText("Rede:");
  await expect(figures.locator("[data-slot=card]").filter({ hasText: "Produtos não encontrados" })).toContainText("1");
  await expect(page.getByRole("combobox", { name: "Loja" })).toHaveCount(0);

  await page.goto("/reports-metrics-store");
  await expect(page.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText("2");
});

test("'Exportar CSV' on the lists' history downloads the filtered lists, every page", async ({ admin, request }) => {
  const store = await createStore(request);
  await sendLists(request, store.username, 10);

  await admin.goto("/picklist-shipment-history");
  const filters = admin.getByRole("search", { name: "Filtros" });
  await filters.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(store.username);
  await admin.getByRole("option", { name: store.username, exact: true }).click();
  await filters.getByRole("button", { name: "Filtrar" }).click();

  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^listas-de-separacao_ate_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, "utf8");
  expect(text.startsWith("\uFEFFLoja;Enviado;Iniciado;Finalizado;Duração (min);Itens;")).toBe(true);
  const rows = text.split("\r\n").slice(1, -1);
  expect(rows).toHaveLength(10);
  for (const row of rows) expect(row.startsWith(`${store.username};`)).toBe(true);
});
