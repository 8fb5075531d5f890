import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A laptop's and a phone's screen, the sizes an issue's screenshots are taken at. */
const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** A tablet held sideways, the counter's screen. */
export const TABLET = { width: 1024, height: 768 };
export const PHONE = SIZES[1]!;

/**
 * With ISSUE<n>_SCREENSHOTS=1, saves the screen as it shows, at each size (a laptop's and a phone's,
 * unless `sizes` says others), under docs/screenshots/issue-<n>/<name>-<width>x<height>.png, scrolled
 * to `focus` when it is in the page.
 */
export async function shootForIssue(
  issue: number,
  page: Page,
  name: string,
  focus: Locator,
  { scroll = true, sizes = SIZES }: { scroll?: boolean; sizes?: readonly { width: number; height: number }[] } = {},
) {
  if (process.env[`ISSUE${issue}_SCREENSHOTS`] !== "1") return;
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..", "docs", "screenshots", `issue-${issue}`);
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const s of sizes) {
    await page.setViewportSize(s);
    await expect(focus).toBeVisible();
    if (scroll) {
      await focus.evaluate((el) => {
        (el as HTMLElement).style.scrollMarginTop = "160px"; // below the sticky header, with the field's label
        el.scrollIntoView({ block: "start" });
      });
    }
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, `${name}-${s.width}x${s.height}.png`) });
  }
  if (size) await page.setViewportSize(size);
}
