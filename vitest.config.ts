import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    projects: [
      "apps/web/vitest.config.ts",
      {
        extends: true,
        test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["apps/api/src/**/*.test.ts"],
          globalSetup: ["apps/api/src/testing/global-setup.ts"],
          // Each file opens its own database (~300 MB for PGlite): two at a time on this 2-core machine.
          maxWorkers: 2,
          // Projects with their own worker limit run as a group of their own, after the others.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
