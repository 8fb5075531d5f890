import { readFileSync } from "node:fs";
import { expect, test } from "./support/fixtures";

// A model in four sizes; the size 40's barcode has a wrong check digit (…0404, not …0403).
const FILE = new URL("./fixtures/products-with-bad-row.csv", import.meta.url);
const BAD_EAN = "7899135700404";
const GOOD_EAN = "7899135700403";

test("an administrator imports a catalog file, fixes its bad row, finds a product by its barcode, opens its size grid and retires it", async ({ admin }) => {
  // Two file reads in a web worker and two rounds of requests: more than a plain screen's 30 s on a busy machine.
  test.setTimeout(90_000);
  await admin.getByRole("button", { name: "Configurações" }).click();
  await admin.getByRole("link", { name: "Produtos" }).click();
  await expect(admin).toHaveURL(/\/settings-products$/);
  await expect(admin.getByRole("heading", { level: 1, name: "Produtos" })).toBeVisible();

  await admin.getByRole("button", { name: "Importar produtos" }).click();
  const dialog = admin.getByRole("dialog", { name: "Importar produtos" });
  const csv = readFileSync(FILE, "utf8");
  await dialog.getByLabel("Arquivo CSV ou XLSX").setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(dialog.getByText(`Linha 4: Código de barras inválido: ${BAD_EAN}.`)).toBeVisible();
  await expect(dialog.getByText("1 linha com problema")).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Importar/ })).toBeDisabled();

  const fixed = csv.replace(BAD_EAN, GOOD_EAN);
  await dialog.getByLabel("Arquivo CSV ou XLSX").setInputFiles({ name: "catalogo.csv", mimeType: "text/csv", buffer: Buffer.from(fixed) });
  await expect(dialog.getByText("4 produtos novos, 0 a atualizar e 0 sem alteração.")).toBeVisible();
  await dialog.getByRole("button", { name: "Importar 4 produtos" }).click();
  await expect(admin.getByText("Catálogo importado: 4 produtos criados, 0 atualizados e 0 sem alteração.")).toBeVisible();
  await expect(dialog).toBeHidden();

  await admin.getByRole("searchbox", { name: "Pesquisar por SKU, código de barras ou descrição" }).fill("7899135700397");
  const table = admin.getByRole("table", { name: "Produtos" });
  await expect(table.getByRole("row")).toHaveCount(2);
  const row = table.getByRole("row").filter({ hasText: "91357039" });
  await expect(row).toContainText("SAPATILHA CORRIDA FEM AZUL");

  await row.getByRole("button", { name: "Grade de tamanhos do modelo de 91357039" }).click();
  const grid = admin.getByRole("dialog", { name: "Grade de tamanhos" });
  const sizes = grid.getByRole("table", { name: "Grade de tamanhos da referência 913570" });
  await expect(sizes.getByRole("columnheader")).toHaveText(["Tamanho", "38", "39", "40", "41"]);
  await expect(sizes.getByRole("row").filter({ hasText: "Código de barras" })).toContainText(GOOD_EAN);
  await grid.getByRole("button", { name: "Fechar" }).click();
  await expect(grid).toBeHidden();

  await row.getByRole("button", { name: "Desativar produto 91357039" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Desativar o produto 91357039?" });
  await confirm.getByRole("button", { name: "Desativar" }).click();
  await expect(admin.getByText("Produto desativado com sucesso!")).toBeVisible();
  await expect(table).toContainText("Nenhum produto encontrado.");

  await admin.getByRole("combobox", { name: "Situação" }).click();
  await admin.getByRole("option", { name: "Desativados", exact: true }).click();
  await expect(table.getByRole("row").filter({ hasText: "91357039" })).toContainText("Desativado");
});
