import type { APIRequestContext, Page } from "@playwright/test";
import pg from "pg";
import { adminToken, apiLogin, createStore, expect, signIn, test, type Account } from "./support/fixtures";
import { E2E_DATABASE_URL, POSTGRES_BASE_URL } from "./support/servers";

// Pickups that have waited for days and refused returns are arranged in the database itself: this runs on the PostgreSQL server.
test.use({ baseURL: POSTGRES_BASE_URL });

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_INVOICE = "Produto sem a nota fiscal";

/** Setup only: pickups waiting at a store for so many days, and returns it refused today for a reason. */
async function arrange(store: string, waitingDays: number[], refused: string[]) {
  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    for (const [i, days] of waitingDays.entries()) {
      await db.query(
        `INSERT INTO pickups (pickup_store_name, scheduled_pickup_date, pickup_type, order_number, tracking_code, invoice_file_name,
           customer_full_name, customer_cpf, customer_phone, customer_email, pickup_status, waiting_since)
         VALUES ($1, now(), 'Disponível na loja', $2, 'TR7788', 'nota.pdf', 'Clara Esquecida', '52998224725', '41955554444',
           'clara@email.com', 'Aguardando retirada', $3)`,
        [store, `PA${Date.now().toString().slice(-10)}${i}`, new Date(Date.now() - days * DAY_MS)],
      );
    }
    for (const [i, reason] of refused.entries()) {
      await db.query(
        `INSERT INTO returns (order_number, customer_cpf, customer_full_name, customer_phone, customer_email, return_items,
           return_status, reason_for_refusal, return_store)
         VALUES ($1, '52998224725', 'Rita Recusada', '41955554444', 'rita@email.com', '{SAPATENIS 41 55501201}', 'Devolução recusada', $2, $3)`,
        [`PR${Date.now().toString().slice(-10)}${i}`, reason, store],
      );
    }
  } finally {
    await db.end();
  }
}

async function sendList(request: APIRequestContext, destination: string, item: string): Promise<string> {
  const res = await request.post("/api/picklist/create", {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { destination, listItems: [item] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).picklist.id as string;
}

/** Setup only: the store starts a list and finishes it without finding its item. */
async function finishUnfound(request: APIRequestContext, store: Account, id: string) {
  const token = await apiLogin(request, store.email, store.password);
  for (const data of [{ currentStatus: "Em andamento" }, { currentStatus: "Concluído", numberTransfer: "111222" }]) {
    const res = await request.put(`/api/picklist/update/${id}`, { headers: { authorization: `Bearer ${token}` }, data });
    expect(res.status(), await res.text()).toBe(200);
  }
}

const card = (page: Page, title: string) => page.locator("[data-slot=card]").filter({ has: page.getByText(title, { exact: true }) });

test("the office follows a store's waiting pickups, a refusal reason, a day's bar and a product code into the screens behind them, filtered", async ({ admin, request }) => {
  const store = await createStore(request);
  await arrange(store.username, [1, 4, 20], [NO_INVOICE, NO_INVOICE]);
  await sendList(request, store.username, "TENIS 40 12345600");
  const product = `BOTA SUMIDA ${Date.now().toString().slice(-8)}`;
  await finishUnfound(request, store, await sendList(request, store.username, product));

  await admin.goto("/dashboards");
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: store.username }).click();

  // Pickups waiting by age: the store's bar is a link, followed here by the keyboard.
  const ages = card(admin, "Retiradas aguardando por tempo de espera");
  await expect(ages.getByRole("table", { name: "Retiradas aguardando por tempo de espera" })).toContainText(`${store.username}1101`);
  await ages.getByRole("link", { name: store.username }).focus();
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL(/\/pickup-history$/);
  let filters = admin.getByRole("search", { name: "Filtros" });
  await expect(filters.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await expect(filters.getByRole("combobox", { name: "Status" })).toHaveText("Aguardando retirada");
  await expect(admin.getByRole("row").filter({ hasText: "Clara Esquecida" })).toHaveCount(3);

  // A refusal reason, clicked: the store's refused returns of the period.
  // Back on the dashboard, its filters are where they were: they live in its address.
  await admin.goBack();
  await expect(admin).toHaveURL(/\/dashboards\?.*store=/);
  await expect(admin.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  const reasons = card(admin, "Motivos de recusa");
  await expect(reasons.getByRole("link", { name: new RegExp(`^${NO_INVOICE}`) })).toContainText("2");
  await reasons.getByRole("link", { name: new RegExp(`^${NO_INVOICE}`) }).click();
  await expect(admin).toHaveURL(/\/return-history$/);
  filters = admin.getByRole("search", { name: "Filtros" });
  await expect(filters.getByRole("combobox", { name: "Status" })).toHaveText("Devolução recusada");
  await expect(admin.getByRole("row").filter({ hasText: "Rita Recusada" })).toHaveCount(2);

  // A day's bar of 'Listas enviadas por dia', through the chart's table of links, by the keyboard.
  await admin.goBack();
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: store.username }).click();
  const today = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit" }).format(new Date());
  const bar = admin.getByRole("link", { name: `1 Não iniciado, ${today}` });
  await bar.focus();
  await expect(bar).toBeVisible();
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL(/\/picklist-shipment-history$/);
  filters = admin.getByRole("search", { name: "Filtros" });
  await expect(filters.getByRole("combobox", { name: "Loja" })).toHaveText(store.username);
  await expect(filters.getByRole("combobox", { name: "Status" })).toHaveText("Não iniciado");
  await expect(admin.getByRole("row").filter({ hasText: store.username })).toHaveCount(1);

  // A product code: the products not found of 'Processos de separação', that product over the period.
  await admin.goBack();
  await admin.getByRole("combobox", { name: "Loja" }).click();
  await admin.getByRole("option", { name: store.username }).click();
  await card(admin, "Produtos mais vezes não encontrados").getByRole("link", { name: product }).click();
  await expect(admin).toHaveURL(/\/picklist-process\?item=/);
  const notFound = admin.getByRole("region", { name: "Produtos não encontrados" });
  await expect(notFound.getByText(new RegExp(`^${product}, ${store.username}, de `))).toBeVisible();
  await expect(notFound.getByRole("row").filter({ hasText: product })).toHaveCount(1);
  await notFound.getByRole("link", { name: "Ver os de hoje" }).click();
  await expect(admin).toHaveURL(/\/picklist-process$/);
});

test("a store sees its waiting pickups by age beside the chain's median and opens them", async ({ page, request }) => {
  const store = await createStore(request);
  await arrange(store.username, [0.5, 8], [NO_INVOICE]);

  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  await page.goto("/dashboards-store");
  const ages = card(page, "Retiradas aguardando por tempo de espera");
  // The chain's median: once as the chart's row label, once in the chart's table for screen readers.
  await expect(ages.getByText("Mediana da rede", { exact: true })).toHaveCount(2);
  await expect(ages.getByRole("cell", { name: "Mediana da rede" })).toBeAttached();
  await expect(ages.getByRole("table", { name: "Retiradas aguardando por tempo de espera" })).toContainText("Sua loja1010");
  await expect(ages.getByText(store.username)).toHaveCount(0);
  const reasons = card(page, "Motivos de recusa");
  await expect(reasons.getByRole("link", { name: new RegExp(`^${NO_INVOICE}`) })).toContainText("Mediana da rede");

  await ages.getByRole("link", { name: /^Sua loja/ }).click();
  await expect(page).toHaveURL(/\/pickup-history-store$/);
  await expect(page.getByRole("search", { name: "Filtros" }).getByRole("combobox", { name: "Status" })).toHaveText("Aguardando retirada");
  await expect(page.getByRole("row").filter({ hasText: "Clara Esquecida" })).toHaveCount(2);
});
