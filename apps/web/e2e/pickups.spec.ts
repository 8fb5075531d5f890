import { readFileSync, writeFileSync } from "node:fs";
import { completeCpf, isValidCpf } from "@passo/domain";
import type { Browser, Locator, Page } from "@playwright/test";
import { adminToken, apiLogin, createStore, expect, signIn, test, type Account } from "./support/fixtures";

let sequence = 0;

/** A valid CPF: nine random digits and their two check digits. */
function newCpf(): string {
  const digits = Array.from({ length: 9 }, (_, i) => (i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10)));
  const cpf = completeCpf(digits.join(""));
  expect(isValidCpf(cpf), cpf).toBe(true);
  return cpf;
}

/** A 16-character order number no other test uses. */
function newOrderNumber(): string {
  return `${Date.now()}${String(++sequence).padStart(3, "0")}`.slice(-16).padStart(16, "7");
}

/** The smallest valid PDF: one blank page, with a correct cross-reference table. */
function writeTinyPdf(path: string) {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, body);
}

interface NewPickup {
  store: string;
  orderNumber: string;
  type: "Envio realizado via Correios" | "Disponível na loja";
  trackingCode: string;
  customerName: string;
  customerCpf: string;
  thirdParty?: { name: string; cpf: string };
  invoice: string | { name: string; mimeType: string; buffer: Buffer };
}

/** Fills 'Criar nova retirada' as the administrator does. */
async function fillPickupForm(page: Page, pickup: NewPickup) {
  await page.goto("/pickup-new-order");
  await expect(page.getByRole("heading", { level: 1, name: "Criar nova retirada" })).toBeVisible();
  await page.getByRole("combobox", { name: "Loja de retirada" }).click();
  await page.getByPlaceholder("Pesquise a loja...").fill(pickup.store);
  await page.getByRole("option", { name: pickup.store }).click();
  await page.getByRole("button", { name: "Data prevista para retirada" }).click();
  await page.getByRole("button", { name: /^Hoje, / }).click();
  await page.getByLabel("Número do pedido").fill(pickup.orderNumber);
  await page.getByRole("radio", { name: pickup.type }).check();
  await page.getByLabel("Código de rastreio / TR").fill(pickup.trackingCode);
  await page.getByLabel("Nota fiscal (NF-e)").setInputFiles(pickup.invoice);
  await page.getByLabel("Nome do cliente").fill(pickup.customerName);
  await page.getByLabel("CPF do cliente").fill(pickup.customerCpf);
  await page.getByLabel("Telefone do cliente").fill("41999998888");
  await page.getByLabel("E-mail do cliente").fill("cliente@exemplo.com");
  if (pickup.thirdParty) {
    await page.getByRole("switch", { name: "Autorizar retirada por terceiros" }).click();
    await page.getByLabel("Nome do terceiro").fill(pickup.thirdParty.name);
    await page.getByLabel("CPF do terceiro").fill(pickup.thirdParty.cpf);
  }
  await page.getByLabel("Adicionar produtos").fill("TENIS RUNNER 42 12345601");
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
}

async function storePage(browser: Browser, baseURL: string | undefined, store: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  return page;
}

function section(page: Page, name: string): Locator {
  return page.getByRole("region", { name });
}

function rowOf(scope: Page | Locator, text: string): Locator {
  return scope.getByRole("row").filter({ hasText: text });
}

/** The timeline popover of a row's operation type. */
async function openTimeline(page: Page, row: Locator): Promise<Locator> {
  await row.getByRole("button", { name: /Envio realizado via Correios|Disponível na loja/ }).click();
  return page.getByRole("dialog").filter({ has: page.getByRole("list", { name: "Linha do tempo do pedido" }) });
}

/** A confirmation closes itself on success and stays open (for a retry) on a refusal. */
async function closeConfirmation(page: Page, dialog: Locator) {
  await expect(async () => {
    if (await dialog.isVisible()) await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 500 });
  }).toPass();
}

function step(timeline: Locator, title: string): Locator {
  return timeline.getByRole("listitem").filter({ hasText: title });
}

test("'Iniciar retirada', a store's first screen, arrives with its frame drawn, none of the store's data in it, and the page takes it over without an error", async ({
  page,
  request,
}) => {
  const store = await createStore(request);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const html = await (await request.get("/pickup-pending", { headers: { cookie } })).text();
  expect(html).toContain('data-frame="/pickup-pending"');
  expect(html).toContain("Confirme o recebimento dos pedidos e a retirada pelo cliente ou por um terceiro autorizado.");
  for (const data of [store.username, store.email]) expect(html).not.toContain(data);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar retirada" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu do usuário" })).toBeVisible();
  await expect(page.locator("[data-frame]")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a Correios pickup goes from creation to a third party's collection, with its NF-e, timeline and history", async ({
  admin,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.slow();
  const store = await createStore(request);
  const customerCpf = newCpf();
  const thirdParty = { name: "João Terceiro", cpf: newCpf() };
  const orderNumber = newOrderNumber();
  const pdf = testInfo.outputPath("nfe.pdf");
  writeTinyPdf(pdf);

  await fillPickupForm(admin, {
    store: store.username,
    orderNumber,
    type: "Envio realizado via Correios",
    trackingCode: "AB123456789BR",
    customerName: "Maria Cliente",
    customerCpf,
    thirdParty,
    invoice: pdf,
  });
  await admin.getByRole("button", { name: "Criar retirada" }).click();
  await expect(admin.getByText("Retirada em loja criada com sucesso!")).toBeVisible();
  await expect(admin.getByLabel("Número do pedido")).toHaveValue("");

  // The administrator follows it in 'Em trânsito'.
  await admin.goto("/pickup-process");
  const inTransit = rowOf(section(admin, "Em trânsito"), orderNumber);
  await expect(inTransit).toContainText(store.username);
  await expect(inTransit).toContainText("Autorizado");
  await expect(inTransit).toContainText("João Terceiro");
  await expect(rowOf(section(admin, "Aguardando retirada"), orderNumber)).toHaveCount(0);
  const invoice = inTransit.getByRole("link", { name: `Abrir NF-e do pedido ${orderNumber}` });
  // The link's address carries no token: opening it asks for a one-minute ticket for this file.
  expect(await invoice.getAttribute("href")).not.toContain("token");
  const [ticketAnswer, download] = await Promise.all([
    admin.waitForResponse((res) => res.url().endsWith("/api/uploads/ticket") && res.request().method() === "POST"),
    admin.waitForEvent("download"),
    invoice.click(),
  ]);
  const { url: invoiceAddress } = (await ticketAnswer.json()) as { url: string };
  expect(invoiceAddress).toMatch(/\?ticket=[A-Za-z0-9_-]{43}$/);
  // The PDF is saved as a file (a sandboxed attachment), named after the order.
  expect(download.suggestedFilename()).toBe(`nfe-${orderNumber}.pdf`);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe("%PDF-");
  let timeline = await openTimeline(admin, inTransit);
  await expect(step(timeline, "Pedido de retirada em loja registrado")).toContainText("(concluído)");
  await expect(step(timeline, "Em trânsito")).toContainText("(etapa atual)");
  await expect(step(timeline, "Recebido em loja física")).toContainText("(pendente)");
  await expect(step(timeline, "Pedido retirado com sucesso!")).toContainText("(pendente)");
  await expect(timeline.getByRole("link", { name: /AB123456789BR/ })).toHaveAttribute(
    "href",
    "https://rastreamento.correios.com.br/app/index.php?objetos=AB123456789BR",
  );
  await admin.keyboard.press("Escape");

  // The store confirms receipt, then checks who collects.
  const counter = await storePage(browser, baseURL, store);
  let pending = rowOf(counter, "Maria Cliente");
  await expect(pending).toContainText(`***.***.${customerCpf.slice(6, 9)}-${customerCpf.slice(9)}`);
  await expect(pending).not.toContainText(customerCpf);
  await expect(pending.getByRole("link", { name: /AB123456789BR/ })).toHaveAttribute("target", "_blank");
  await pending.getByRole("button", { name: /^Confirmar recebimento/ }).click();
  const receipt = counter.getByRole("alertdialog");
  await expect(receipt).toContainText("Tem certeza de que deseja confirmar o recebimento? Essa ação não poderá ser desfeita.");
  await receipt.getByRole("button", { name: "Confirmar" }).click();
  await expect(counter.getByText("Recebimento confirmado com sucesso!")).toBeVisible();
  pending = rowOf(counter, "Maria Cliente");
  await expect(pending).toContainText("Aguardando retirada");

  // A scan of the order number at the counter opens its withdrawal check; an unknown one says so.
  const scan = counter.getByRole("textbox", { name: "Escanear pedido ou CPF" });
  await scan.click();
  await counter.keyboard.type("9999999999999999\n");
  await expect(counter.getByText("Nenhuma retirada pendente com este pedido ou CPF.")).toBeVisible();
  await counter.keyboard.type(`${orderNumber}\n`);
  const check = counter.getByRole("dialog", { name: "Iniciar retirada" });
  const cpfField = check.getByLabel("CPF de quem está retirando");
  await expect(cpfField).toHaveAttribute("type", "password");
  await cpfField.fill(newCpf());
  await expect(check.getByText("Não autorizado!")).toBeVisible();
  await expect(check.getByText("O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.")).toBeVisible();
  await expect(check.getByRole("button", { name: "Confirmar retirada" })).toBeDisabled();

  await cpfField.fill(thirdParty.cpf);
  await expect(check.getByText("Autorizado!")).toBeVisible();
  await expect(
    check.getByText("João Terceiro está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário."),
  ).toBeVisible();
  await check.getByRole("button", { name: "Confirmar retirada" }).click();
  await expect(counter.getByText("Retirada confirmada com sucesso!")).toBeVisible();
  await expect(check).toBeHidden();
  await expect(counter.getByText("Nenhum retirada em loja pendente.")).toBeVisible();
  // The counter is offered the receipt straight away.
  const handedOver = counter.getByRole("status").filter({ hasText: `Pedido ${orderNumber} retirado` });
  await expect(handedOver).toContainText(`Retirado por João Terceiro (terceiro autorizado), CPF ***.***.${thirdParty.cpf.slice(6, 9)}-${thirdParty.cpf.slice(9)}.`);
  await expect(handedOver.getByRole("button", { name: "Imprimir comprovante" })).toBeVisible();

  // The store finds it in its history.
  await counter.goto("/pickup-history-store");
  await counter.getByRole("searchbox", { name: "Pesquisa" }).fill(orderNumber);
  await counter.getByRole("button", { name: "Filtrar" }).click();
  const collected = rowOf(counter, "Maria Cliente");
  await expect(collected).toContainText("Pedido retirado");
  // The timeline says who collected it and who handed it over, and prints the receipt.
  const maskedThirdParty = `***.***.${thirdParty.cpf.slice(6, 9)}-${thirdParty.cpf.slice(9)}`;
  const storeTimeline = await openTimeline(counter, collected);
  const pickedUp = step(storeTimeline, "Pedido retirado com sucesso!");
  await expect(pickedUp).toContainText(`Retirado por João Terceiro (terceiro autorizado), CPF ${maskedThirdParty}`);
  await expect(pickedUp).toContainText(`Entregue por ${store.username}`);
  await counter.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await storeTimeline.getByRole("button", { name: "Imprimir comprovante" }).click();
  await expect(counter.locator("body")).toHaveAttribute("data-printed", "yes");
  await counter.emulateMedia({ media: "print" });
  const printed = counter.getByTestId("print-sheet");
  await expect(printed.getByRole("heading", { name: "Comprovante de retirada" })).toBeVisible();
  await expect(printed).toContainText(orderNumber);
  await expect(printed).toContainText(store.username);
  await expect(printed).toContainText(`Retirado por${"João Terceiro (terceiro autorizado), CPF " + maskedThirdParty}`);
  await expect(printed).toContainText(`Entregue por${store.username}`);
  await expect(printed).toContainText("Assinatura de quem retirou");
  await expect(printed).toContainText("NF-eAnexada ao pedido");
  await expect(printed).not.toContainText(".pdf");
  await expect(printed).not.toContainText(thirdParty.cpf);
  await expect(printed.locator(`svg[data-barcode="${orderNumber}"]`)).toBeVisible();
  expect(await counter.pdf({ preferCSSPageSize: true }).then((pdf) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length)).toBe(1);
  await counter.context().close();

  // The administrator sees the timeline complete, in the history.
  await admin.goto("/pickup-process");
  await expect(admin.getByRole("heading", { level: 2, name: "Aguardando retirada" })).toBeVisible();
  await expect(rowOf(admin, orderNumber)).toHaveCount(0);
  await admin.goto("/pickup-history");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Pesquisa" }).fill(customerCpf);
  await admin.getByRole("button", { name: "Filtrar" }).click();
  const done = rowOf(admin, orderNumber);
  await expect(done).toContainText("Pedido retirado");
  await expect(done).toContainText(store.username);
  timeline = await openTimeline(admin, done);
  for (const title of ["Pedido de retirada em loja registrado", "Recebido em loja física", "Pedido retirado com sucesso!"]) {
    await expect(step(timeline, title)).toContainText("(concluído)");
  }
  await expect(step(timeline, "Em trânsito")).toHaveCount(0);
  expect(JSON.parse((await admin.evaluate(() => localStorage.getItem("pickupFormData")))!)).toMatchObject({ search: customerCpf });
});

test("a 'Disponível na loja' pickup waits in the store straight away, and another store never sees it", async ({
  admin,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.slow();
  const store = await createStore(request);
  const otherStore = await createStore(request);
  const orderNumber = newOrderNumber();
  const pdf = testInfo.outputPath("nfe.pdf");
  writeTinyPdf(pdf);

  await fillPickupForm(admin, {
    store: store.username,
    orderNumber,
    type: "Disponível na loja",
    trackingCode: "123456",
    customerName: "Carla Balcão",
    customerCpf: newCpf(),
    invoice: pdf,
  });
  await admin.getByRole("button", { name: "Criar retirada" }).click();
  await expect(admin.getByText("Retirada em loja criada com sucesso!")).toBeVisible();

  await admin.goto("/pickup-process");
  const waiting = rowOf(section(admin, "Aguardando retirada"), orderNumber);
  await expect(waiting).toContainText("Não autorizado");
  await expect(rowOf(section(admin, "Em trânsito"), orderNumber)).toHaveCount(0);
  const timeline = await openTimeline(admin, waiting);
  await expect(step(timeline, "Recebido em loja física")).toHaveCount(0);
  await expect(step(timeline, "Em trânsito")).toHaveCount(0);
  await expect(timeline).toContainText("Número da transferência");
  await expect(timeline).toContainText("123456");

  const counter = await storePage(browser, baseURL, store);
  const row = rowOf(counter, "Carla Balcão");
  await expect(row.getByRole("button", { name: /^Iniciar retirada/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Confirmar recebimento/ })).toHaveCount(0);
  await counter.context().close();

  const other = await storePage(browser, baseURL, otherStore);
  await expect(other.getByText("Nenhum retirada em loja pendente.")).toBeVisible();
  await other.goto("/pickup-history-store");
  await other.getByRole("searchbox", { name: "Pesquisa" }).fill(orderNumber);
  await other.getByRole("button", { name: "Filtrar" }).click();
  await expect(other.getByText("Histórico vazio")).toBeVisible();
  await other.context().close();
});

test("a file that is not a PDF is refused with a clear message, and no pickup is created", async ({ admin, request }) => {
  const store = await createStore(request);
  const orderNumber = newOrderNumber();
  await fillPickupForm(admin, {
    store: store.username,
    orderNumber,
    type: "Envio realizado via Correios",
    trackingCode: "AB123456789BR",
    customerName: "Paulo Arquivo",
    customerCpf: newCpf(),
    invoice: { name: "nota.txt", mimeType: "text/plain", buffer: Buffer.from("isto não é um PDF") },
  });
  await admin.getByRole("button", { name: "Criar retirada" }).click();
  const invoiceField = admin.getByLabel("Nota fiscal (NF-e)");
  await expect(invoiceField).toHaveAccessibleDescription(/O arquivo deve ser o PDF ou o XML da NF-e\./);
  await expect(admin.getByLabel("Número do pedido")).toHaveValue(orderNumber);

  await admin.goto("/pickup-history");
  await admin.getByRole("searchbox", { name: "Pesquisa" }).fill(orderNumber);
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.getByText("Histórico vazio")).toBeVisible();
});

test("the administrator notifies the store, edits a pickup (the type re-derives its status) and deletes it", async ({ admin, request }) => {
  const store = await createStore(request);
  const orderNumber = newOrderNumber();
  // Setup through the API: the creation screen has its own tests.
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const pdf = test.info().outputPath("nfe.pdf");
  writeTinyPdf(pdf);
  const uploaded = await request.post("/api/uploads/nfe", {
    headers,
    multipart: { invoiceFileName: { name: "nfe.pdf", mimeType: "application/pdf", buffer: readFileSync(pdf) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const created = await request.post("/api/pickup/create", {
    headers,
    data: {
      pickupStoreName: store.username,
      scheduledPickupDate: today,
      pickupType: "Envio realizado via Correios",
      orderNumber,
      trackingCode: "AB123456789BR",
      invoiceFileName: (await uploaded.json()).filename,
      customerFullName: "Rita Edição",
      customerCPF: newCpf(),
      customerPhone: "(41) 98888-7777",
      customerEmail: "rita@exemplo.com",
      orderItems: ["BOTA 38 76543201"],
      authorizedThirdPartyPickup: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await admin.goto("/pickup-process");
  let row = rowOf(section(admin, "Em trânsito"), orderNumber);
  await row.getByRole("button", { name: "Rita Edição" }).click();
  const contact = admin.getByRole("dialog").filter({ hasText: "Contato" });
  await expect(contact).toContainText("(41) 98888-7777");
  await expect(contact.getByRole("link", { name: "rita@exemplo.com" })).toHaveAttribute("href", "mailto:rita@exemplo.com");
  await admin.keyboard.press("Escape");

  // In transit: the send-notification action sends an alert. (Whether it is queued depends on the
  // notification settings, which other specs may change: the kind asked for is what is checked.)
  await row.getByRole("button", { name: `Enviar notificação do pedido ${orderNumber}` }).click();
  let confirm = admin.getByRole("alertdialog", { name: "Enviar alerta à loja?" });
  const alert = admin.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/send-notification/"));
  await confirm.getByRole("button", { name: "Enviar notificação" }).click();
  expect(new URL((await alert).url()).pathname).toBe("/api/send-notification/pickup-alert");
  await closeConfirmation(admin, confirm);

  await row.getByRole("button", { name: `Editar retirada do pedido ${orderNumber}` }).click();
  const edit = admin.getByRole("dialog", { name: "Editar Retirada em loja" });
  await expect(edit.getByLabel("Telefone do cliente")).toHaveValue("(41) 98888-7777");
  await edit.getByRole("radio", { name: "Disponível na loja" }).check();
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit.getByLabel("Código de rastreio / TR")).toHaveAccessibleDescription(
    /Código de rastreamento deve ter 6 caracteres para retirada na loja\./,
  );
  await edit.getByLabel("Código de rastreio / TR").fill("654321");
  await edit.getByRole("switch", { name: "Autorizar retirada por terceiros" }).click();
  await edit.getByLabel("Nome do terceiro").fill("Beto Vizinho");
  await edit.getByLabel("CPF do terceiro").fill(newCpf());
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Retirada atualizada com sucesso!")).toBeVisible();
  await expect(edit).toBeHidden();

  await expect(rowOf(section(admin, "Em trânsito"), orderNumber)).toHaveCount(0);
  row = rowOf(section(admin, "Aguardando retirada"), orderNumber);
  await expect(row).toContainText("Disponível na loja");
  await expect(row).toContainText("Beto Vizinho");

  // Waiting in the store: a reminder.
  await row.getByRole("button", { name: `Enviar notificação do pedido ${orderNumber}` }).click();
  confirm = admin.getByRole("alertdialog", { name: "Enviar lembrete à loja?" });
  const reminder = admin.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/send-notification/"));
  await confirm.getByRole("button", { name: "Enviar notificação" }).click();
  expect(new URL((await reminder).url()).pathname).toBe("/api/send-notification/pickup-reminder");
  await closeConfirmation(admin, confirm);

  await row.getByRole("button", { name: `Excluir retirada do pedido ${orderNumber}` }).click();
  confirm = admin.getByRole("alertdialog", { name: "Tem certeza de que deseja excluir?" });
  await expect(confirm).toContainText("Esta ação é irreversível e os dados serão permanentemente excluídos.");
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(admin.getByText("Retirada excluída com sucesso!")).toBeVisible();
  await expect(rowOf(admin, orderNumber)).toHaveCount(0);
});

test("'Iniciar retirada' has one box: a CPF opens its pickup and the table shows only that customer's, until 'Limpar busca'", async ({
  admin,
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.slow();
  const store = await createStore(request);
  const pdf = testInfo.outputPath("nfe.pdf");
  writeTinyPdf(pdf);
  const customers = [
    { name: "Ana Busca", cpf: newCpf(), orderNumber: newOrderNumber() },
    { name: "Bruno Busca", cpf: newCpf(), orderNumber: newOrderNumber() },
  ];
  for (const customer of customers) {
    await fillPickupForm(admin, {
      store: store.username,
      orderNumber: customer.orderNumber,
      type: "Disponível na loja",
      trackingCode: "654321",
      customerName: customer.name,
      customerCpf: customer.cpf,
      invoice: pdf,
    });
    await admin.getByRole("button", { name: "Criar retirada" }).click();
    await expect(admin.getByText("Retirada em loja criada com sucesso!").first()).toBeVisible();
  }

  const counter = await storePage(browser, baseURL, store);
  await expect(rowOf(counter, "Ana Busca")).toBeVisible();
  await expect(rowOf(counter, "Bruno Busca")).toBeVisible();
  await expect(counter.getByRole("main").getByRole("textbox")).toHaveCount(1);
  const box = counter.getByRole("textbox", { name: "Escanear pedido ou CPF" });
  await box.fill(customers[0]!.cpf);
  await box.press("Enter");
  const check = counter.getByRole("dialog", { name: "Iniciar retirada" });
  await expect(check).toBeVisible();
  await counter.keyboard.press("Escape");
  await expect(check).toBeHidden();
  await expect(rowOf(counter, "Ana Busca")).toBeVisible();
  await expect(rowOf(counter, "Bruno Busca")).toHaveCount(0);
  await counter.getByRole("button", { name: "Limpar busca" }).click();
  await expect(rowOf(counter, "Bruno Busca")).toBeVisible();
  await counter.context().close();
});

test("a pickup whose CPF check a store blocked with wrong CPFs: the administrator unlocks it after confirming, with a toast", async ({ admin, request }) => {
  const store = await createStore(request);
  const orderNumber = newOrderNumber();
  const customerCpf = newCpf();
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const pdf = test.info().outputPath("nfe.pdf");
  writeTinyPdf(pdf);
  const uploaded = await request.post("/api/uploads/nfe", {
    headers,
    multipart: { invoiceFileName: { name: "nfe.pdf", mimeType: "application/pdf", buffer: readFileSync(pdf) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const created = await request.post("/api/pickup/create", {
    headers,
    data: {
      pickupStoreName: store.username,
      scheduledPickupDate: today,
      pickupType: "Disponível na loja",
      orderNumber,
      trackingCode: "CPF001",
      invoiceFileName: (await uploaded.json()).filename,
      customerFullName: "Lia Bloqueio",
      customerCPF: customerCpf,
      customerPhone: "(41) 97777-6666",
      customerEmail: "lia@exemplo.com",
      orderItems: ["SANDALIA 36 11223344"],
      authorizedThirdPartyPickup: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).pickup.id as string;

  // The store tries ten CPFs that are not the customer's: the check is blocked, the right CPF included.
  const storeHeaders = { authorization: `Bearer ${await apiLogin(request, store.email, store.password)}` };
  const check = (withdrawalCPF: string) => request.post(`/api/pickup/check-withdrawal/${id}`, { headers: storeHeaders, data: { withdrawalCPF } });
  for (let i = 0; i < 10; i++) {
    let guess = newCpf();
    while (guess === customerCpf) guess = newCpf();
    expect((await check(guess)).status()).toBe(200);
  }
  const blocked = await check(customerCpf);
  expect(blocked.status()).toBe(403);
  expect((await blocked.json()).error).toBe("Tentativas esgotadas. Peça a um administrador para liberar.");

  await admin.goto("/pickup-process");
  const row = rowOf(section(admin, "Aguardando retirada"), orderNumber);
  await expect(row).toContainText("Conferência de CPF bloqueada");
  await row.getByRole("button", { name: `Liberar conferência de CPF do pedido ${orderNumber}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Liberar a conferência de CPF?" });
  await expect(confirm).toContainText(`A loja ${store.username} digitou 10 CPFs errados para o pedido ${orderNumber}`);
  await confirm.getByRole("button", { name: "Liberar conferência" }).click();
  await expect(admin.getByText("Conferência de CPF liberada com sucesso!")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole("button", { name: `Liberar conferência de CPF do pedido ${orderNumber}` })).toHaveCount(0);
  await expect(row).not.toContainText("Conferência de CPF bloqueada");

  const after = await check(customerCpf);
  expect(after.status()).toBe(200);
  expect((await after.json()).authorized).toBe(true);
});
