import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions } from "vite";
import { defineProject } from "vitest/config";

export default defineProject({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // vite-plugin-pwa's module exists only in the build (vite.config.ts): tests mock it.
      "virtual:pwa-register": fileURLToPath(new URL("./src/testing/pwa-register.ts", import.meta.url)),
    },
    conditions: ["source", ...defaultClientConditions],
  },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    setupFiles: ["./src/testing/setup.ts"],
    // A test of many clicks (user-event) takes 1–2 s on a quiet machine and over 5 s, the default,
    // when the two cores are shared with builds and browsers: the limit is for hangs, not for speed.
    testTimeout: 15_000,
  },
});
