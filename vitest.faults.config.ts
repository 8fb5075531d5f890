import { defineConfig } from "vitest/config";

/**
 * Fault and load tests (`npm run test:faults`): they start the compiled API (apps/api/dist/server.js) and private
 * PostgreSQL clusters on loopback, so they run one file at a time, apart from `npm test`.
 * FAULTS_SIZE=small (CI) shrinks the loads.
 */
export default defineConfig({
  test: {
    name: "faults",
    include: ["apps/api/faults/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
