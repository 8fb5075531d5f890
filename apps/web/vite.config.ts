import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig, type Rolldown } from "vite";
import { VitePWA } from "vite-plugin-pwa";

const SRC = fileURLToPath(new URL("./src/", import.meta.url));
type ModuleGraph = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

/**
 * The icon and domain barrels (`lucide-react`, `@passo/domain`) import every icon and every schema, of
 * which a chunk keeps only those it uses (the domain declares itself free of side effects for this): the
 * module graph does not tell which, so it is not followed through them, and a screen's schemas load with
 * the screen, not with the signed-in layer; the icons stay out of the `signed-in` group, as the login's own
 * icons cannot be told apart. The Radix pieces are imported one by one (`radix-ui/dialog`…,
 * components/ui/), so the group takes those the shell uses and no screen's form controls.
 */
const BARREL = /([\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs|[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts)$/;

/** The pages open without a session (app/open-pages.ts): a visitor without one loads none of the group. */
const OPEN_ROUTES = ["login", "access-denied", "not-found"];

/** Every module reachable from `roots` by static imports (what loads with them, before any lazy chunk). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if (BARREL.test(id)) return;
    for (const imported of graph.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * The `signed-in` chunk: what every signed-in screen loads first and the open pages do not — what the
 * signed-in layer (app/signed-in.tsx) and the shell (app/shell.tsx) import (TanStack Query, the shell's
 * pieces and their Radix modules) — in one file instead of some twenty: a phone pays a
 * round trip per file (docs/architecture.md). Anything an open page loads (index.html's entry and the
 * page's chunk, with their static imports) stays out, so the login's first JavaScript does not grow;
 * the group does not take its modules' dependencies (`includeDependenciesRecursively: false`) for the
 * same reason.
 */
function signedInGroup(): Rolldown.CodeSplittingGroup {
  // The two stay chunks of their own (app/guard.tsx loads them; scripts/route-js.mjs finds them by name).
  const ROOTS = [`${SRC}app/signed-in.tsx`, `${SRC}app/shell.tsx`];
  let graph: { open: Set<string>; shell: Set<string> } | null = null;
  return {
    debugName: "signed-in",
    priority: 1,
    name(id, ctx) {
      graph ??= {
        open: staticClosure(ctx, [`${SRC}main.tsx`, ...OPEN_ROUTES.map((route) => `${SRC}app/routes/${route}.tsx`)]),
        shell: staticClosure(ctx, ROOTS),
      };
      if (graph.open.has(id) || ROOTS.includes(id)) return null;
      return graph.shell.has(id) ? "signed-in" : null;
    },
    includeDependenciesRecursively: false,
  };
}

/**
 * The installable app (docs/architecture.md): the manifest, and the service worker (sw/sw.ts) with the
 * list of the build's files to keep. The app registers it itself once signed in (src/app/app-updates.ts),
 * and a new version waits for 'Atualizar'.
 */
const installableApp = () =>
  VitePWA({
    strategies: "injectManifest",
    srcDir: "sw",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    manifest: {
      name: "Passo",
      short_name: "Passo",
      description: "Listas de separação, retiradas e devoluções das lojas.",
      lang: "pt-BR",
      start_url: "/",
      scope: "/",
      display: "standalone",
      background_color: "#fafafa",
      theme_color: "#18181b",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
        { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      // The app's code, styles and icons; not the source maps, nor the pages the server draws per screen.
      globPatterns: ["**/*.{js,css,svg,png,woff2}", "index.html"],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });

export default defineConfig({
  plugins: [react(), tailwindcss(), installableApp()],
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
              // Before the `signed-in` group: what the form pieces import stays with them.
              priority: 2,
              test: /[\\/]src[\\/]components[\\/](ui[\\/](alert|card|field|input|label|spinner)|password-input)\.tsx$/,
            },
            signedInGroup(),
          ],
        },
      },
    },
  },
});
