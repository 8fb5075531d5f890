import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { adminToken, apiLogin, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const RUNNER = "TENIS RUNNER 42 12345601";
const SANDAL = "SANDALIA 37 65432102";
const BOOT = "BOTA 40 11122203";

const storeContexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(storeContexts.splice(0).map((context) => context.close()));
});

/** A store signed in in a browser of its own (its own cookies and local storage). */
async function storeBrowser(browser: Browser, store: Account): Promise<Page> {
  const context = await browser.newContext();
  storeContexts.push(context);
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  return page;
}

/** Setup only: a list sent to a store, as 'Criar nova lista' does. */
async function createList(request: APIRequestContext, destination: string, listItems: string[]) {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).picklist as { id: string; number: number };
}

async function openPending(page: Page) {
  await page.getByRole("link", { name: "Iniciar separação" }).click();
  await expect(page).toHaveURL(/\/picklist-pending$/);
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
}

/** 'Finalizar', then the summary's own 'Finalizar' once it shows what the list ends with. */
async function finishList(page: Page, card: Locator, summary: string) {
  await card.getByRole("button", { name: "Finalizar" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Finalizar a lista de separação?" });
  await expect(dialog).toContainText(summary);
  await dialog.getByRole("button", { name: "Finalizar" }).click();
}

function cardWith(page: Page, item: string): Locator {
  return page.getByRole("article").filter({ hasText: item });
}

function rowsOf(page: Page, table: string, store: string): Locator {
  return page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: store });
}

async function pickStore(page: Page, scope: Locator | Page, name: string, store: string) {
  await scope.getByRole("combobox", { name }).click();
  await page.getByPlaceholder("Pesquise a loja...").fill(store);
  await page.getByRole("option", { name: store, exact: true }).click();
}

test("'Iniciar separação' arrives with its frame drawn, none of the store's data in it, and the page takes it over without an error", async ({ browser, request }) => {
  const store = await createStore(request);
  await createList(request, store.username, [RUNNER]);
  const page = await storeBrowser(browser, store);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const html = await (await request.get("/picklist-pending", { headers: { cookie } })).text();
  expect(html).toContain('data-frame="/picklist-pending"');
  expect(html).toContain("Inicie as listas de separação da loja, marque os produtos separados e finalize com o número da transferência.");
  for (const data of [store.username, store.email, RUNNER]) expect(html).not.toContain(data);

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/picklist-pending");
  await expect(cardWith(page, RUNNER)).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu do usuário" })).toBeVisible();
  await expect(page.locator("[data-frame]")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a store with more lists than a page sees the one it started first, how many there are, and the rest on asking", async ({ browser, request }) => {
  const store = await createStore(request);
  const started = await createList(request, store.username, [BOOT]);
  const storeToken = await apiLogin(request, store.email, store.password);
  const start = await request.put(`/api/picklist/update/${started.id}`, { headers: { authorization: `Bearer ${storeToken}` }, data: { currentStatus: "Em andamento" } });
  expect(start.status(), await start.text()).toBe(200);
  // 21 sent after it: the one started is the oldest, and still on the first page.
  for (let n = 0; n < 21; n++) await createList(request, store.username, [`${RUNNER} ${n}`]);
  const page = await storeBrowser(browser, store);
  await openPending(page);
  await expect(page.getByRole("article")).toHaveCount(20);
  await expect(page.getByRole("article").first()).toContainText("Em andamento");
  await expect(page.getByText("Mostrando 20 de 22 listas.")).toBeVisible();
  await page.getByRole("button", { name: "Mostrar mais listas" }).click();
  await expect(page.getByRole("article")).toHaveCount(22);
  await expect(page.getByText(/Mostrando/)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mostrar mais listas" })).toHaveCount(0);
});

test("the administrator sends a list, the store separates and finishes it, and the history shows it", async ({ admin, browser, request }) => {
  // Two or three browsers signed in at once.
  test.slow();
  const storeA = await createStore(request);
  const storeB = await createStore(request);

  await admin.getByRole("link", { name: "Criar nova lista" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Criar nova lista" })).toBeVisible();
  await expect(admin.getByText("Preencha o formulário abaixo para criar a lista de separação.")).toBeVisible();
  const create = admin.getByRole("button", { name: "Criar Lista" });
  await expect(create).toBeDisabled();
  await pickStore(admin, admin, "Loja de destino", storeA.username);
  for (const item of [RUNNER, SANDAL, BOOT]) {
    await admin.getByLabel("Adicionar produtos").fill(`  ${item} `);
    await admin.getByRole("button", { name: "Adicionar" }).click();
  }
  await expect(admin.getByRole("table", { name: "Lista de itens para separação" }).getByRole("row")).toHaveCount(4);
  await create.click();
  await expect(admin.getByText("Lista de separação criada com sucesso!")).toBeVisible();
  await expect(admin.getByText("Nenhum item adicionado.")).toBeVisible();
  await expect(admin.getByRole("combobox", { name: "Loja de destino" })).toHaveText("Selecione a loja...");
  await expect(create).toBeDisabled();

  await admin.getByRole("link", { name: "Processos de separação" }).click();
  const todayRow = rowsOf(admin, "Listas em andamento hoje", storeA.username);
  await expect(todayRow).toContainText("Não iniciado");
  await expect(todayRow.getByRole("button", { name: "3 itens" })).toBeVisible();

  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  // Found by the product left unseparated: a separated one moves into the closed 'Produtos separados' list.
  const card = cardWith(store, SANDAL);
  await expect(card).toContainText("Não iniciado");
  await expect(card.getByRole("button", { name: "Finalizar" })).toBeDisabled();
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(store.getByText("Lista de separação iniciada com sucesso!")).toBeVisible();
  await expect(card).toContainText("Em andamento");
  await expect(card.getByRole("button", { name: "Iniciar" })).toBeDisabled();

  await card.getByRole("checkbox", { name: RUNNER }).click();
  await expect(card.getByText("33%")).toBeVisible();
  await card.getByRole("checkbox", { name: BOOT }).click();
  await expect(card.getByText("67%")).toBeVisible();
  await expect(card.getByRole("progressbar", { name: "Progresso da separação" })).toHaveAttribute("aria-valuenow", "67");
  await card.getByRole("button", { name: "2 Produtos separados" }).click();
  await expect(card.getByRole("checkbox", { name: BOOT })).toBeChecked();

  const transfer = card.getByRole("textbox", { name: "Número da transferência" });
  await expect(card.getByText("O número da transferência deve conter 6 dígitos.")).toBeVisible();
  await transfer.fill("12345");
  await expect(card.getByRole("button", { name: "Finalizar" })).toBeDisabled();
  await transfer.fill("654321");
  await finishList(store, card, "2 separados · 1 não encontrado");
  await expect(store.getByText("Lista de separação finalizada com sucesso!")).toBeVisible();
  await expect(card).toContainText("Concluído");
  // The product left unticked is no longer one to separate: it was not found.
  await expect(card.getByRole("heading", { name: "Produtos a separar" })).toHaveCount(0);
  await expect(card.getByRole("list", { name: "Produtos não encontrados" }).getByRole("listitem").filter({ hasText: SANDAL })).toContainText("Não encontrado");
  await expect(card.getByRole("button", { name: "Finalizar" })).toBeDisabled();
  await expect(card.getByRole("switch", { name: "Produtos indisponíveis" })).toBeDisabled();
  await expect(transfer).toBeDisabled();
  await expect(transfer).toHaveValue("654321");

  // 'Buscar' asks again: a finished list is no longer pending.
  await store.getByRole("button", { name: "Buscar" }).click();
  await expect(store.getByText("Nenhuma lista de separação pendente")).toBeVisible();

  // The store's own history.
  await store.getByRole("link", { name: "Histórico de separações" }).click();
  const storeRow = rowsOf(store, "Histórico de separações", storeA.username);
  await expect(storeRow).toContainText("654321");
  await expect(storeRow).toContainText("Concluído");
  await storeRow.getByRole("button", { name: "3 itens" }).click();
  const storeItems = store.getByRole("list", { name: `Itens da lista de ${storeA.username}` });
  await expect(storeItems.getByRole("listitem").filter({ hasText: SANDAL })).toContainText("Não encontrado");
  await expect(storeItems.getByRole("listitem").filter({ hasText: RUNNER })).not.toContainText("Não encontrado");
  await store.keyboard.press("Escape");

  // The administrator's shipment history: duration, transfer number, and the items on hover.
  await admin.getByRole("link", { name: "Histórico de envios" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Historico de envios" })).toBeVisible();
  const historyRow = rowsOf(admin, "Histórico de envio", storeA.username);
  await expect(historyRow).toContainText("654321");
  await expect(historyRow.getByRole("cell").nth(4)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
  await expect(historyRow.getByRole("cell").nth(7)).toHaveText("Concluído");
  await historyRow.getByRole("button", { name: "3 itens" }).hover();
  const items = admin.getByRole("list", { name: `Itens da lista de ${storeA.username}` });
  await expect(items.getByRole("listitem").filter({ hasText: RUNNER })).toContainText(/^separado/);
  await expect(items.getByRole("listitem").filter({ hasText: SANDAL })).toContainText("Não encontrado");

  // Store B sees nothing of store A's.
  const other = await storeBrowser(browser, storeB);
  await openPending(other);
  await expect(other.getByText("Nenhuma lista de separação pendente")).toBeVisible();
  await other.getByRole("link", { name: "Histórico de separações" }).click();
  await expect(other.getByText("Histórico vazio")).toBeVisible();
  await expect(other.getByText(storeA.username)).toHaveCount(0);
});

test("a list finished with 'Produtos indisponíveis' lists its products under 'Produtos não encontrados'", async ({ admin, browser, request }) => {
  // Two or three browsers signed in at once.
  test.slow();
  const storeA = await createStore(request);
  await createList(request, storeA.username, [RUNNER, SANDAL]);

  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  const card = cardWith(store, RUNNER);
  await card.getByRole("button", { name: "Iniciar" }).click();
  await card.getByRole("checkbox", { name: SANDAL }).click();
  await expect(card.getByText("50%")).toBeVisible();

  const unavailable = card.getByRole("switch", { name: "Produtos indisponíveis" });
  await card.getByRole("textbox", { name: "Número da transferência" }).fill("12");
  // A product is ticked: switching on asks first; 'Cancelar' keeps the mark, 'Continuar' undoes it.
  await unavailable.click();
  const ask = store.getByRole("alertdialog", { name: "Produtos indisponíveis" });
  await expect(ask).toContainText("A marcação do produto separado será desfeita. Deseja continuar?");
  await ask.getByRole("button", { name: "Cancelar" }).click();
  await expect(ask).toHaveCount(0);
  await expect(unavailable).not.toBeChecked();
  await expect(card).toContainText("Em andamento");
  await expect(card.getByText("50%")).toBeVisible();
  await unavailable.click();
  await ask.getByRole("button", { name: "Continuar" }).click();
  await expect(card).toContainText("Não concluído");
  await expect(card.getByText("0%")).toBeVisible();
  await expect(card.getByRole("button", { name: "Nenhum produto separado" })).toBeVisible();
  await expect(card.getByRole("textbox", { name: "Número da transferência" })).toBeDisabled();

  // Switching it off gives back what was separated before.
  await unavailable.click();
  await expect(card).toContainText("Em andamento");
  await expect(card.getByText("50%")).toBeVisible();
  await expect(card.getByRole("button", { name: "1 Produto separado" })).toBeVisible();

  await unavailable.click();
  await ask.getByRole("button", { name: "Continuar" }).click();
  await expect(card).toContainText("Não concluído");
  await expect(card.getByRole("button", { name: "Finalizar" })).toBeEnabled();
  await finishList(store, card, "0 separados · 2 não encontrados");
  await expect(store.getByText("Lista de separação finalizada com sucesso!")).toBeVisible();
  for (const item of [RUNNER, SANDAL]) {
    await expect(card.getByRole("list", { name: "Produtos não encontrados" }).getByRole("listitem").filter({ hasText: item })).toContainText("Não encontrado");
  }
  await expect(unavailable).toBeDisabled();

  await admin.getByRole("button", { name: "Atualizar" }).click();
  const notFound = rowsOf(admin, "Produtos não encontrados", storeA.username);
  await expect(notFound).toHaveCount(2);
  await expect(notFound.filter({ hasText: RUNNER })).toHaveCount(1);
  await expect(notFound.filter({ hasText: SANDAL })).toHaveCount(1);
  await expect(rowsOf(admin, "Listas em andamento hoje", storeA.username)).toContainText("Não concluído");
  // A started list can no longer be edited nor deleted.
  await expect(admin.getByRole("button", { name: `Editar a lista de ${storeA.username}` })).toBeDisabled();
  await expect(admin.getByRole("button", { name: `Excluir a lista de ${storeA.username}` })).toBeDisabled();
});

test("a list redirected while the store has it open: 'Lista de separação indisponível'", async ({ admin, browser, request }) => {
  // Two or three browsers signed in at once.
  test.slow();
  const storeA = await createStore(request);
  const storeC = await createStore(request);
  await createList(request, storeA.username, [BOOT]);

  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  const card = cardWith(store, BOOT);
  await expect(card.getByRole("button", { name: "Iniciar" })).toBeEnabled();

  await admin.getByRole("button", { name: "Atualizar" }).click();
  await admin.getByRole("button", { name: `Editar a lista de ${storeA.username}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Editar lista de separação" });
  await pickStore(admin, dialog, "Loja de destino", storeC.username);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Lista de separação atualizada com sucesso!")).toBeVisible();
  await expect(rowsOf(admin, "Listas em andamento hoje", storeC.username)).toHaveCount(1);
  await expect(rowsOf(admin, "Listas em andamento hoje", storeA.username)).toHaveCount(0);

  // The live update takes the card's buttons away and says where the list went, before any click.
  await expect(store.getByText("Lista de separação indisponível")).toBeVisible();
  await expect(store.getByText(`A lista foi redirecionada para ${storeC.username}`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await store.getByRole("button", { name: "Buscar" }).click();
  await expect(store.getByText("Nenhuma lista de separação pendente")).toBeVisible();

  // The new store has it.
  const newStore = await storeBrowser(browser, storeC);
  await openPending(newStore);
  await expect(cardWith(newStore, BOOT)).toContainText("Não iniciado");
});

test("the shipment history pages on the server, and keeps 'Linhas:' and the filters across a reload", async ({ admin, request }) => {
  const store = await createStore(request);
  for (let n = 1; n <= 11; n++) await createList(request, store.username, [`PRODUTO ${n} 000${String(n).padStart(2, "0")}01`]);
  // One list finished, to filter by status.
  const storeToken = await apiLogin(request, store.email, store.password);
  const first = await createList(request, store.username, [RUNNER]);
  for (const data of [{ currentStatus: "Em andamento" }, { currentStatus: "Concluído", numberTransfer: "111222" }]) {
    const res = await request.put(`/api/picklist/update/${first.id}`, { headers: { authorization: `Bearer ${storeToken}` }, data });
    expect(res.status(), await res.text()).toBe(200);
  }

  await admin.getByRole("link", { name: "Histórico de envios" }).click();
  const filters = admin.getByRole("search", { name: "Filtros" });
  await pickStore(admin, filters, "Loja", store.username);
  await filters.getByRole("button", { name: "Filtrar" }).click();

  const table = admin.getByRole("table", { name: "Histórico de envio" });
  const bodyRows = table.getByRole("row").filter({ hasText: store.username });
  await expect(bodyRows).toHaveCount(8);
  await expect(admin.getByRole("combobox", { name: "Linhas:" })).toHaveText("8");
  await admin.getByRole("button", { name: "Página 2" }).click();
  await expect(bodyRows).toHaveCount(4);
  await expect(admin.getByRole("button", { name: "Página 2" })).toHaveAttribute("aria-current", "page");

  await admin.getByRole("combobox", { name: "Linhas:" }).click();
  await admin.getByRole("option", { name: "10" }).click();
  await expect(bodyRows).toHaveCount(10);
  await expect(admin.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");

  await admin.reload();
  await expect(admin.getByRole("combobox", { name: "Linhas:" })).toHaveText("10");
  await expect(admin.getByRole("search", { name: "Filtros" }).getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await expect(bodyRows).toHaveCount(10);
  await expect(table.getByRole("row")).toHaveCount(11);

  // The status filter too, and it survives a reload.
  await filters.getByRole("combobox", { name: "Status" }).click();
  await admin.getByRole("option", { name: "Concluído", exact: true }).click();
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(bodyRows).toHaveCount(1);
  await expect(bodyRows).toContainText("111222");
  await admin.reload();
  await expect(filters.getByRole("combobox", { name: "Status" })).toHaveText("Concluído");
  await expect(bodyRows).toHaveCount(1);

  await filters.getByRole("button", { name: "Limpar Filtros" }).click();
  await expect(filters.getByRole("combobox", { name: "Loja" })).toHaveText("Selecione a loja...");
  await expect(table.getByRole("row")).toHaveCount(11);
});

test("the store's separation history filters by status and keeps the filter across a reload", async ({ browser, request }) => {
  const storeA = await createStore(request);
  const storeToken = await apiLogin(request, storeA.email, storeA.password);
  await createList(request, storeA.username, [SANDAL]);
  const started = await createList(request, storeA.username, [BOOT]);
  const res = await request.put(`/api/picklist/update/${started.id}`, {
    headers: { authorization: `Bearer ${storeToken}` },
    data: { currentStatus: "Em andamento" },
  });
  expect(res.status()).toBe(200);

  const store = await storeBrowser(browser, storeA);
  await store.getByRole("link", { name: "Histórico de separações" }).click();
  const table = store.getByRole("table", { name: "Histórico de separações" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(store.getByRole("search", { name: "Filtros" }).getByRole("combobox", { name: "Loja" })).toHaveCount(0);

  const filters = store.getByRole("search", { name: "Filtros" });
  await filters.getByRole("combobox", { name: "Status" }).click();
  await store.getByRole("option", { name: "Em andamento" }).click();
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Em andamento");

  await store.reload();
  await expect(filters.getByRole("combobox", { name: "Status" })).toHaveText("Em andamento");
  await expect(table.getByRole("row")).toHaveCount(2);

  await filters.getByRole("combobox", { name: "Status" }).click();
  await store.getByRole("option", { name: "Concluído", exact: true }).click();
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(store.getByText("Histórico vazio")).toBeVisible();
});

test("the store separates a list with a barcode scanner in 'Escanear código'", async ({ browser, request }) => {
  test.slow();
  const storeA = await createStore(request);
  await createList(request, storeA.username, [RUNNER, SANDAL, BOOT]);

  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  // Its only list: the card is found by its role, as the separated products leave its visible text.
  const card = store.getByRole("article");
  await expect(card.getByRole("textbox", { name: "Escanear código" })).toHaveCount(0);
  await card.getByRole("button", { name: "Iniciar" }).click();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await expect(field).toBeVisible();
  // The browser offers no camera scanning here, so there is no camera button.
  await expect(card.getByRole("button", { name: "Escanear com a câmera" })).toHaveCount(0);

  // A scanner types the code and Enter; the product code, the full code and the end of the text all match.
  await field.click();
  await store.keyboard.type("654321\n");
  await expect(card.getByText("33%")).toBeVisible();
  await expect(field).toBeFocused();
  await store.keyboard.type("12345601\n");
  await expect(card.getByText("67%")).toBeVisible();
  await store.keyboard.type("40 11122203\n");
  await expect(card.getByText("100%")).toBeVisible();
  await expect(card.getByText("Todos os produtos foram separados.")).toBeVisible();
  await expect(card.getByRole("button", { name: "3 Produtos separados" })).toBeVisible();

  await store.keyboard.type("654321\n");
  await expect(card.getByText("Produto já separado.")).toBeVisible();
  await expect(card.getByText("100%")).toBeVisible();
  await store.keyboard.type("999999\n");
  await expect(card.getByText("Código não encontrado nesta lista.")).toBeVisible();
  await expect(field).toBeFocused();

  await card.getByRole("textbox", { name: "Número da transferência" }).fill("654321");
  await finishList(store, card, "3 separados · 0 não encontrados");
  await expect(store.getByText("Lista de separação finalizada com sucesso!")).toBeVisible();
  await expect(card).toContainText("Concluído");
  await expect(field).toHaveCount(0);

  // The server holds what was scanned.
  const lists = await request.get(`/api/picklist/get?destination=${encodeURIComponent(storeA.username)}`, {
    headers: { authorization: `Bearer ${await apiLogin(request, storeA.email, storeA.password)}` },
  });
  const [saved] = (await lists.json()).picklists as { completedItems: string[]; uncompletedItems: string[] }[];
  expect(saved?.completedItems).toEqual([SANDAL, RUNNER, BOOT]);
  expect(saved?.uncompletedItems).toEqual([]);
});

/** The browser's print dialog is replaced by a counter, so the test sees the sheet it would print. */
async function catchPrint(page: Page) {
  await page.evaluate(() => {
    const counted = window as unknown as { prints: number };
    counted.prints = 0;
    window.print = () => {
      counted.prints += 1;
    };
  });
}

const printCalls = (page: Page) => page.evaluate(() => (window as unknown as { prints: number }).prints);

/** Pages of a PDF Chromium rendered: one page object each. */
const pdfPageCount = (pdf: Buffer) => pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;

test("'Imprimir' prints a list on A4 pages, each item with its barcode and a tick box", async ({ admin, browser, request }) => {
  test.slow();
  const storeA = await createStore(request);
  const long = Array.from({ length: 14 }, (_, n) => `TENIS MODELO ${n + 1} 42 ${String(700000 + n)}${String(n % 10)}X`);
  const printed = await createList(request, storeA.username, long);
  await createList(request, storeA.username, [RUNNER, SANDAL, BOOT]);

  const store = await storeBrowser(browser, storeA);
  await openPending(store);
  await catchPrint(store);
  await cardWith(store, long[0]!).getByRole("button", { name: "Imprimir" }).click();
  await expect.poll(() => printCalls(store)).toBe(1);

  await store.emulateMedia({ media: "print" });
  const sheet = store.getByTestId("print-sheet");
  await expect(sheet).toBeVisible();
  await expect(store.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeHidden();
  await expect(sheet.getByRole("heading", { name: "Lista de separação" })).toHaveCount(2);
  await expect(sheet.getByText(storeA.username).first()).toBeVisible();
  await expect(sheet.getByText("Página 2 de 2")).toBeVisible();
  // The list's short number heads each page, as text and as a barcode, not its 36-character id.
  await expect(sheet.getByText(`Lista nº ${printed.number}`, { exact: true })).toHaveCount(2);
  await expect(sheet.locator(`svg[data-barcode="${printed.number}"]`)).toHaveCount(2);
  await expect(sheet.locator(`svg[data-barcode="${printed.id}"]`)).toHaveCount(0);
  for (const item of long) {
    await expect(sheet.getByRole("cell", { name: item, exact: true })).toBeVisible();
    const code = item.slice(-8);
    await expect(sheet.locator(`svg[data-barcode="${code}"]`)).toBeVisible();
    await expect(sheet.locator(`svg[data-barcode="${code}"] rect`).first()).toBeAttached();
  }
  // Black on white, whatever the theme.
  await store.evaluate(() => document.documentElement.classList.add("dark"));
  const colours = await sheet.evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: getComputedStyle(document.body).backgroundColor };
  });
  expect(colours).toEqual({ color: "rgb(0, 0, 0)", background: "rgb(255, 255, 255)" });
  expect(await store.pdf({ preferCSSPageSize: true }).then(pdfPageCount)).toBe(2);

  // The office prints a short list from its row: one page.
  await admin.getByRole("link", { name: "Processos de separação" }).click();
  await admin.getByRole("button", { name: "Atualizar" }).click();
  await catchPrint(admin);
  const row = rowsOf(admin, "Listas em andamento hoje", storeA.username).filter({ has: admin.getByRole("button", { name: "3 itens" }) });
  await row.getByRole("button", { name: `Imprimir a lista de ${storeA.username}` }).click();
  await expect.poll(() => printCalls(admin)).toBe(1);
  await admin.emulateMedia({ media: "print" });
  const office = admin.getByTestId("print-sheet");
  for (const item of [RUNNER, SANDAL, BOOT]) await expect(office.locator(`svg[data-barcode="${item.slice(-8)}"]`)).toBeVisible();
  await expect(office.getByText("Página 1 de 1")).toBeVisible();
  expect(await admin.pdf({ preferCSSPageSize: true }).then(pdfPageCount)).toBe(1);
});
