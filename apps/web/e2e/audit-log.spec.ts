import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL } from "./support/accounts";
import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";

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
