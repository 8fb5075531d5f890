import { expect, test } from "./support/fixtures";

test("Ctrl+B collapses the sidebar to icons and the choice survives a reload", async ({ admin }) => {
  const sidebar = admin.locator("[data-slot=sidebar]").first();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await admin.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await admin.reload();
  await expect(admin.locator("[data-slot=sidebar]").first()).toHaveAttribute("data-state", "collapsed");
  await admin.getByRole("banner").getByRole("button", { name: "Alternar barra lateral" }).click();
  await expect(admin.locator("[data-slot=sidebar]").first()).toHaveAttribute("data-state", "expanded");
});

test("the sidebar's groups open and close, 'Lista de separação' open by default", async ({ admin }) => {
  await expect(admin.getByRole("link", { name: "Criar nova lista" })).toBeVisible();
  await expect(admin.getByRole("link", { name: "Criar nova retirada" })).toBeHidden();
  await admin.getByRole("button", { name: "Retirada em loja" }).click();
  await expect(admin.getByRole("link", { name: "Criar nova retirada" })).toBeVisible();
  await admin.getByRole("link", { name: "Histórico de retiradas" }).click();
  await expect(admin).toHaveURL(/\/pickup-history$/);
  await expect(admin.getByRole("navigation", { name: "Navegação estrutural" })).toContainText("Histórico de retiradas");
});

test("Ctrl+K opens the command search, filters, and goes where it is told", async ({ admin }) => {
  // As a person does: once the screen's header, with its search, is there.
  await expect(admin.getByRole("banner").getByRole("button", { name: /Pesquise/ })).toBeVisible();
  await admin.keyboard.press("Control+k");
  const dialog = admin.getByRole("dialog");
  const input = dialog.getByPlaceholder("Pesquise...");
  await expect(input).toBeVisible();
  for (const heading of ["Lista de Separação", "Retirada em Loja", "Devoluções", "Configurações", "Outros"]) {
    await expect(dialog.getByText(heading, { exact: true })).toBeVisible();
  }
  await input.fill("xyzxyz");
  await expect(dialog.getByText("Nenhum resultado encontrado.")).toBeVisible();
  await input.fill("Modelos de e-mail");
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL(/\/settings-email-templates$/);
  await expect(dialog).toBeHidden();
});

test("the theme switcher offers Light, Dark and System and remembers the choice", async ({ admin }) => {
  await admin.getByRole("button", { name: "Alternar tema" }).click();
  await expect(admin.getByRole("menuitem", { name: "System" })).toBeVisible();
  await admin.getByRole("menuitem", { name: "Dark" }).click();
  await expect(admin.locator("html")).toHaveClass(/dark/);
  await admin.reload();
  await expect(admin.locator("html")).toHaveClass(/dark/);
  await admin.getByRole("button", { name: "Alternar tema" }).click();
  await admin.getByRole("menuitem", { name: "Light" }).click();
  await expect(admin.locator("html")).not.toHaveClass(/dark/);
});

test("on a phone the sidebar is an overlay opened from the header", async ({ admin }) => {
  await admin.setViewportSize({ width: 390, height: 800 });
  await expect(admin.getByRole("link", { name: "Criar nova lista" })).toBeHidden();
  await admin.getByRole("banner").getByRole("button", { name: "Alternar barra lateral" }).click();
  await expect(admin.getByRole("link", { name: "Criar nova lista" })).toBeVisible();
  await admin.getByRole("link", { name: "Histórico de envios" }).click();
  await expect(admin).toHaveURL(/\/picklist-shipment-history$/);
});
