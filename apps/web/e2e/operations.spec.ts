import type { APIRequestContext, Page } from "@playwright/test";
import { adminToken, createStore, expect, test } from "./support/fixtures";

async function listsWith(request: APIRequestContext, item: string) {
  const res = await request.get("/api/picklist/get", { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  return ((await res.json()).picklists as { id: string; destination: string; listItems: string[] }[]).filter((l) => l.listItems.includes(item));
}

async function openSetting(page: Page, name: string) {
  await page.getByRole("button", { name: "Configurações" }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("the administrator gives the e-commerce platform a key, sees it used, and revokes it", async ({ admin, request }) => {
  const store = await createStore(request);
  await openSetting(admin, "Chaves de API");
  await expect(admin.getByText("Nenhuma chave de API criada.")).toBeVisible();

  await admin.getByRole("button", { name: "Nova chave" }).click();
  const dialog = admin.getByRole("dialog", { name: "Nova chave de API" });
  await dialog.getByRole("button", { name: "Criar chave" }).click();
  await expect(dialog.getByText("Informe um nome para a chave, com ao menos 2 caracteres.")).toBeVisible();
  await expect(dialog.getByText("Selecione ao menos um acesso para a chave.")).toBeVisible();
  await dialog.getByLabel("Nome").fill("Plataforma de e-commerce");
  await dialog.getByRole("checkbox", { name: "Listas de separação" }).check();
  await dialog.getByRole("button", { name: "Criar chave" }).click();

  const shown = admin.getByRole("dialog", { name: "Chave criada" });
  await expect(shown.getByText("Esta é a única vez que a chave aparece.", { exact: false })).toBeVisible();
  const key = await shown.getByLabel("Chave de API").inputValue();
  expect(key).toMatch(/^passo_/);
  await expect(shown.getByRole("button", { name: "Copiar chave" })).toBeVisible();
  await shown.getByRole("button", { name: "Concluir" }).click();

  const row = admin.getByRole("table", { name: "Chaves de API" }).getByRole("row").filter({ hasText: "Plataforma de e-commerce" });
  await expect(row).toContainText("Listas de separação");
  await expect(row).toContainText("Nunca usada");
  await expect(row).not.toContainText(key);

  // The platform sends a list with its key.
  const item = `TENIS DA PLATAFORMA ${Date.now()}`;
  const sent = await request.post("/api/picklist/create", { headers: { authorization: `Bearer ${key}` }, data: { destination: store.username, listItems: [item] } });
  expect(sent.status()).toBe(201);
  expect((await request.get("/api/pickup/get", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);
  await admin.reload();
  await expect(row).not.toContainText("Nunca usada");

  await row.getByRole("button", { name: "Revogar a chave Plataforma de e-commerce" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Revogar a chave Plataforma de e-commerce?" });
  await expect(confirm.getByText("O sistema que usa esta chave perde o acesso na hora.", { exact: false })).toBeVisible();
  await confirm.getByRole("button", { name: "Revogar" }).click();
  await expect(admin.getByText("Chave de API revogada com sucesso!")).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.get("/api/picklist/get", { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
});

test("the administrator imports lists from a spreadsheet: a bad row stops everything, the corrected file creates one list per store", async ({ admin, request }) => {
  const north = await createStore(request);
  const south = await createStore(request);
  const stamp = Date.now();
  await admin.getByRole("link", { name: "Criar nova lista" }).click();
  await admin.getByRole("button", { name: "Importar listas" }).click();
  const dialog = admin.getByRole("dialog", { name: "Importar listas" });

  const bad = `loja;item\r\n${north.username};TENIS IMPORTADO A ${stamp}\r\nLoja Fantasma;TENIS IMPORTADO B ${stamp}\r\n${south.username};\r\n`;
  await dialog.getByLabel("Arquivo CSV ou XLSX").setInputFiles({ name: "listas.csv", mimeType: "text/csv", buffer: Buffer.from(bad) });
  await expect(dialog.getByRole("row").filter({ hasText: "Loja Fantasma" })).toContainText("Loja não encontrada");
  await expect(dialog.getByText('Linha 3: a loja "Loja Fantasma" não existe.')).toBeVisible();
  await expect(dialog.getByText("Linha 4: informe o item.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Criar/ })).toBeDisabled();

  const good = `loja;item\r\n${north.username};TENIS IMPORTADO A ${stamp}\r\n${south.username.toLowerCase()};TENIS IMPORTADO B ${stamp}\r\n${north.username};TENIS IMPORTADO C ${stamp}\r\n`;
  await dialog.getByLabel("Arquivo CSV ou XLSX").setInputFiles({ name: "listas.csv", mimeType: "text/csv", buffer: Buffer.from(good) });
  await expect(dialog.getByText("2 listas com 3 itens.")).toBeVisible();
  await expect(dialog.getByRole("row").filter({ hasText: north.username })).toContainText("2");
  await dialog.getByRole("button", { name: "Criar 2 listas" }).click();
  await expect(admin.getByText("2 listas de separação criadas com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const [northList] = await listsWith(request, `TENIS IMPORTADO A ${stamp}`);
  expect(northList).toMatchObject({ destination: north.username, listItems: [`TENIS IMPORTADO A ${stamp}`, `TENIS IMPORTADO C ${stamp}`] });
  expect(await listsWith(request, `TENIS IMPORTADO B ${stamp}`)).toEqual([expect.objectContaining({ destination: south.username })]);
});

test("a list whose answer is lost on the way is sent again with the same key and created once", async ({ admin, request }) => {
  const store = await createStore(request);
  const item = `TENIS RESPOSTA PERDIDA ${Date.now()}`;
  const keys: string[] = [];
  let lost = false;
  await admin.route("**/api/picklist/create", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (lost) return route.continue();
    // The server creates the list, but its answer never reaches the browser.
    lost = true;
    await route.fetch();
    await route.abort("connectionreset");
  });

  await admin.getByRole("link", { name: "Criar nova lista" }).click();
  await admin.getByRole("combobox", { name: "Loja de destino" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(store.username);
  await admin.getByRole("option", { name: store.username, exact: true }).click();
  await admin.getByLabel("Adicionar produtos").fill(item);
  await admin.getByRole("button", { name: "Adicionar" }).click();
  await admin.getByRole("button", { name: "Criar Lista" }).click();

  await expect(admin.getByText("Lista de separação criada com sucesso!")).toBeVisible();
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size).toBe(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(await listsWith(request, item)).toHaveLength(1);
});
