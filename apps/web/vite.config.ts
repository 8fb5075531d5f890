import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000", "/uploads": "http://127.0.0.1:3000" },
  },
  // The manifest lets scripts/route-js.mjs report the JavaScript each route loads first.
  build: { outDir: "dist", sourcemap: true, manifest: true, chunkSizeWarningLimit: 600 },
});
