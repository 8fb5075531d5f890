import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL } from "./support/accounts";
import { adminToken, apiLogin, createStore, expect, signIn, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";

/** The office's own account, as the user filter lists it. */
async function adminName(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/users/get", { headers: { authorization: `Bearer ${await adminToken(request)}` } });
  const { users } = (await res.json()) as { users: { username: string; email: string }[] };
  return users.find((user) => user.email === ADMIN_EMAIL)!.username;
}

test("the office changes a recipient, finds the change in 'Relatório de alterações' and exports it", async ({ admin, request }) => {
  const token = await adminToken(request);
  const domain = ((await (await request.get("/api/config")).json()) as { companyEmailDomain: string }).companyEmailDomain;
  const before = `Rita ${Date.now().toString(36)}`;
  const after = `${before} Souza`;
  const created = await request.post("/api/recipients/create", {
    headers: { authorization: `Bearer ${token}` },
    data: { username: before, email: `rita.${Date.now().toString(36)}@${domain}`, role: "Supervisor" },
  });
  expect(created.status(), await created.text()).toBe(201);

  await admin.getByRole("button", { name: "Configurações" }).click();
  await admin.getByRole("link", { name: "Gerenciar destinatários" }).click();
  await admin.getByRole("searchbox", { name: "Pesquisar por nome, e-mail ou cargo" }).fill(before);
  await admin.getByRole("button", { name: `Editar destinatário ${before}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar destinatário" });
  await edit.getByLabel("Nome").fill(after);
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Destinatário atualizado com sucesso!")).toBeVisible();

  await admin.getByRole("link", { name: "Relatório de alterações" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Relatório de alterações" })).toBeVisible();
  const filters = admin.getByRole("search", { name: "Filtros" });
  await filters.getByRole("combobox", { name: "Tipo de registro" }).click();
  await admin.getByRole("option", { name: "Destinatário", exact: true }).click();
  const me = await adminName(request);
  await filters.getByRole("combobox", { name: "Usuário" }).click();
  await admin.getByPlaceholder("Pesquise o usuário...").fill(me);
  await admin.getByRole("option", { name: me, exact: true }).click();
  await filters.getByRole("button", { name: "Buscar" }).click();

  const row = admin.getByRole("table", { name: "Relatório de alterações" }).getByRole("row").filter({ hasText: `Nome: ${before} → ${after}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(me);
  await expect(row).toContainText("Destinatário");
  await expect(row).toContainText("Edição");
  await expect(row).toContainText(after);
  // Only recipients' entries, only by this user.
  for (const other of await admin.getByRole("table", { name: "Relatório de alterações" }).getByRole("row").all()) {
    if ((await other.getByRole("cell").count()) === 0) continue;
    await expect(other).toContainText("Destinatário");
  }

  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^relatorio-de-alteracoes_ate_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await file.path())!, "utf8");
  expect(text.startsWith("\uFEFFData;Usuário;Tipo de registro;Registro;Id do registro;Ação;Alterações\r\n")).toBe(true);
  const line = text.split("\r\n").find((l) => l.includes(`Nome: ${before} → ${after}`));
  expect(line).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2};${me};Destinatário;${after};[0-9a-f-]{36};Edição;Nome: ${before} → ${after}$`));
  expect(text.split("\r\n").slice(1, -1).every((l) => l.split(";")[2] === "Destinatário")).toBe(true);
});

test("a store has no 'Relatório de alterações': not in its menu, and the address is refused", async ({ page, request }) => {
  const store = await createStore(request);
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await expect(page.getByRole("link", { name: "Relatório de alterações" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Configurações" })).toHaveCount(0);
  await page.goto("/settings-audit-log");
  await expect(page).toHaveURL(/\/access-denied$/);
  await expect(page.getByText("Acesso negado.")).toBeVisible();
});

test("'Relatório de alterações' names every field and value in Portuguese: a pickup received, an API key, a deadline", async ({ admin, request }) => {
  // Three records are arranged through the API before the screen is driven.
  test.slow();
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const store = await createStore(request);
  const orderNumber = `AU${Date.now().toString().slice(-12)}01`;
  const created = await createPickupThroughApi(request, {
    pickupStoreName: store.username,
    pickupType: "Envio realizado via Correios",
    orderNumber,
    trackingCode: "AA123456789BR",
    customerFullName: "Clara Auditada",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 95555-4444",
    customerEmail: "clara.auditada@email.com",
    orderItems: ["SANDALIA 36 44556601"],
  });
  const storeHeaders = { authorization: `Bearer ${await apiLogin(request, store.email, store.password)}` };
  const received = await request.put(`/api/pickup/update/${created.id}`, { headers: storeHeaders, data: { pickupStatus: "Aguardando retirada" } });
  expect(received.status(), await received.text()).toBe(200);

  const keyName = `Plataforma ${Date.now().toString(36)}`;
  const key = await request.post("/api/api-keys/create", { headers, data: { name: keyName, scopes: ["picklists", "returns"] } });
  expect(key.status(), await key.text()).toBe(201);

  const { deadlines } = await (await request.get("/api/deadlines/get", { headers })).json();
  const hours = deadlines.picklistStartHours as number;
  const changed = await request.put("/api/deadlines/update", { headers, data: { ...deadlines, picklistStartHours: hours + 1 } });
  expect(changed.status(), await changed.text()).toBe(200);
  await request.put("/api/deadlines/update", { headers, data: { ...deadlines, picklistStartHours: hours } });

  await admin.getByRole("button", { name: "Configurações" }).click();
  await admin.getByRole("link", { name: "Relatório de alterações" }).click();
  const filters = admin.getByRole("search", { name: "Filtros" });
  const table = admin.getByRole("table", { name: "Relatório de alterações" });
  const show = async (entity: string) => {
    await filters.getByRole("combobox", { name: "Tipo de registro" }).click();
    await admin.getByRole("option", { name: entity, exact: true }).click();
    await filters.getByRole("button", { name: "Buscar" }).click();
  };

  await show("Retirada");
  const receipt = table.getByRole("row").filter({ hasText: orderNumber }).filter({ hasText: "Recebimento confirmado" });
  await expect(receipt).toContainText("Aguardando retirada desde");
  await expect(receipt).toContainText("Status");
  await expect(receipt).not.toContainText("waitingSince");
  await expect(receipt).not.toContainText("pickupStatus");

  await show("Chave de API");
  const keyRow = table.getByRole("row").filter({ hasText: keyName });
  await expect(keyRow).toContainText("Acessos");
  await expect(keyRow).toContainText("Listas de separação, Devoluções em loja");
  await expect(keyRow).not.toContainText("picklists");

  await show("Prazos");
  const deadlineRow = table.getByRole("row").filter({ hasText: `${hours} → ${hours + 1}` }).first();
  await expect(deadlineRow).toContainText("Horas para iniciar uma lista");
  await expect(deadlineRow).not.toContainText("picklistStartHours");

  // No key left behind: the keys' screen starts empty for the tests that follow on this server.
  const revoked = await request.delete(`/api/api-keys/delete/${(await key.json()).apiKey.id}`, { headers });
  expect(revoked.status(), await revoked.text()).toBe(200);
});
