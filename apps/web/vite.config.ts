import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type HtmlTagDescriptor, type Plugin } from "vite";

/**
 * The login page is everyone's first load: index.html preloads its chunk and the chunks it imports,
 * so that they arrive with the entry instead of one round trip after it (on a phone's network, a round
 * trip is a few hundred milliseconds). Most of them (card, field, input, button) every screen uses too.
 * A signed-in screen is preloaded by `preloadForAddress` (src/app/router.tsx) once the entry runs.
 */
function preloadLoginRoute(): Plugin {
  return {
    name: "passo:preload-login-route",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const login = chunks.find((c) => c.facadeModuleId?.endsWith("/src/app/routes/login.tsx"));
        if (!login) throw new Error("preload-login-route: no chunk for src/app/routes/login.tsx");
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          const chunk = chunks.find((c) => c.fileName === fileName);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(login.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` }, injectTo: "head" }));
        return { html, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLoginRoute()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
    conditions: ["source", ...defaultClientConditions],
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000", "/uploads": "http://127.0.0.1:3000" },
  },
  // The manifest lets scripts/route-js.mjs report the JavaScript each route loads first.
  build: {
    outDir: "dist",
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The form pieces the login page shares with most screens, with what they import (React's
              // core, Radix Slot, the icons' base): one file instead of a dozen. Each file costs a phone a
              // request, and small files compress worse one by one (docs/architecture.md).
              name: "form-ui",
              test: /[\\/]src[\\/]components[\\/](ui[\\/](alert|card|field|input|label|spinner)|password-input)\.tsx$/,
            },
          ],
        },
      },
    },
  },
});
