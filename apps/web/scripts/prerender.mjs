// After `vite build`: draws the login page into dist/login.html, the frame of each screen the screen
// registry marks (`frame`, src/app/screens.ts; SCREEN_FRAMES) into dist/frames/, writes the registry's
// routes to dist/routes.json (what scripts/route-js.mjs reads), and lists, in dist/route-preloads.json,
// the chunks each route needs beyond what index.html already loads. The server
// (apps/api/src/app/web.ts) answers '/login' with the first, and any address with index.html (or the
// screen's frame) plus a <link rel="modulepreload"> for each chunk of the page the visitor lands on —
// the login's without a session, the screen's with one — so that a phone fetches them alongside the
// entry instead of one round trip after the other. index.html itself preloads no route's chunks.
//
// The login is drawn with react-dom/static from src/prerender.tsx, built for Node by Vite into a
// temporary folder: the same components as the page, which then takes the markup over (hydrateRoot,
// src/main.tsx). No inline script is added: the CSP forbids them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, defaultServerConditions } from "vite";
import { ROUTES_FILE, routeJs } from "./route-js.mjs";

const WEB = fileURLToPath(new URL("..", import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(WEB, "dist"));
const ROOT_DIV = '<div id="root"></div>';

const out = mkdtempSync(path.join(tmpdir(), "passo-prerender-"));
try {
  await build({
    root: WEB,
    configFile: path.join(WEB, "vite.config.ts"),
    logLevel: "warn",
    ssr: { noExternal: true, resolve: { conditions: ["source", ...defaultServerConditions] } },
    build: { ssr: "src/prerender.tsx", outDir: out, emptyOutDir: true, sourcemap: false, manifest: false, copyPublicDir: false },
  });
  const { renderLogin, renderFrame, SCREEN_FRAMES, routeEntries } = await import(pathToFileURL(path.join(out, "prerender.js")).href);
  const index = readFileSync(path.join(dist, "index.html"), "utf8");
  if (!index.includes(ROOT_DIV)) throw new Error(`prerender: ${ROOT_DIV} not found in index.html`);
  const page = (markup) => {
    if (/<script\b/i.test(markup)) throw new Error("prerender: a drawn page holds a script (the CSP forbids inline ones)");
    return index.replace(ROOT_DIV, `<div id="root">${markup}</div>`);
  };
  const markup = await renderLogin();
  if (!markup.includes("Entrar")) throw new Error("prerender: the login page was drawn without its form");
  writeFileSync(path.join(dist, "login.html"), page(markup));
  writeFileSync(path.join(dist, ROUTES_FILE), `${JSON.stringify(routeEntries(), null, 1)}\n`);
  // Each framed screen's frame (src/app/screen-frame.tsx) into dist/frames/<address>.html: nothing
  // in it to click (a click before React takes over would be lost) and no user's data.
  mkdirSync(path.join(dist, "frames"), { recursive: true });
  for (const [pathname, { title }] of Object.entries(SCREEN_FRAMES)) {
    const frame = await renderFrame(pathname);
    if (!frame.includes(`data-frame="${pathname}"`) || !frame.includes(title)) throw new Error(`prerender: ${pathname} was drawn without its frame`);
    if (/<(a|button|input|select|textarea)\b/i.test(frame)) throw new Error(`prerender: ${pathname}'s frame holds something to click`);
    writeFileSync(path.join(dist, "frames", `${pathname.slice(1)}.html`), page(frame));
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

const preloads = {};
for (const route of routeJs(dist)) {
  const base = new Set(route.base);
  preloads[route.path] = route.files.map((f) => f.file).filter((file) => file.endsWith(".js") && !base.has(file));
}
writeFileSync(path.join(dist, "route-preloads.json"), `${JSON.stringify(preloads, null, 1)}\n`);
process.stdout.write(`prerender: login.html, frames/, route-preloads.json (${Object.keys(preloads).length} routes)\n`);
