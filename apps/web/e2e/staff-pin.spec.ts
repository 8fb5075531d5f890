import { completeCpf } from "@passo/domain";
import type { BrowserContext, Page } from "@playwright/test";
import { adminToken, createStore, expect, signIn, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";
import { PHONE, TABLET, shootForIssue } from "./support/screenshots";

const ITEM = "TENIS RUNNER 42 12345601";
const CLERK = "Júlia Caixa";
const PIN = "2580";

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Types a PIN on the pad with the finger, digit by digit, then 'Confirmar'. */
async function tapPin(pad: ReturnType<Page["getByRole"]>, pin: string) {
  for (const digit of pin) await pad.getByRole("button", { name: digit, exact: true }).click();
  await pad.getByRole("button", { name: "Confirmar" }).click();
}

test("a store that requires PINs: the clerk's PIN signs 'Finalizar' and the handover, and the records name the clerk", async ({ admin, browser, baseURL, request }) => {
  test.slow();
  const store = await createStore(request);
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const created = await request.post("/api/picklist/create", { headers, data: { destination: store.username, listItems: [ITEM] } });
  expect(created.status()).toBe(201);
  const customerCpf = completeCpf(String(400000000 + (Date.now() % 500000000)).slice(0, 9));
  const orderNumber = `${Date.now()}`.slice(-13).padStart(16, "7");
  await createPickupThroughApi(request, {
    pickupStoreName: store.username,
    orderNumber,
    trackingCode: "123456",
    customerFullName: "Rita Cliente",
    customerCPF: customerCpf,
    customerPhone: "(41) 99999-9999",
    customerEmail: "rita@exemplo.com.br",
    orderItems: [ITEM],
  });

  // The office: 'Exigir PIN do atendente' on the store's user, and its first staff member.
  await admin.goto("/settings-manage-users");
  await admin.getByRole("searchbox", { name: "Pesquisar por loja, e-mail ou permissão" }).fill(store.username);
  await admin.getByRole("button", { name: `Editar usuário ${store.username}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar usuário" });
  await edit.getByRole("switch", { name: "Exigir PIN do atendente" }).click();
  await edit.getByRole("button", { name: "Novo atendente" }).click();
  const form = admin.getByRole("dialog", { name: "Novo atendente" });
  await form.getByLabel("Nome").fill(CLERK);
  const pinField = form.getByLabel("PIN");
  await expect(pinField).toHaveAttribute("type", "password");
  await expect(pinField).toHaveAttribute("inputmode", "numeric");
  await pinField.fill(PIN);
  await form.getByRole("button", { name: "Criar atendente" }).click();
  await expect(admin.getByText("Atendente criado com sucesso!")).toBeVisible();
  await expect(edit.getByRole("table", { name: `Atendentes de ${store.username}` }).getByRole("row").filter({ hasText: CLERK })).toBeVisible();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Usuário atualizado com sucesso!")).toBeVisible();

  // The store, on a tablet: 'Finalizar' asks 'Quem está atendendo?'.
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: TABLET });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.getByRole("link", { name: "Iniciar separação" }).click();
  // The store has this one list (once ticked, its item folds away under "1 Produto separado").
  const card = page.getByRole("article");
  await card.getByRole("button", { name: "Iniciar" }).click();
  await card.getByRole("checkbox", { name: ITEM }).click();
  await card.getByRole("textbox", { name: "Número da transferência" }).fill("123456");
  await card.getByRole("button", { name: "Finalizar" }).click();
  await page.getByRole("alertdialog", { name: "Finalizar a lista de separação?" }).getByRole("button", { name: "Finalizar" }).click();

  const pad = page.getByRole("dialog", { name: "Quem está atendendo?" });
  await expect(pad).toBeVisible();
  // A wrong PIN, typed on the keyboard: the server's 'PIN inválido.' in the pad, which stays for another try.
  await page.keyboard.type("1111");
  await page.keyboard.press("Enter");
  await expect(pad.getByRole("alert")).toHaveText("PIN inválido.");
  await page.keyboard.type("25");
  await expect(pad.getByRole("status")).toHaveAccessibleName("PIN: 2 de até 6 dígitos digitados");
  // The picture shows the pad alone: the ticks' toast is gone by then.
  await expect(page.getByText("Lista de separação atualizada com sucesso!")).toBeHidden({ timeout: 15_000 });
  await shootForIssue(31, page, "pin-pad", pad, { scroll: false, sizes: [TABLET, PHONE] });
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  // The right one, by touch.
  await tapPin(pad, PIN);
  await expect(pad).toBeHidden();
  await expect(card).toContainText("Concluído");
  await expect(card).toContainText(new RegExp(`Finalizado por\\s*${CLERK}`));

  // The handover: 'Confirmar retirada' asks again, and the receipt names the clerk.
  await page.goto("/pickup-pending");
  await page.getByRole("row").filter({ hasText: "Rita Cliente" }).getByRole("button", { name: /^Iniciar retirada/ }).click();
  const check = page.getByRole("dialog", { name: "Iniciar retirada" });
  await check.getByLabel("CPF de quem está retirando").fill(customerCpf);
  await expect(check.getByText("Autorizado!")).toBeVisible();
  await check.getByRole("button", { name: "Confirmar retirada" }).click();
  await tapPin(pad, PIN);
  await expect(page.getByText("Retirada confirmada com sucesso!")).toBeVisible();

  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await page.getByRole("status").filter({ hasText: `Pedido ${orderNumber} retirado` }).getByRole("button", { name: "Imprimir comprovante" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("print-sheet");
  await expect(printed.getByRole("heading", { name: "Comprovante de retirada" })).toBeVisible();
  await expect(printed).toContainText(new RegExp(`Entregue por\\s*${CLERK}`));
});
