import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { createStore, expect, signIn, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";
import { E2E_DATABASE_URL, POSTGRES_BASE_URL } from "./support/servers";

// A pickup waiting for 16 days can only be arranged in the database itself: this runs on the PostgreSQL server.
test.use({ baseURL: POSTGRES_BASE_URL });

const DAY_MS = 24 * 60 * 60 * 1000;

async function waitingPickup(request: APIRequestContext, store: string, orderNumber: string) {
  const pickup = await createPickupThroughApi(request, {
    pickupStoreName: store,
    orderNumber,
    trackingCode: "TR7788",
    customerFullName: "Clara Esquecida",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 95555-4444",
    customerEmail: "clara.esquecida@email.com",
    orderItems: ["SANDALIA 36 44556601"],
  });
  return pickup.id;
}

test("a pickup waiting for 16 days shows its waiting time, 'Atrasado', first among the oldest, and its e-mails in the timeline", async ({ page, request }) => {
  const store = await createStore(request);
  const stamp = Date.now().toString().slice(-12);
  const oldOrder = `PZ${stamp}01`;
  const freshOrder = `PZ${stamp}02`;
  const oldId = await waitingPickup(request, store.username, oldOrder);
  await waitingPickup(request, store.username, freshOrder);

  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query("UPDATE pickups SET waiting_since = $1 WHERE id = $2", [new Date(Date.now() - 16 * DAY_MS - 60_000), oldId]);
  } finally {
    await db.end();
  }

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.goto("/pickup-process");
  const waiting = page.getByRole("region", { name: "Aguardando retirada" });
  await waiting.getByRole("switch", { name: "Mais antigos primeiro" }).click();
  const old = waiting.getByRole("row").filter({ hasText: oldOrder });
  await expect(old).toContainText("Aguardando há 16 dias");
  await expect(old.getByText("Atrasado")).toBeVisible();
  const fresh = waiting.getByRole("row").filter({ hasText: freshOrder });
  await expect(fresh).toContainText("Aguardando há menos de 1 dia");
  await expect(fresh.getByText("Atrasado")).toHaveCount(0);

  await old.getByRole("button", { name: "Disponível na loja" }).click();
  const timeline = page.getByRole("dialog").filter({ has: page.getByRole("list", { name: "Linha do tempo do pedido" }) });
  const sent = timeline.getByRole("list", { name: "Notificações enviadas" });
  await expect(sent.getByRole("listitem").filter({ hasText: "Cliente: pedido pronto para retirada" })).toContainText("Para: clara.esquecida@email.com");
  await page.keyboard.press("Escape");

  // The store sees the same on 'Iniciar retirada'.
  const storeContext = await page.context().browser()!.newContext({ baseURL: POSTGRES_BASE_URL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const storePage = await storeContext.newPage();
  await signIn(storePage, store.email, store.password);
  await expect(storePage).toHaveURL(/\/pickup-pending$/);
  await storePage.getByRole("switch", { name: "Mais antigos primeiro" }).click();
  const first = storePage.getByRole("row").nth(1);
  await expect(first).toContainText("Aguardando há 16 dias");
  await expect(first.getByText("Atrasado")).toBeVisible();
  await storeContext.close();
});

test("'Prazos' saves the deadlines with a toast", async ({ admin }) => {
  await admin.goto("/settings-deadlines");
  const days = admin.getByLabel("Dias dos lembretes ao cliente");
  await expect(days).toHaveValue(/\d/);
  const original = await days.inputValue();
  await days.fill("7, 3, 3");
  await admin.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Os dias de lembrete não podem se repetir.")).toBeVisible();
  await days.fill(" 7, 3 ");
  await admin.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.getByText("Prazos atualizados com sucesso!")).toBeVisible();
  await expect(days).toHaveValue("3, 7");
  if (original !== "3, 7") {
    await days.fill(original);
    await admin.getByRole("button", { name: "Salvar" }).click();
  }
});
