import type { APIRequestContext } from "@playwright/test";
import { adminToken, apiLogin, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const RUNNER = "TENIS RUNNER 42 12345601";
const BOOT = "BOTA 40 11122203";

/** Setup only: a list sent to a store, as 'Criar nova lista' does; its 'Lista nº' comes back. */
async function createList(request: APIRequestContext, destination: string, listItems: string[]) {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).picklist as { id: string; number: number };
}

/** Setup only: the store starts and finishes a list with a transfer number, as its card does. */
async function finishList(request: APIRequestContext, store: Account, list: { id: string }, listItems: string[], numberTransfer: string) {
  const headers = { authorization: `Bearer ${await apiLogin(request, store.email, store.password)}` };
  const started = await request.put(`/api/picklist/update/${list.id}`, { headers, data: { currentStatus: "Em andamento" } });
  expect(started.status(), await started.text()).toBe(200);
  const finished = await request.put(`/api/picklist/update/${list.id}`, {
    headers,
    data: { completedItems: listItems, uncompletedItems: [], numberTransfer, currentStatus: "Concluído" },
  });
  expect(finished.status(), await finished.text()).toBe(200);
}

test("'Criar Lista' says why it is disabled, and after the creation the toast leads to the new list by its number", async ({ admin, request }) => {
  const store = await createStore(request);
  await admin.getByRole("link", { name: "Criar nova lista" }).click();
  const create = admin.getByRole("button", { name: "Criar Lista" });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription("Adicione ao menos um item à lista.");
  await expect(admin.getByText("Adicione ao menos um item à lista.")).toBeVisible();

  await admin.getByRole("combobox", { name: "Loja de destino" }).click();
  await admin.getByPlaceholder("Pesquise a loja...").fill(store.username);
  await admin.getByRole("option", { name: store.username, exact: true }).click();
  await admin.getByLabel("Adicionar produtos").fill(RUNNER);
  await admin.getByRole("button", { name: "Adicionar" }).click();
  await expect(create).toBeEnabled();
  await expect(admin.getByText("Adicione ao menos um item à lista.")).toBeHidden();
  await create.click();

  await expect(admin.getByText("Lista de separação criada com sucesso!")).toBeVisible();
  const open = admin.getByRole("button", { name: /^Ver lista nº \d+$/ });
  await expect(open).toBeVisible();
  const number = (await open.textContent())!.replace(/\D/g, "");
  await open.click();
  await expect(admin).toHaveURL(/\/picklist-shipment-history$/);
  await expect(admin.getByRole("searchbox", { name: "Pesquisa" })).toHaveValue(number);
  const rows = admin.getByRole("row").filter({ hasText: `Lista nº ${number}` });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(store.username);
});

test("the store's card is 'Lista nº', and a transfer number already used warns without blocking 'Finalizar'", async ({
  browser,
  request,
}) => {
  const store = await createStore(request);
  const earlier = await createList(request, store.username, [BOOT]);
  await finishList(request, store, earlier, [BOOT], "246810");
  const current = await createList(request, store.username, [RUNNER]);

  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, store.email, store.password);
    await expect(page).toHaveURL(/\/pickup-pending$/);
    await page.getByRole("link", { name: "Iniciar separação" }).click();
    const card = page.getByRole("article", { name: new RegExp(`^Lista nº ${current.number}\\b`) });
    await expect(card.getByRole("heading", { name: new RegExp(`^Lista nº ${current.number}\\b`) })).toBeVisible();

    await card.getByRole("button", { name: "Iniciar" }).click();
    await expect(card).toContainText("Em andamento");
    const transfer = card.getByRole("textbox", { name: "Número da transferência" });
    await transfer.fill("135790");
    await expect(card.getByRole("button", { name: "Finalizar" })).toBeEnabled();
    await expect(card.getByText(/já foi usado/)).toBeHidden();
    await transfer.fill("246810");
    const warning = `Este número de transferência já foi usado na lista nº ${earlier.number}.`;
    await expect(card.getByText(warning)).toBeVisible();
    await expect(transfer).toHaveAccessibleDescription(new RegExp(warning.replace(/\./g, "\\.")));
    await expect(card.getByRole("button", { name: "Finalizar" })).toBeEnabled();
  } finally {
    await context.close();
  }
});

test("'Prazos' wants every reminder day before the escalation day, and says so at the field", async ({ admin }) => {
  await admin.goto("/settings-deadlines");
  const days = admin.getByLabel("Dias dos lembretes ao cliente");
  await expect(days).toHaveValue(/\d/);
  await admin.getByLabel("Dia do escalonamento").fill("10");
  await days.fill("3, 12");
  await admin.getByRole("button", { name: "Salvar" }).click();
  await expect(days).toHaveAccessibleDescription(/Os dias de lembrete devem vir antes do dia do escalonamento\./);
  await expect(admin.getByText("Prazos atualizados com sucesso!")).toBeHidden();
});
