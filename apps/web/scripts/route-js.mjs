#!/usr/bin/env node
// The JavaScript (and CSS) each route of the web app loads first, gzipped.
//
// Reads the Vite build manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts) and,
// for every route of the screen registry (src/app/screens.ts, with its open pages), adds up the files
// the browser fetches before the screen can render:
//   - index.html's entry script, its static imports (transitively) and every <link rel="modulepreload">
//     and stylesheet Vite injected into index.html (the entry's own: index.html preloads no route's
//     chunks, so that a signed-in screen does not fetch the login's);
//   - the route module's chunk and its static imports (transitively): the server sends a modulepreload
//     for each with the page (dist/route-preloads.json, which scripts/prerender.mjs writes from this
//     count: the login's to a visitor without a session, the screen's to one with a session), and
//     Vite's preload helper fetches them together when the route's React.lazy component first renders;
//   - for signed-in routes, the routes' chunk that reads the registry (src/app/screen-routes.tsx, lazy
//     in router.tsx), the signed-in layer and the app shell (src/app/signed-in.tsx and
//     src/app/shell.tsx, lazy in guard.tsx) and their static imports, which load alongside the screen.
// The routes are the registry's, as the build wrote them to dist/routes.json (scripts/prerender.mjs,
// from the compiled registry's `routeEntries()`).
// Each file counts once per route. Sizes are node:zlib gzipSync at level 9 of each file on its own:
// the .gz that scripts/precompress.mjs writes beside each asset and the server sends to a browser that
// accepts gzip (brotli, when accepted, is smaller still). KB = 1000 bytes, as Vite prints them.
//
// Each route has a budget of first JavaScript (gzipped): the login's (100 KB), any other open page's
// and every signed-in screen's (170 KB, issue 33); the table marks each route within or over it.
//
// Usage: node apps/web/scripts/route-js.mjs [distDir] [--check] [--budget KB] [--signed-in-budget KB] [--files /route]
//   --check               exit 1 when a route loads more than its budget
//   --budget KB           the login's budget (100 KB by default)
//   --signed-in-budget KB every other route's budget (170 KB by default)
//   --files R             also list the files route R loads first, with their sizes
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const WEB = fileURLToPath(new URL("..", import.meta.url));
export const LOGIN_BUDGET_KB = 100;
/** Every other route's: the open pages' and each signed-in screen's, shell and signed-in layer included. */
export const SIGNED_IN_BUDGET_KB = 170;
/**
 * What a signed-in route loads besides its screen: the routes' chunk (the registry), the signed-in
 * layer (query client, token check) and the shell.
 */
const SIGNED_IN_MODULES = ["src/app/screen-routes.tsx", "src/app/signed-in.tsx", "src/app/shell.tsx"];
/** The registry's routes, written by the build (scripts/prerender.mjs). */
export const ROUTES_FILE = "routes.json";

/**
 * The routes as data: path, the source module the route loads, whether it needs a session; in the
 * registry's order, the open pages first (`routeEntries()` of src/app/screens.ts, written by the build).
 */
export function readRoutes(distDir = path.join(WEB, "dist")) {
  const file = path.join(distDir, ROUTES_FILE);
  if (!existsSync(file)) throw new Error(`route-js: ${file} not found (the build writes it: scripts/prerender.mjs)`);
  const routes = JSON.parse(readFileSync(file, "utf8"));
  for (const required of ["/login", "/change-password"]) {
    if (!routes.some((r) => r.path === required)) throw new Error(`route-js: ${required} not found in ${ROUTES_FILE}`);
  }
  return routes;
}

function readManifest(distDir) {
  const file = path.join(distDir, ".vite/manifest.json");
  if (!existsSync(file)) throw new Error(`route-js: ${file} not found (build the web app with build.manifest on)`);
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Everything index.html makes the browser fetch up front: the module script, modulepreloads, stylesheets. */
function htmlAssets(distDir) {
  const html = readFileSync(path.join(distDir, "index.html"), "utf8");
  const files = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const ref = tag.match(/\b(?:src|href)="\/?([^"]+)"/)?.[1];
    if (!ref || !/\.(js|mjs|css)$/.test(ref)) continue;
    if (tag.startsWith("<script") ? /type="module"/.test(tag) : /rel="(modulepreload|stylesheet)"/.test(tag)) files.push(ref);
  }
  return files;
}

export function routeJs(distDir = path.join(WEB, "dist")) {
  const manifest = readManifest(distDir);
  const sizes = new Map();
  const gz = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  /** A manifest chunk's file, its static imports (transitively) and their CSS. */
  const closure = (key, js, css) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route-js: ${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const k of chunk.imports ?? []) closure(k, js, css);
  };

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("route-js: the manifest has no entry chunk");
  const baseJs = new Set();
  const baseCss = new Set();
  closure(entryKey, baseJs, baseCss);
  for (const file of htmlAssets(distDir)) (file.endsWith(".css") ? baseCss : baseJs).add(file);

  return readRoutes(distDir).map((route) => {
    const js = new Set(baseJs);
    const css = new Set(baseCss);
    if (route.signedIn) for (const key of SIGNED_IN_MODULES) closure(key, js, css);
    closure(route.module, js, css);
    const sum = (set) => [...set].reduce((total, f) => total + gz(f), 0);
    return {
      ...route,
      base: [...baseJs, ...baseCss],
      jsGzBytes: sum(js),
      cssGzBytes: sum(css),
      files: [...js, ...css].map((file) => ({ file, gzBytes: gz(file) })),
    };
  });
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

/** A route's budget of first JavaScript, in KB: the login's, or every other route's. */
export function budgetKb(route, budgets = {}) {
  return route.path === "/login" ? (budgets.login ?? LOGIN_BUDGET_KB) : (budgets.signedIn ?? SIGNED_IN_BUDGET_KB);
}

/** The routes over their budget. */
export function overBudget(rows, budgets = {}) {
  return rows.filter((r) => r.jsGzBytes > budgetKb(r, budgets) * 1000);
}

/** The markdown table of what each route loads first, against its budget (bench/run.mjs puts it in its report). */
export function routeJsTable(distDir = path.join(WEB, "dist"), budgets = {}) {
  const rows = routeJs(distDir);
  const lines = [
    "| Route | JS gz KB | JS files | CSS gz KB | Budget KB | |",
    "| --- | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      const budget = budgetKb(r, budgets);
      const jsFiles = r.files.filter((f) => !f.file.endsWith(".css")).length;
      return `| ${r.path}${r.signedIn ? "" : " (public)"} | ${kb(r.jsGzBytes)} | ${jsFiles} | ${kb(r.cssGzBytes)} | ${budget} | ${r.jsGzBytes <= budget * 1000 ? "met" : "over"} |`;
    }),
  ];
  return (
    `${lines.join("\n")}\n\n` +
    "First load of each route: entry + index.html modulepreloads + the route's chunk (+ the signed-in layer and the " +
    "app shell for signed-in routes), with their static imports; each file gzipped on its own (zlib level 9), KB = 1000 bytes.\n"
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      check: { type: "boolean", default: false },
      budget: { type: "string" },
      "signed-in-budget": { type: "string" },
      files: { type: "string" },
    },
  });
  const distDir = path.resolve(positionals[0] ?? path.join(WEB, "dist"));
  const budgets = { login: Number(values.budget ?? LOGIN_BUDGET_KB), signedIn: Number(values["signed-in-budget"] ?? SIGNED_IN_BUDGET_KB) };
  try {
    process.stdout.write(routeJsTable(distDir, budgets));
    if (values.files) {
      const route = routeJs(distDir).find((r) => r.path === values.files);
      if (!route) throw new Error(`route-js: no route ${values.files}`);
      process.stdout.write(`\nFiles ${route.path} loads first:\n\n| File | gz KB |\n| --- | ---: |\n`);
      for (const f of route.files.toSorted((a, b) => b.gzBytes - a.gzBytes)) process.stdout.write(`| ${f.file} | ${kb(f.gzBytes)} |\n`);
    }
    if (values.check) {
      const over = overBudget(routeJs(distDir), budgets);
      for (const r of over) process.stderr.write(`${r.path}: ${kb(r.jsGzBytes)} KB gzipped JS, budget ${budgetKb(r, budgets)} KB: OVER BUDGET\n`);
      process.stderr.write(`first JavaScript: ${over.length ? `${over.length} route(s) over budget` : "every route within budget"} (login ${budgets.login} KB, others ${budgets.signedIn} KB)\n`);
      if (over.length) process.exitCode = 1;
    }
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exitCode = 2;
  }
}
