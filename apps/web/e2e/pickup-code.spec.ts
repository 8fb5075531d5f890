import type { APIRequestContext, Browser } from "@playwright/test";
import { createStore, expect, signIn, test, type Account } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";

/** A pickup made available in the store (so it waits for the customer at once), created as the office's system does. */
const waitingPickup = (request: APIRequestContext, store: string, orderNumber: string) =>
  createPickupThroughApi(request, {
    pickupStoreName: store,
    orderNumber,
    trackingCode: "TR4455",
    customerFullName: "Helena Código",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 95555-4444",
    customerEmail: "helena.codigo@email.com",
    orderItems: ["SANDALIA 36 44556601"],
  });

async function storePage(browser: Browser, baseURL: string | undefined, store: Account) {
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await signIn(page, store.email, store.password);
  await expect(page).toHaveURL(/\/pickup-pending$/);
  return page;
}

test("the administrator sees the pickup code; the store finds the pickup by it, never sees it, and resends the notice once an hour", async ({
  admin,
  browser,
  baseURL,
  request,
}) => {
  const store = await createStore(request);
  const stamp = Date.now().toString().slice(-12);
  const orderNumber = `PC${stamp}01`;
  const other = `PC${stamp}02`;
  const pickup = await waitingPickup(request, store.username, orderNumber);
  await waitingPickup(request, store.username, other);
  expect(pickup.pickupCode).toMatch(/^\d{6}$/);

  // The office: the code on the pickup's row.
  await admin.goto("/pickup-process");
  const row = admin.getByRole("region", { name: "Aguardando retirada" }).getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText(`Código de retirada: ${pickup.pickupCode}`);

  // The counter: the customer reads the code out, the store types it in.
  const counter = await storePage(browser, baseURL, store);
  await expect(counter.getByRole("row").filter({ hasText: "Helena Código" })).toHaveCount(2);
  await expect(counter.getByText(pickup.pickupCode)).toHaveCount(0);
  const box = counter.getByRole("textbox", { name: "Escanear pedido ou CPF" });
  await box.fill(pickup.pickupCode);
  await box.press("Enter");
  const check = counter.getByRole("dialog", { name: "Iniciar retirada" });
  await expect(check).toContainText(`Pedido ${orderNumber} de Helena Código`);
  await counter.keyboard.press("Escape");
  await expect(check).toBeHidden();
  const rows = counter.getByRole("row").filter({ hasText: "Helena Código" });
  await expect(rows).toHaveCount(1);

  // 'Reenviar aviso': once, then the store is asked to wait.
  const resend = rows.getByRole("button", { name: `Reenviar aviso ao cliente do pedido ${orderNumber}` });
  await resend.click();
  await expect(counter.getByText("Aviso reenviado ao cliente com sucesso!")).toBeVisible();
  await resend.click();
  await expect(counter.getByText(/O aviso já foi reenviado há pouco\. Aguarde (60|59) minutos para reenviar de novo\./)).toBeVisible();
  // The code the store typed is shown as its search; the pickup's row never holds it.
  await expect(rows).not.toContainText(pickup.pickupCode);
  await counter.context().close();

  // The office sees the resent e-mail among the pickup's notices, and is held to the same hour.
  await admin.reload();
  const adminRow = admin.getByRole("region", { name: "Aguardando retirada" }).getByRole("row").filter({ hasText: orderNumber });
  await adminRow.getByRole("button", { name: `Reenviar aviso ao cliente do pedido ${orderNumber}` }).click();
  await expect(admin.getByText(/O aviso já foi reenviado há pouco/)).toBeVisible();
});
