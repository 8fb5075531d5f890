import { test, expect, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { DEMO_BASE_URL, DEMO_STORE_EMAIL, DEMO_STORE_PASSWORD } from "./support/servers";

interface Screen {
  route: string;
  /** The table's caption (its accessible name). */
  table: string;
  columns: string[];
}

/** The spec's columns of every process and history table, on the demo chain. */
const ADMIN_SCREENS: Screen[] = [
  {
    route: "/picklist-process",
    table: "Listas de separação pendentes",
    columns: ["Loja", "Enviado", "Iniciado", "Finalizado", "Duração", "Itens", "Nº TR", "Status", "Ações"],
  },
  { route: "/picklist-shipment-history", table: "Histórico de envio", columns: ["Loja", "Enviado", "Iniciado", "Finalizado", "Duração", "Itens", "Nº TR", "Status"] },
  {
    route: "/pickup-process",
    table: "Aguardando retirada",
    columns: ["Número do pedido", "Loja", "Cliente", "Tipo de operação", "Itens", "Data de retirada", "Retirada por terceiro", "Status", "Ações"],
  },
  {
    route: "/pickup-history",
    table: "Histórico de retiradas",
    columns: ["Número do pedido", "Loja", "Cliente", "Tipo de operação", "Itens", "Data de retirada", "Retirada por terceiro", "Status"],
  },
  {
    route: "/return-process",
    table: "Devoluções",
    columns: ["Número do pedido", "Cliente", "Itens", "Data da ordem da devolução", "Data da devolução", "Loja", "Status", "Ações"],
  },
  {
    route: "/return-history",
    table: "Histórico de devolução",
    columns: ["Número do pedido", "Cliente", "Itens", "Data da ordem da devolução", "Data da devolução", "Loja da devolução", "Nº TR", "Status"],
  },
  {
    route: "/settings-service-notifications",
    table: "Fila de e-mails",
    columns: ["Criado em", "Tipo", "Destinatários", "Assunto", "Status", "Tentativas", "Último erro", "Ações"],
  },
];

const STORE_SCREENS: Screen[] = [
  {
    route: "/pickup-pending",
    table: "Retiradas em loja pendentes",
    columns: ["Cliente", "Tipo de operação", "Itens", "Código de rastreio / TR", "Retirada de terceiro", "Data de retirada", "Status", "Ações"],
  },
];

/** The columns the review found covered at 1024 px, beside those covered at 1366. */
const NAMED_AT_1024: Record<string, string[]> = {
  "/picklist-process": ["Itens", "Nº TR"],
  "/picklist-shipment-history": ["Nº TR"],
  "/pickup-process": ["Cliente", "Itens", "Retirada por terceiro", "Data de retirada"],
  "/pickup-history": ["Cliente", "Itens", "Retirada por terceiro", "Data de retirada"],
  "/return-process": ["Loja"],
  "/settings-service-notifications": ["Último erro"],
  "/pickup-pending": ["Cliente", "Itens", "Retirada de terceiro"],
};

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${DEMO_BASE_URL}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/(picklist-process|pickup-pending)$/);
}

/**
 * Where each named column reads on the table's first row: "column" when its header and cell are on
 * screen with nothing drawn over their centre, "details" when it gave way and reads, with its title,
 * in the row's details; otherwise what covers it.
 */
function whereColumnsRead(page: Page, table: string, columns: string[]) {
  return page.getByRole("table", { name: table }).evaluate((element, names) => {
    const tableEl = element as HTMLTableElement;
    const uncovered = (el: Element) => {
      const box = el.getBoundingClientRect();
      window.scrollBy(0, box.top - window.innerHeight / 2);
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return "no size";
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x > document.documentElement.clientWidth) return "off screen";
      const hit = document.elementFromPoint(x, y);
      return hit && el.contains(hit) ? null : `covered by "${hit?.closest("th, td")?.textContent?.trim().slice(0, 20) ?? hit?.tagName}"`;
    };
    const headers = [...tableEl.tHead!.rows[0]!.cells];
    const row = tableEl.tBodies[0]!.rows[0]!;
    const found: Record<string, string> = {};
    for (const name of names) {
      const index = headers.findIndex((th) => th.textContent?.trim() === name);
      if (index >= 0) {
        const problem = uncovered(headers[index]!) ?? uncovered(row.cells[index]!);
        found[name] = problem ?? "column";
        continue;
      }
      const term = [...row.querySelectorAll("dt")].find((dt) => dt.textContent?.trim() === name);
      const value = term?.nextElementSibling;
      found[name] = value && !uncovered(term) && !uncovered(value) ? "details" : "missing";
    }
    return found;
  }, columns);
}

async function openTable(page: Page, screen: Screen) {
  await page.goto(`${DEMO_BASE_URL}${screen.route}`);
  const table = page.getByRole("table", { name: screen.table });
  await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], [data-slot="skeleton-row"]')).toHaveCount(0, { timeout: 15_000 });
}

for (const { role, email, password, screens } of [
  { role: "administrator", email: ADMIN_EMAIL, password: ADMIN_PASSWORD, screens: ADMIN_SCREENS },
  { role: "store", email: DEMO_STORE_EMAIL, password: DEMO_STORE_PASSWORD, screens: STORE_SCREENS },
]) {
  test.describe(`the ${role}'s tables on a laptop`, () => {
    for (const screen of screens) {
      test(`${screen.route}: at 1366×768 every spec column of '${screen.table}' shows, nothing pinned over it`, async ({ page }) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        await signIn(page, email, password);
        await openTable(page, screen);
        const found = await whereColumnsRead(page, screen.table, screen.columns);
        expect(found).toEqual(Object.fromEntries(screen.columns.map((name) => [name, "column"])));
      });

      const named = NAMED_AT_1024[screen.route];
      if (named) {
        test(`${screen.route}: at 1024×768 ${named.join(", ")} read on '${screen.table}', in a column or in the row's details`, async ({ page }) => {
          await page.setViewportSize({ width: 1024, height: 768 });
          await signIn(page, email, password);
          await openTable(page, screen);
          const found = await whereColumnsRead(page, screen.table, named);
          for (const name of named) expect(["column", "details"], `${name}: ${found[name]}`).toContain(found[name]);
        });
      }
    }
  });
}

test.describe("'Relatórios e métricas'", () => {
  test("the store column stays pinned, with a shadow once the figures scroll under it", async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${DEMO_BASE_URL}/reports-metrics`);
    const table = page.getByRole("table", { name: "Números por loja" });
    await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 15_000 });
    const storeHeader = table.getByRole("columnheader").first();
    const shadow = () => storeHeader.evaluate((th) => getComputedStyle(th).boxShadow);
    expect(await shadow()).not.toContain("rgba(0, 0, 0, 0.35)");
    const before = await storeHeader.boundingBox();
    await page.getByRole("region", { name: "Números por loja" }).evaluate((box) => box.scrollBy({ left: 400 }));
    await expect.poll(shadow).toContain("rgba(0, 0, 0, 0.35)");
    expect((await storeHeader.boundingBox())?.x).toBe(before?.x);
    const firstCell = table.getByRole("row").nth(1).getByRole("cell").first();
    const centre = await firstCell.evaluate((cell) => {
      const r = cell.getBoundingClientRect();
      return cell.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    expect(centre).toBe(true);
  });

  test("a store's figure links to its history, filtered by the store and the period", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${DEMO_BASE_URL}/reports-metrics`);
    const table = page.getByRole("table", { name: "Números por loja" });
    const link = table.getByRole("link", { name: /^Listas enviadas de Loja Batel: / });
    await link.click();
    await expect(page).toHaveURL(/\/picklist-shipment-history/);
    await expect(page.getByRole("search", { name: "Filtros" }).getByRole("combobox", { name: "Loja" })).toHaveText("Loja Batel");
    const history = page.getByRole("table", { name: "Histórico de envio" });
    await expect(history.getByRole("row").nth(1)).toBeVisible({ timeout: 15_000 });
    const stores = await history.locator("tbody tr td:first-child").allInnerTexts();
    expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) expect(store).toContain("Loja Batel");
  });

  test("on a phone, one card per store", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(`${DEMO_BASE_URL}/reports-metrics`);
    const cards = page.getByRole("list", { name: "Números por loja" });
    await expect(cards.getByRole("listitem").first()).toBeVisible({ timeout: 15_000 });
    await expect(cards.getByRole("link", { name: "Loja Batel" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Números por loja" })).toHaveCount(0);
  });
});
