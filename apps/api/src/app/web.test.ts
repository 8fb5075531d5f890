import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webApp } from "./web.js";

const script = `console.log(${JSON.stringify("Passo ".repeat(400))});\n`;
let root: string;
const page = (drawn: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>Passo</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root">${drawn}</div></body></html>`;
let app: ReturnType<typeof Fastify>;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "passo-web-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), page(""));
  writeFileSync(path.join(root, "login.html"), page("<main><p>Use o e-mail e a senha da sua conta.</p></main>"));
  writeFileSync(
    path.join(root, "route-preloads.json"),
    JSON.stringify({
      "/login": ["assets/login-7a8b.js", "assets/form-ui-9c0d.js"],
      "/picklist-pending": ["assets/pending-1a2b.js", "assets/shell-3c4d.js"],
      "/pickup-pending": ["assets/pickups-5e6f.js"],
    }),
  );
  mkdirSync(path.join(root, "frames"));
  writeFileSync(path.join(root, "frames/picklist-pending.html"), page('<div data-frame="/picklist-pending"><h1>Iniciar separação</h1></div>'));
  writeFileSync(path.join(root, "assets/index-abc123.js"), script);
  writeFileSync(path.join(root, "assets/index-abc123.js.br"), brotliCompressSync(script));
  // a chunk built without its .br/.gz beside it
  writeFileSync(path.join(root, "assets/other-def456.js"), script);
  app = Fastify();
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(webApp, { root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe("the built web app", () => {
  it("serves hashed assets for a year, immutable, precompressed when the build wrote them", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it("compresses an asset the build left uncompressed, for a browser that accepts it", async () => {
    const res = await app.inject({ method: "GET", url: "/assets/other-def456.js", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it("makes the browser revalidate the page itself, at its address and at any screen's address", async () => {
    for (const url of ["/index.html", "/picklist-process"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body).toContain("<title>Passo</title>");
    }
  });

  it("answers '/login' already drawn to a visitor without a session, and the empty page to one with a session", async () => {
    const drawn = await app.inject({ method: "GET", url: "/login?from=x" });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(drawn.headers["cache-control"]).toBe("no-cache");
    expect(drawn.body).toContain("Use o e-mail e a senha da sua conta.");
    const signedIn = await app.inject({ method: "GET", url: "/login", headers: { cookie: "token=abc; user=%7B%7D" } });
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(signedIn.body).not.toContain("Use o e-mail");
  });

  it("preloads a screen's chunks with the page when the visitor has a session, and only then", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);
    const signedIn = await app.inject({ method: "GET", url: "/picklist-pending", headers: { cookie: "theme=light; token=abc" } });
    expect(preloads(signedIn.body)).toEqual(["/assets/pending-1a2b.js", "/assets/shell-3c4d.js"]);
    expect(signedIn.body.indexOf("modulepreload")).toBeLessThan(signedIn.body.indexOf("</head>"));
    expect(signedIn.body).not.toContain("login-7a8b.js");
    const anonymous = await app.inject({ method: "GET", url: "/picklist-pending" });
    expect(preloads(anonymous.body)).toEqual([]);
    const unknown = await app.inject({ method: "GET", url: "/constructor", headers: { cookie: "token=abc" } });
    expect(unknown.statusCode).toBe(200);
    expect(preloads(unknown.body)).toEqual([]);
  });

  it("preloads the login's chunks for a visitor without a session, on the login and at any address the guard sends to it", async () => {
    const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const login = await app.inject({ method: "GET", url: "/login" });
    expect(login.body).toContain("Use o e-mail e a senha da sua conta.");
    expect(preloads(login.body)).toEqual(["/assets/login-7a8b.js", "/assets/form-ui-9c0d.js"]);
    expect(login.body.indexOf("modulepreload")).toBeLessThan(login.body.indexOf("</head>"));
    for (const url of ["/", "/picklist-pending"]) {
      expect(preloads((await app.inject({ method: "GET", url })).body), url).toEqual(["/assets/login-7a8b.js", "/assets/form-ui-9c0d.js"]);
    }
  });

  it("answers a screen's address with its frame drawn at build time to a visitor with a session, with its preloads", async () => {
    const framed = await app.inject({ method: "GET", url: "/picklist-pending", headers: { cookie: "token=abc; user=%7B%7D; theme=dark" } });
    expect(framed.body).toContain('<div id="root"><div data-frame="/picklist-pending"><h1>Iniciar separação</h1></div></div>');
    expect(framed.body).toContain('href="/assets/pending-1a2b.js"');
    expect(framed.body).toContain('<html class="dark"');
    // Without a session the frame is not sent (the page goes to /login); a screen without a frame gets the empty page.
    expect((await app.inject({ method: "GET", url: "/picklist-pending" })).body).toContain('<div id="root"></div>');
    const unframed = await app.inject({ method: "GET", url: "/pickup-pending", headers: { cookie: "token=abc" } });
    expect(unframed.body).toContain('<div id="root"></div>');
    expect(unframed.body).toContain('href="/assets/pickups-5e6f.js"');
  });

  it("marks the page dark from the first paint when the theme cookie says so", async () => {
    const dark = await app.inject({ method: "GET", url: "/login", headers: { cookie: "theme=dark" } });
    expect(dark.body).toContain('<html class="dark" style="color-scheme: dark" lang="pt-BR">');
    const light = await app.inject({ method: "GET", url: "/login", headers: { cookie: "theme=light" } });
    expect(light.body).toContain('<html lang="pt-BR">');
  });
});
