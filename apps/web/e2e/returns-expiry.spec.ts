import type { APIRequestContext } from "@playwright/test";
import pg from "pg";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { apiLogin, expect, signIn, test } from "./support/fixtures";
import { E2E_DATABASE_URL, POSTGRES_BASE_URL } from "./support/servers";

// This test runs against the server on PostgreSQL: a return 31 days old can only be arranged in the database itself.
test.use({ baseURL: POSTGRES_BASE_URL });

const DAY_MS = 24 * 60 * 60 * 1000;

async function registerReturn(request: APIRequestContext, orderNumber: string, customerCPF: string) {
  const token = await apiLogin(request, ADMIN_EMAIL, ADMIN_PASSWORD);
  const res = await request.post("/api/return/create", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      orderNumber,
      customerCPF,
      customerFullName: "Cliente Antigo",
      customerPhone: "(41) 97777-6666",
      customerEmail: "cliente.antigo@email.com",
      returnItems: ["BOTA COURO 38 70110203"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).return.id as string;
}

test("a return registered 31 days ago is expired by the administrator; one from today cannot be", async ({ page, request }) => {
  const stamp = Date.now().toString().slice(-10);
  const oldOrder = `EX${stamp}0001`;
  const freshOrder = `EX${stamp}0002`;
  const oldId = await registerReturn(request, oldOrder, "529.982.247-25");
  await registerReturn(request, freshOrder, "111.444.777-35");

  const db = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query("UPDATE returns SET date_of_creation = $1 WHERE id = $2", [new Date(Date.now() - 31 * DAY_MS), oldId]);
  } finally {
    await db.end();
  }

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await expect(page).toHaveURL(/\/picklist-process$/);
  await page.goto("/return-process");

  const fresh = page.getByRole("row").filter({ hasText: freshOrder });
  await expect(fresh.getByRole("button", { name: "Confirmar Expiração" })).toBeDisabled();

  const old = page.getByRole("row").filter({ hasText: oldOrder });
  const expire = old.getByRole("button", { name: "Confirmar Expiração" });
  await expect(expire).toBeEnabled();
  await expire.click();
  await expect(page.getByText("Devolução expirada com sucesso!")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: oldOrder })).toHaveCount(0);

  await page.goto("/return-history");
  await page.getByPlaceholder("Pesquise por CPF ou Número do pedido...").fill(oldOrder);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByRole("row").filter({ hasText: oldOrder })).toContainText("Devolução expirada");
});
