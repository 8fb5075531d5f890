import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";

import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./e2e/support/accounts";
import { E2E_DATABASE_URL, E2E_DEMO_PORT, E2E_PORT as port, E2E_POSTGRES_PORT } from "./e2e/support/servers";

const root = fileURLToPath(new URL("../..", import.meta.url));

// A fresh embedded database for every run: the tests create what they need through the UI or the API.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "passo-e2e-"));

const serverEnv = {
  HOST: "127.0.0.1",
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  LOG_LEVEL: "warn",
  ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
};

export default defineConfig({
  testDir: "./e2e",
  // Per port, so that runs side by side keep their own traces and screenshots.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // A first visit, as most tests are: no service worker fetching the whole app in the background.
    // The installable app's own tests (e2e/installable-app.spec.ts) allow it.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        },
      },
    },
  ],
  webServer: [
    {
      command: "node scripts/start.mjs",
      cwd: root,
      url: `http://127.0.0.1:${port}/api/config`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, PORT: String(port), DATA_DIR: dataDir },
    },
    {
      command: "node apps/web/e2e/support/postgres-server.mjs",
      cwd: root,
      url: `http://127.0.0.1:${E2E_POSTGRES_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, PORT: String(E2E_POSTGRES_PORT), DATA_DIR: `${dataDir}-postgres`, E2E_DATABASE_URL },
    },
    {
      command: "node scripts/start.mjs",
      cwd: root,
      url: `http://127.0.0.1:${E2E_DEMO_PORT}/api/config`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, PORT: String(E2E_DEMO_PORT), DATA_DIR: `${dataDir}-demo`, DEMO_DATA: "1" },
    },
  ],
});
