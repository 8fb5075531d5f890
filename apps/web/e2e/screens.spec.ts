import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { test, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/accounts";
import { ADMIN_ROUTES, STORE_ROUTES, SUPERVISOR_ROUTES } from "./support/routes";
import { DEMO_BASE_URL, DEMO_STORE_EMAIL, DEMO_STORE_PASSWORD, DEMO_SUPERVISOR_EMAIL } from "./support/servers";

/** Office laptops, a small laptop, a portrait tablet and a phone. */
const LAPTOP = { width: 1366, height: 768 };
const SIZES = [
  LAPTOP,
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
/** From this width on, every row's actions must be in view without scrolling the table. */
const ACTIONS_IN_VIEW_FROM = 1024;

/** One screenshot per screen and size, kept for people to look at (.ci/run names the folder). */
export const SCREENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "test-results", "screens");

const WCAG_A_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function openSession(browser: Browser, email: string, password: string, landing: RegExp): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: DEMO_BASE_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    viewport: LAPTOP,
    colorScheme: "light",
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(landing);
  return { context, page };
}

/** The screen has drawn its data: no skeleton, no table still loading. */
async function settled(page: Page) {
  await expect(page.getByRole("main").last()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton-row"], [aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
}

interface Overflow {
  pageScrollWidth: number;
  pageWidth: number;
  /** Row actions out of view: the row's first cell text and the button's name. */
  hiddenActions: string[];
}

/** Measures the page's sideways scroll and where every row's action buttons lie. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const hiddenActions: string[] = [];
    for (const table of document.querySelectorAll("table")) {
      const headers = [...table.querySelectorAll("thead th")];
      const column = headers.findIndex((th) => th.textContent?.trim() === "Ações");
      if (column < 0) continue;
      const box = (table.closest('[data-slot="table-container"]') ?? table).getBoundingClientRect();
      const right = Math.min(root.clientWidth, box.right);
      const left = Math.max(0, box.left);
      for (const row of table.querySelectorAll("tbody tr")) {
        const cell = (row as HTMLTableRowElement).cells[column];
        if (!cell) continue;
        for (const button of cell.querySelectorAll("button, a")) {
          const r = button.getBoundingClientRect();
          if (r.left < left - 1 || r.right > right + 1) {
            const first = (row as HTMLTableRowElement).cells[0]?.textContent?.trim().slice(0, 40) ?? "";
            hiddenActions.push(`${first}: ${button.getAttribute("aria-label") ?? button.textContent?.trim()}`);
          }
        }
      }
    }
    return { pageScrollWidth: root.scrollWidth, pageWidth: root.clientWidth, hiddenActions };
  });
}

async function checkSizes(page: Page, role: string, route: string) {
  const dir = path.join(SCREENS_DIR, role);
  mkdirSync(dir, { recursive: true });
  const name = route.replace(/^\//, "");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settled(page);
    const label = `${route} at ${size.width}×${size.height}`;
    const overflow = await measure(page);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}x${size.height}.png`) });
    expect.soft(overflow.pageScrollWidth, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.pageWidth);
    if (size.width >= ACTIONS_IN_VIEW_FROM) expect.soft(overflow.hiddenActions, `${label}: row actions out of view`).toEqual([]);
  }
}

async function checkAccessibility(page: Page, route: string) {
  await page.setViewportSize(LAPTOP);
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator("html")).toHaveClass(colorScheme === "dark" ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await settled(page);
    // Colours changing with the theme fade in (transition-colors): read mid-way, a badge's contrast is
    // neither theme's. The check waits until every finite transition and animation has ended.
    await page.waitForFunction(() =>
      document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
    );
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
    const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect.soft(found, `${route} in the ${colorScheme} theme: WCAG 2.1 A/AA violations`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const ROLES = [
  { role: "administrator", email: ADMIN_EMAIL, password: ADMIN_PASSWORD, landing: /\/picklist-process$/, routes: ADMIN_ROUTES },
  { role: "store", email: DEMO_STORE_EMAIL, password: DEMO_STORE_PASSWORD, landing: /\/pickup-pending$/, routes: STORE_ROUTES },
  // The demo's Supervisor (issue 31): the three stores of one region.
  { role: "supervisor", email: DEMO_SUPERVISOR_EMAIL, password: DEMO_STORE_PASSWORD, landing: /\/dashboards-supervisor$/, routes: SUPERVISOR_ROUTES },
];

for (const { role, email, password, landing, routes } of ROLES) {
  test.describe(`every screen of the ${role} on the demo chain`, () => {
    let session: { context: BrowserContext; page: Page };
    test.beforeAll(async ({ browser }) => {
      session = await openSession(browser, email, password, landing);
    });
    test.afterAll(async () => {
      await session.context.close();
    });

    for (const route of routes) {
      test(`${route} fits five screen sizes and has no WCAG 2.1 A/AA violation in either theme`, async () => {
        // Five sizes and two full accessibility scans of a demo screen: the busiest (three paged tables
        // of the chain's day) took 37 s beside a running CI; the checks are the same at any speed.
        test.setTimeout(90_000);
        const { page } = session;
        await page.setViewportSize(LAPTOP);
        await page.goto(route);
        await expect(page).toHaveURL(new RegExp(`${route}$`));
        await checkSizes(page, role, route);
        await checkAccessibility(page, route);
      });
    }
  });
}
