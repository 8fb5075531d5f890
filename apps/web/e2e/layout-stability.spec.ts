import { test, expect, type Page } from "@playwright/test";
import { STORE_ROUTES } from "./support/routes";
import { DEMO_BASE_URL, DEMO_STORE_EMAIL, DEMO_STORE_PASSWORD } from "./support/servers";

/**
 * Nothing on a store's screen moves while its data arrives (issue 33: CLS 0): every skeleton keeps the
 * room of what replaces it. The demo chain's Loja Batel, on a phone and on a laptop. The API answers
 * are held back a little so that the skeletons are on screen first, as on a store's slow connection.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
const API_DELAY_MS = 400;

interface Shift {
  value: number;
  sources: string[];
}

/** Records every layout shift not caused by the user, with what moved, from the page's first paint. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { shifts: Shift[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
        if (entry.hadRecentInput) continue;
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) => {
            const node = s.node instanceof Element ? s.node.outerHTML.slice(0, 100) : (s.node?.textContent ?? "?").slice(0, 60);
            return `${node}: ${rect(s.previousRect)} → ${rect(s.currentRect)}`;
          }),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function signInDemoStore(page: Page) {
  await page.goto(`${DEMO_BASE_URL}/login`);
  await page.getByLabel("E-mail").fill(DEMO_STORE_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(DEMO_STORE_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/pickup-pending$/);
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}, no store screen moves while its data arrives`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signInDemoStore(page);
    await recordShifts(page);
    // The event stream stays open: only the requests that answer are held back.
    await page.route(/\/api\/(?!events)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
      await route.continue();
    });
    const moved: Record<string, Shift[]> = {};
    for (const route of STORE_ROUTES) {
      await page.goto(`${DEMO_BASE_URL}${route}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // Loaded: no skeleton and nothing busy left, then two frames for what the rows' layout sets off.
      await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shifts = await page.evaluate(() => (window as unknown as { shifts: Shift[] }).shifts);
      if (shifts.length > 0) moved[route] = shifts;
    }
    expect(moved).toEqual({});
  });
}
