import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { productItemText, withCheckDigit } from "@passo/domain";
import { adminToken, createStore, expect, signIn, test, type Account } from "./support/fixtures";

const contexts: BrowserContext[] = [];

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

let models = 0;

/** A model of its own for each test (a 6-digit reference), in sizes 41 to 43, each with a valid EAN-13 of prefix 789. */
function runnerModel() {
  const reference = String(100000 + ((Date.now() + ++models * 7919) % 900000));
  const sizes = ["41", "42", "43"].map((size) => ({
    sku: `${reference}${size}`,
    ean: withCheckDigit(`789${reference}${size}0`.slice(0, 12)),
    description: "TÊNIS RUNNER MASC PRETO",
    reference,
    size,
    color: "PRETO",
  }));
  return { reference, sizes, item: (size: (typeof sizes)[number]) => productItemText(size) };
}

/** Setup only: the catalog's rows, imported as other systems do (POST /api/products/import). */
async function importProducts(request: APIRequestContext, rows: ReturnType<typeof runnerModel>["sizes"]) {
  const res = await request.post("/api/products/import", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { dryRun: false, rows: rows.map((row, index) => ({ line: index + 2, ...row })) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Setup only: a list sent to a store, as 'Criar nova lista' does. */
async function createList(request: APIRequestContext, destination: string, listItems: string[]) {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function storeBrowser(browser: Browser, store: Account): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.goto("/picklist-pending");
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar separação" })).toBeVisible();
  return page;
}

test("an administrator creates a list with 3 pairs of one size, picked by the box's EAN from the model's grid", async ({ admin, request }) => {
  // Setup through the API, then the whole form by hand.
  test.slow();
  const model = runnerModel();
  await importProducts(request, model.sizes);
  const store = await createStore(request);
  const [size41, size42] = [model.sizes[0]!, model.sizes[1]!];

  await admin.goto("/picklist-create");
  await admin.getByRole("combobox", { name: "Loja de destino" }).click();
  await admin.getByRole("option", { name: store.username }).click();

  const picker = admin.getByRole("region", { name: "Produtos do catálogo" });
  await picker.getByRole("combobox", { name: "Buscar produto do catálogo" }).fill(size41.ean);
  await admin.keyboard.press("Enter");
  const sizes = picker.getByRole("group", { name: "Tamanho" });
  await expect(sizes.getByRole("button", { name: "Tamanho 41" })).toHaveAttribute("aria-pressed", "true");
  await sizes.getByRole("button", { name: "Tamanho 42" }).click();
  await picker.getByRole("textbox", { name: "Quantidade" }).fill("3");
  await picker.getByRole("button", { name: "Incluir" }).click();
  await expect(picker.getByRole("list", { name: "Produtos escolhidos" })).toHaveText(`3 × ${model.item(size42)}`);

  await admin.getByRole("button", { name: "Criar Lista" }).click();
  await expect(admin.getByText("Lista de separação criada com sucesso!")).toBeVisible();
  await expect(picker.getByRole("list", { name: "Produtos escolhidos" })).toHaveCount(0);

  const res = await request.get("/api/picklist/get", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    params: { store: store.username },
  });
  const { picklists } = (await res.json()) as { picklists: { destination: string; listItems: string[] }[] };
  expect(picklists.find((list) => list.destination === store.username)?.listItems).toEqual(Array(3).fill(model.item(size42)));
});

test("a store scans the box's EAN twice: two copies of the product are ticked, the card shows them as one line", async ({ browser, request }) => {
  // A second browser, signed in as the store.
  test.slow();
  const model = runnerModel();
  await importProducts(request, model.sizes);
  const size42 = model.sizes[1]!;
  const runner = model.item(size42);
  const storeA = await createStore(request);
  await createList(request, storeA.username, [runner, runner, runner, "MEIA ESPORTIVA 39 55566601"]);
  const store = await storeBrowser(browser, storeA);
  const card = store.getByRole("article");
  await card.getByRole("button", { name: "Iniciar" }).click();
  const field = card.getByRole("textbox", { name: "Escanear código" });
  await expect(field).toBeFocused();
  await expect(card.getByText(`3 × ${runner}`, { exact: true })).toBeVisible();
  await store.keyboard.type(`${size42.ean}\n`);
  await expect(card.getByText(`Produto separado: ${runner}`)).toBeVisible();
  await expect(card.getByText(`3 × ${runner} — 1 separado`, { exact: true })).toBeVisible();
  await store.keyboard.type(`${size42.ean}\n`);
  await expect(card.getByText(`3 × ${runner} — 2 separados`, { exact: true })).toBeVisible();
  await expect(card.getByText("50%")).toBeVisible();
  await expect(card.getByRole("button", { name: "2 Produtos separados" })).toBeVisible();
});

test("a scan says when the check digit is wrong, and when the product is not on the list", async ({ browser, request }) => {
  // A second browser, signed in as the store.
  test.slow();
  const model = runnerModel();
  await importProducts(request, model.sizes);
  const [size41, size42] = [model.sizes[0]!, model.sizes[1]!];
  const storeA = await createStore(request);
  await createList(request, storeA.username, [model.item(size42)]);
  const store = await storeBrowser(browser, storeA);
  const card = store.getByRole("article");
  await card.getByRole("button", { name: "Iniciar" }).click();
  await expect(card.getByRole("textbox", { name: "Escanear código" })).toBeFocused();

  const wrongDigit = `${size42.ean.slice(0, 12)}${(Number(size42.ean[12]) + 1) % 10}`;
  await store.keyboard.type(`${wrongDigit}\n`);
  await expect(card.getByText("Código de barras inválido.")).toBeVisible();
  await store.keyboard.type(`${size41.ean}\n`);
  await expect(card.getByText("Código não encontrado nesta lista.")).toBeVisible();
  await expect(card.getByText("0%")).toBeVisible();
});
