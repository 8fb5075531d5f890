import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** The built web app; WEB_DIST points elsewhere (parallel browser-test runs each build their own). */
export const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL("../../../web/dist", import.meta.url));

const PLACEHOLDER = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Passo</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Passo</h1>
<p>A API está no ar em <a href="/api/docs">/api/docs</a>. As telas do aplicativo ainda não foram publicadas neste servidor.</p>
</body></html>`;

/** The build's pages, read once: index.html, the login drawn at build time, each screen's chunks. */
interface Pages {
  index: string;
  /**
   * A visitor without a session: '/login' already drawn (apps/web/scripts/prerender.mjs; index.html in
   * older builds), and index.html at any other address, which the route guard sends to '/login' — both
   * with a modulepreload per chunk of the login (route-preloads.json's '/login').
   */
  signedOut: { login: string; elsewhere: string };
  /**
   * Per address, for a visitor with a session: index.html — or the screen's frame drawn at build time
   * (frames/, apps/web/src/app/screen-frame.tsx) — with a modulepreload per chunk it needs beyond
   * index.html's (route-preloads.json).
   */
  screens: Map<string, string>;
}

const ASSET = /^assets\/[\w.-]+\.js$/;

function readPages(root: string): Pages {
  const optional = (file: string) => (existsSync(`${root}/${file}`) ? readFileSync(`${root}/${file}`, "utf8") : null);
  const index = readFileSync(`${root}/index.html`, "utf8");
  const preloads = JSON.parse(optional("route-preloads.json") ?? "{}") as Record<string, string[]>;
  const withPreloads = (page: string, files: string[], priority: string) =>
    page.replace(
      "</head>",
      `${files
        .filter((file) => ASSET.test(file))
        .map((file) => `<link rel="modulepreload" crossorigin${priority} href="/${file}">`)
        .join("")}</head>`,
    );
  const screens = new Map<string, string>();
  for (const [pathname, files] of Object.entries(preloads)) {
    screens.set(pathname, withPreloads(optional(`frames${pathname}.html`) ?? index, files, ' fetchpriority="low"'));
  }
  // The login's chunks at the browser's own priority, as the entry's: they take over the drawn form.
  const login = preloads["/login"] ?? [];
  return {
    index,
    signedOut: { login: withPreloads(optional("login.html") ?? index, login, ""), elsewhere: withPreloads(index, login, "") },
    screens,
  };
}

function cookies(request: FastifyRequest): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) found.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return found;
}

/**
 * The page for an address. Without a session: at '/login', the login already drawn, so that its text
 * shows before the JavaScript has arrived; anywhere else, index.html, whose route guard sends the
 * visitor to '/login'; either way with the login's chunks, fetched alongside the entry. With a session:
 * index.html, or the screen's frame (header, title, description, loading state: no user data) where
 * the build drew one, with a modulepreload for each chunk the address needs, fetched alongside the
 * entry (at low priority, so that the entry and the stylesheet, which draw the first paint, go first);
 * not the login's, which a signed-in screen never runs. The `theme` cookie (the web app's theme
 * provider writes it) marks the page dark from the first paint.
 */
function pageFor(pages: Pages, pathname: string, cookie: Map<string, string>): string {
  const session = cookie.has("token") || cookie.has("user");
  let html: string;
  if (!session) html = pathname === "/login" ? pages.signedOut.login : pages.signedOut.elsewhere;
  else html = pages.screens.get(pathname) ?? pages.index;
  if (cookie.get("theme") === "dark") html = html.replace("<html ", '<html class="dark" style="color-scheme: dark" ');
  return html;
}

/** The built web app at `/`, with every non-API path falling back to the SPA's index.html. */
export const webApp = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root ?? webDist;
  const built = existsSync(`${root}/index.html`);
  const pages = built ? readPages(root) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs); without them, @fastify/compress compresses.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under one name.
        if (filePath.includes(`${root}/assets/`)) res.header("Cache-Control", "public, max-age=31536000, immutable");
        else res.header("Cache-Control", "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send({ error: "Rota não encontrada." });
    }
    if (pages) {
      const pathname = request.url.split("?", 1)[0]!;
      return reply
        .header("Cache-Control", "no-cache")
        .header("Vary", "Cookie")
        .type("text/html; charset=utf-8")
        .send(pageFor(pages, pathname, cookies(request)));
    }
    return reply.type("text/html; charset=utf-8").send(PLACEHOLDER);
  });
});
