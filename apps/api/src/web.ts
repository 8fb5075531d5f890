import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** The built web app; WEB_DIST points elsewhere (parallel browser-test runs each build their own). */
export const webDist = process.env.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url));

const PLACEHOLDER = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Passo</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1>Passo</h1>
<p>A API está no ar em <a href="/api/docs">/api/docs</a>. As telas do aplicativo ainda não foram publicadas neste servidor.</p>
</body></html>`;

/** The built web app at `/`, with every non-API path falling back to the SPA's index.html. */
export const webApp = fp(async (app: FastifyInstance, opts: { root?: string }) => {
  const root = opts.root ?? webDist;
  const built = existsSync(`${root}/index.html`);
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
    if (built) return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    return reply.type("text/html; charset=utf-8").send(PLACEHOLDER);
  });
});
