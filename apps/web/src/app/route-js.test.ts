// @vitest-environment node
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain Node script (apps/web/scripts/route-js.mjs), without type declarations
import { readRoutes, ROUTES_FILE, routeJs, routeJsTable } from "../../scripts/route-js.mjs";
import { OPEN_PAGES } from "./open-pages";
import { loadScreen, routeEntries, SCREENS } from "./screens";

interface Row {
  path: string;
  module: string;
  signedIn: boolean;
  roles: string[];
  jsGzBytes: number;
  cssGzBytes: number;
  files: { file: string }[];
}

const webRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A made-up build's folder holding the registry's routes, as the build writes them (scripts/prerender.mjs). */
function distWithRoutes() {
  const dist = mkdtempSync(path.join(tmpdir(), "route-js-"));
  writeFileSync(path.join(dist, ROUTES_FILE), JSON.stringify(routeEntries()));
  return dist;
}

describe("the screen registry's routes as scripts/route-js.mjs reads them", () => {
  const dist = distWithRoutes();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const read = readRoutes(dist) as Row[];

  it("lists every route of the registry, open or signed in, in its order", () => {
    expect(read.map(({ path, signedIn }) => ({ path, signedIn }))).toEqual([
      ...OPEN_PAGES.map((r) => ({ path: r.path, signedIn: false })),
      ...SCREENS.map((r) => ({ path: r.path, signedIn: true })),
    ]);
  });

  it("says who may open each signed-in route, as the registry does, and no one for an open page", () => {
    for (const page of OPEN_PAGES) expect(read.find((r) => r.path === page.path)?.roles).toEqual([]);
    for (const screen of SCREENS) expect(read.find((r) => r.path === screen.path)?.roles).toEqual(screen.roles);
  });

  it("names a route module that exists for each, the one the registry loads", () => {
    for (const route of read) expect(existsSync(path.join(webRoot, route.module)), route.module).toBe(true);
    expect(read.find((r) => r.path === "/login")?.module).toBe("src/app/routes/login.tsx");
    expect(read.find((r) => r.path === "/dashboards")?.module).toBe("src/app/routes/dashboards.tsx");
    for (const screen of SCREENS) expect(() => loadScreen(screen), screen.path).not.toThrow();
  });
});

describe("what each route loads first", () => {
  // A made-up build: the entry and what it preloads, a chunk shared with the login, the shell.
  const dist = distWithRoutes();
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, "assets"));
  mkdirSync(path.join(dist, ".vite"));
  const files: Record<string, string> = {
    "assets/entry.js": "entry ".repeat(500),
    "assets/react.js": "react ".repeat(300),
    "assets/forms.js": "forms ".repeat(200),
    "assets/login.js": "login ".repeat(50),
    "assets/screen.js": "screen ".repeat(80),
    "assets/shell.js": "shell ".repeat(400),
    "assets/index.css": "css ".repeat(100),
    "assets/shell.css": "shell-css ".repeat(40),
    "assets/signed-in.js": "signed-in ".repeat(120),
    "assets/screen-routes.js": "screen-routes ".repeat(60),
  };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dist, file), text);
  const gz = (file: string) => gzipSync(files[file]!, { level: 9 }).length;
  writeFileSync(
    path.join(dist, "index.html"),
    '<script type="module" crossorigin src="/assets/entry.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react.js">\n<link rel="stylesheet" crossorigin href="/assets/index.css">',
  );
  const manifest: Record<string, object> = {
    "index.html": { file: "assets/entry.js", isEntry: true, imports: ["_react.js"], css: ["assets/index.css"] },
    "_react.js": { file: "assets/react.js" },
    "_forms.js": { file: "assets/forms.js", imports: ["_react.js"] },
    "src/app/shell.tsx": { file: "assets/shell.js", isDynamicEntry: true, imports: ["_forms.js"], css: ["assets/shell.css"] },
    "src/app/signed-in.tsx": { file: "assets/signed-in.js", isDynamicEntry: true, imports: ["_react.js"] },
    "src/app/screen-routes.tsx": { file: "assets/screen-routes.js", isDynamicEntry: true, imports: ["_react.js"] },
  };
  for (const route of readRoutes(dist) as Row[]) {
    manifest[route.module] =
      route.path === "/login"
        ? { file: "assets/login.js", isDynamicEntry: true, imports: ["_forms.js", "_react.js"] }
        : { file: "assets/screen.js", isDynamicEntry: true, imports: ["_react.js"] };
  }
  writeFileSync(path.join(dist, ".vite/manifest.json"), JSON.stringify(manifest));
  const rows = routeJs(dist) as Row[];

  it("counts the entry, its preloads and the route's chunk with its imports, each file once", () => {
    const login = rows.find((r) => r.path === "/login")!;
    expect(login.files.map((f) => f.file).sort()).toEqual(["assets/entry.js", "assets/forms.js", "assets/index.css", "assets/login.js", "assets/react.js"]);
    expect(login.jsGzBytes).toBe(gz("assets/entry.js") + gz("assets/react.js") + gz("assets/forms.js") + gz("assets/login.js"));
    expect(login.cssGzBytes).toBe(gz("assets/index.css"));
  });

  it("adds the routes' chunk, the signed-in layer, the shell and its CSS for a signed-in route", () => {
    const screen = rows.find((r) => r.path === "/picklist-process")!;
    const js = ["assets/entry.js", "assets/react.js", "assets/screen-routes.js", "assets/signed-in.js", "assets/shell.js", "assets/forms.js", "assets/screen.js"];
    expect(screen.jsGzBytes).toBe(js.reduce((sum, f) => sum + gz(f), 0));
    expect(screen.cssGzBytes).toBe(gz("assets/index.css") + gz("assets/shell.css"));
  });

  it("prints one markdown row per route, in KB", () => {
    const table = routeJsTable(dist) as string;
    const login = rows.find((r) => r.path === "/login")!;
    expect(table).toContain("| Route | JS gz KB | JS files | CSS gz KB | Budget KB | |");
    expect(table).toContain(`| /login (public) | ${(login.jsGzBytes / 1000).toFixed(1)} | 4 | ${(login.cssGzBytes / 1000).toFixed(1)} | 100 | met |`);
    expect(table.split("\n").filter((line) => line.startsWith("| /"))).toHaveLength(rows.length);
  });

  it("marks a route over its budget: the login's, or every other route's", () => {
    const table = routeJsTable(dist, { login: 0.001, signedIn: 1000 }) as string;
    expect(table).toMatch(/\| \/login \(public\) \|.*\| 0\.001 \| over \|/);
    expect(table).toMatch(/\| \/picklist-process \|.*\| 1000 \| met \|/);
  });
});
