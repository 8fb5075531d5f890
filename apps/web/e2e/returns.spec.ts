import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { adminToken, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;
let sequence = 0;

/** A unique 16-character order number. */
function orderNumber(): string {
  return `DV${Date.now().toString().slice(-10)}${String(++sequence).padStart(4, "0")}`;
}

/** A CPF that passes the check-digit test, unique per call. */
function cpf(): string {
  const base = `${Date.now() % 1_000_000}${String(++sequence).padStart(3, "0")}`.padStart(9, "1").slice(-9);
  const digit = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const all = `${base}${first}${digit(`${base}${first}`)}`;
  return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}`;
}

/** Registers a return through the API: setup for the flows that are not about creating one. */
async function createReturn(request: APIRequestContext, fields: { orderNumber: string; customerCPF: string }) {
  const token = await adminToken(request);
  const res = await request.post("/api/return/create", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      ...fields,
      customerFullName: "Cliente Devolução API",
      customerPhone: "(41) 98888-7777",
      customerEmail: "cliente.api@email.com",
      returnItems: ["SAPATENIS 41 55501201"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A store signed in in a browser context of its own, beside the administrator's. */
async function openStore(browser: Browser, account: Account): Promise<Page> {
  const { baseURL, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  return page;
}

function rowOf(scope: Page | Locator, order: string): Locator {
  return scope.getByRole("row").filter({ hasText: order });
}

function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notificações/ }).getByText(text);
}

async function findAtCounter(store: Page, search: string) {
  await store.goto("/return-store");
  await expect(store.getByRole("heading", { level: 1, name: "Receber devolução" })).toBeVisible();
  // One box scans and searches: what is typed, then Enter, as a scanner sends it.
  await store.getByPlaceholder("Pesquise por CPF ou Número do pedido...").fill(search);
  await store.getByPlaceholder("Pesquise por CPF ou Número do pedido...").press("Enter");
}

test("the administrator registers a return, store A takes it in by CPF, and the administrator completes it", async ({
  admin,
  browser,
  request,
}) => {
  // Two people, five screens: more than the default budget on a busy machine.
  test.slow();
  const storeA = await createStore(request);
  const order = orderNumber();
  const customerCpf = cpf();

  await admin.goto("/return-new");
  await expect(admin.getByRole("heading", { level: 1, name: "Criar nova devolução" })).toBeVisible();
  await admin.getByRole("button", { name: "Criar Devolução" }).click();
  for (const message of [
    "Informe o número do pedido.",
    "Informe o nome do cliente.",
    "Informe o CPF do cliente.",
    "Informe o telefone do cliente.",
    "Informe o e-mail do cliente.",
    "Informe ao menos um item no pedido.",
  ]) {
    await expect(admin.getByRole("alert").filter({ hasText: message })).toBeVisible();
  }

  await admin.getByLabel("Número do pedido").fill("123");
  await expect(admin.getByText("Número do pedido deve conter 16 caracteres.")).toBeVisible();
  await admin.getByLabel("CPF").fill("111.111.111-11");
  await expect(admin.getByText("CPF inválido.")).toBeVisible();
  await admin.getByLabel("Telefone").fill("4199999");
  await expect(admin.getByText("Formato de telefone inválido. Ex: (41) 99999-9999")).toBeVisible();

  await admin.getByLabel("Número do pedido").fill(order);
  await admin.getByLabel("Nome do cliente").fill("Ana Devolução");
  await admin.getByLabel("CPF").fill(customerCpf.replace(/\D/g, ""));
  await expect(admin.getByLabel("CPF")).toHaveValue(customerCpf);
  await admin.getByLabel("Telefone").fill("41999998888");
  await expect(admin.getByLabel("Telefone")).toHaveValue("(41) 99999-8888");
  await admin.getByLabel("E-mail").fill("ana.devolucao@email.com");
  await admin.getByLabel("Adicionar produtos").fill("TENIS RUNNER 42 12345601");
  await admin.getByRole("button", { name: "Adicionar", exact: true }).click();
  await admin.getByRole("button", { name: "Criar Devolução" }).click();
  await expect(toast(admin, "Devolução criada com sucesso!")).toBeVisible();
  await expect(admin.getByLabel("Número do pedido")).toHaveValue("");

  await admin.goto("/return-process");
  await expect(admin.getByRole("heading", { level: 1, name: "Processos de devoluçoes" })).toBeVisible();
  const pending = admin.getByRole("region", { name: "Devolução pendente" });
  await expect(rowOf(pending, order)).toContainText("Devolução pendente");

  const store = await openStore(browser, storeA);
  await store.goto("/return-store");
  await expect(store.getByText("Aqui ira aparecer as devoluções")).toBeVisible();
  // Only the exact CPF or order number finds a return nobody has taken in yet.
  await findAtCounter(store, customerCpf.slice(0, 7));
  await expect(store.getByText("Aqui ira aparecer as devoluções")).toBeVisible();
  await expect(rowOf(store, order)).toHaveCount(0);
  // The exact CPF of the one pending return opens it straight away, and lists it behind the dialog.
  await findAtCounter(store, customerCpf);
  const dialog = store.getByRole("dialog", { name: "Iniciar devolução" });
  await expect(dialog).toContainText(`Pedido ${order} · Ana Devolução`);
  await store.keyboard.press("Escape");
  const found = rowOf(store, order);
  await expect(found).toContainText("Ana Devolução");
  await expect(found).toContainText(`***.***.${customerCpf.slice(8)}`);
  await expect(found).toContainText("Devolução pendente");
  await found.getByRole("button", { name: "Iniciar devolução" }).click();
  await expect(dialog.getByRole("button", { name: "Concluír" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "Aceitar devolução" }).check();
  await dialog.getByRole("button", { name: "Concluír" }).click();
  await expect(toast(store, "Devolução recebida com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(found).toContainText("Devolvido em loja física");
  await expect(found.getByRole("button", { name: "Iniciar devolução" })).toBeDisabled();

  await admin.getByRole("button", { name: "Atualizar" }).click();
  await expect(rowOf(pending, order)).toHaveCount(0);
  const received = rowOf(admin.getByRole("region", { name: "Devoluções" }), order);
  await expect(received).toContainText(storeA.username);
  await received.getByRole("button", { name: "Concluir" }).click();
  const complete = admin.getByRole("dialog", { name: "Concluir devolução em loja físisca" });
  const transfer = complete.getByLabel("Número da transferência");
  await transfer.fill("TR-12345");
  await expect(complete.getByRole("button", { name: "Concluir" })).toBeDisabled();
  await transfer.fill("TR-123456");
  await complete.getByRole("button", { name: "Concluir" }).click();
  await expect(toast(admin, "Devolução concluída com sucesso!")).toBeVisible();
  await expect(received).toHaveCount(0);

  await admin.goto("/return-history");
  await expect(admin.getByRole("heading", { level: 1, name: "Historico de devolução" })).toBeVisible();
  await admin.getByPlaceholder("Pesquise por CPF ou Número do pedido...").fill(order);
  await admin.getByRole("button", { name: "Filtrar" }).click();
  const done = rowOf(admin, order);
  await expect(done).toContainText("Devolução concluída");
  await expect(done).toContainText(storeA.username);
  await done.getByRole("button", { name: "TR-123456" }).click();
  await expect(admin.getByRole("dialog").getByText("Data da transferência")).toBeVisible();

  await store.goto("/return-history-store");
  await expect(rowOf(store, order)).toContainText("Devolução concluída");
  await store.context().close();
});

test("a return refused with a reason shows so in the store's and the administrator's histories", async ({
  admin,
  browser,
  request,
}) => {
  test.slow();
  const storeB = await createStore(request);
  const order = orderNumber();
  await createReturn(request, { orderNumber: order, customerCPF: cpf() });

  const store = await openStore(browser, storeB);
  // The order number scanned at the counter opens the pending return straight away.
  await store.goto("/return-store");
  await store.getByRole("textbox", { name: "Escanear pedido ou CPF" }).click();
  await store.keyboard.type(`${order}\n`);
  const dialog = store.getByRole("dialog", { name: "Iniciar devolução" });
  await dialog.getByRole("radio", { name: "Recusar devolução" }).check();
  const reasons = dialog.getByRole("radiogroup", { name: "Motivo da recusa" });
  for (const reason of ["Produto com sinais de uso", "Produto sem a nota fiscal", "Produto sem a caixa original"]) {
    await expect(reasons.getByRole("radio", { name: reason })).toBeVisible();
  }
  await expect(dialog.getByRole("button", { name: "Concluír" })).toBeDisabled();
  await reasons.getByRole("radio", { name: "Produto sem a caixa original" }).check();
  await dialog.getByRole("button", { name: "Concluír" }).click();
  await expect(toast(store, "Devolução recusada com sucesso!")).toBeVisible();
  await expect(rowOf(store, order)).toContainText("Devolução recusada");

  // The store prints the refusal's receipt, with the reason.
  await store.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await rowOf(store, order).getByRole("button", { name: `Imprimir comprovante do pedido ${order}` }).click();
  await expect(store.locator("body")).toHaveAttribute("data-printed", "yes");
  await store.emulateMedia({ media: "print" });
  const printed = store.getByTestId("print-sheet");
  await expect(printed.getByRole("heading", { name: "Comprovante de devolução" })).toBeVisible();
  await expect(printed).toContainText(order);
  await expect(printed).toContainText(`Loja${storeB.username}`);
  await expect(printed).toContainText("ResultadoDevolução recusada");
  await expect(printed).toContainText("Motivo da recusaProduto sem a caixa original");
  await expect(printed).toContainText("Assinatura do cliente");
  await store.emulateMedia({ media: "screen" });

  await store.goto("/return-history-store");
  await expect(store.getByRole("heading", { level: 1, name: "Histórico de devoluções" })).toBeVisible();
  const storeRow = rowOf(store, order);
  await expect(storeRow).toContainText("Devolução recusada");
  await expect(storeRow).toContainText("Motivo: Produto sem a caixa original");
  await expect(storeRow).toContainText(storeB.username);
  await store.context().close();

  await admin.goto("/return-history");
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: storeB.username }).click();
  await admin.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Devolução recusada" }).click();
  await admin.getByRole("button", { name: "Filtrar" }).click();
  const adminRow = rowOf(admin, order);
  await expect(adminRow).toContainText("Devolução recusada");
  await expect(adminRow).toContainText("Motivo: Produto sem a caixa original");
  await expect(admin.getByRole("row")).toHaveCount(2);

  // The filters are kept under returnObjFormData and come back after a reload.
  await admin.reload();
  await expect(admin.getByRole("combobox", { name: "Loja" })).toContainText(storeB.username);
  await expect(rowOf(admin, order)).toContainText("Devolução recusada");
  await admin.getByRole("button", { name: "Limpar Filtros" }).click();
  await expect(admin.getByRole("combobox", { name: "Loja" })).toContainText("Selecione a loja...");
});

test("'Confirmar Expiração' waits for 30 days: disabled for a fresh return, and the server holds the line", async ({
  admin,
  request,
}) => {
  const order = orderNumber();
  await createReturn(request, { orderNumber: order, customerCPF: cpf() });

  await admin.goto("/return-process");
  let row = rowOf(admin.getByRole("region", { name: "Devolução pendente" }), order);
  await expect(row.getByRole("button", { name: "Confirmar Expiração" })).toBeDisabled();
  await expect(row).not.toContainText("há mais de 30 dias");

  // The browser believes 31 days have passed: the date turns red and the button opens up. The server
  // keeps its own clock and refuses; a real expiry of an old return is covered by the API's tests.
  await admin.clock.setFixedTime(new Date(Date.now() + 31 * DAY_MS));
  await admin.reload();
  row = rowOf(admin.getByRole("region", { name: "Devolução pendente" }), order);
  await expect(row).toContainText("há mais de 30 dias");
  const expire = row.getByRole("button", { name: "Confirmar Expiração" });
  await expect(expire).toBeEnabled();
  await expire.click();
  await expect(toast(admin, "A devolução só pode ser expirada após 30 dias.")).toBeVisible();
  await expect(row).toContainText("Devolução pendente");
});

test("the administrator edits and deletes a pending return", async ({ admin, request }) => {
  test.slow();
  const order = orderNumber();
  await createReturn(request, { orderNumber: order, customerCPF: cpf() });

  await admin.goto("/return-process");
  const row = rowOf(admin.getByRole("region", { name: "Devolução pendente" }), order);
  await row.getByRole("button", { name: "Editar devolução" }).click();
  const dialog = admin.getByRole("dialog", { name: "Editar Devolução em loja" });
  await dialog.getByLabel("Telefone").fill("4133");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Formato de telefone inválido. Ex: (41) 99999-9999")).toBeVisible();
  await dialog.getByLabel("Telefone").fill("41977776666");
  await dialog.getByLabel("Adicionar produtos").fill("CHINELO 39 99988801");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(admin, "Devolução atualizada com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("button", { name: "2 itens" })).toBeVisible();
  await row.getByRole("button", { name: "Cliente Cliente Devolução API" }).click();
  await expect(admin.getByRole("dialog").getByText("(41) 97777-6666")).toBeVisible();
  await admin.keyboard.press("Escape");

  await row.getByRole("button", { name: "Excluir devolução" }).click();
  await admin.getByRole("alertdialog", { name: "Tem certeza de que deseja excluir?" }).getByRole("button", { name: "Excluir" }).click();
  await expect(toast(admin, "Devolução excluída com sucesso!")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("'Receber devolução' has one box: a CPF with one pending return opens it and the table shows only that customer's", async ({
  browser,
  request,
}) => {
  test.slow();
  const account = await createStore(request);
  const first = { orderNumber: orderNumber(), customerCPF: cpf() };
  const second = { orderNumber: orderNumber(), customerCPF: cpf() };
  await createReturn(request, first);
  await createReturn(request, second);

  const store = await openStore(browser, account);
  await store.goto("/return-store");
  await expect(store.getByRole("textbox")).toHaveCount(1);
  const box = store.getByRole("textbox", { name: "Escanear pedido ou CPF" });
  await expect(box).toHaveAttribute("placeholder", "Pesquise por CPF ou Número do pedido...");
  await box.fill(first.customerCPF);
  await box.press("Enter");
  const dialog = store.getByRole("dialog", { name: "Iniciar devolução" });
  await expect(dialog).toBeVisible();
  await store.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(rowOf(store, first.orderNumber)).toBeVisible();
  await expect(rowOf(store, second.orderNumber)).toHaveCount(0);

  await box.fill(second.orderNumber);
  await box.press("Enter");
  await expect(dialog).toBeVisible();
  await store.keyboard.press("Escape");
  await expect(rowOf(store, second.orderNumber)).toBeVisible();
  await expect(rowOf(store, first.orderNumber)).toHaveCount(0);
});
