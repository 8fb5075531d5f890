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
let app: ReturnType<typeof Fastify>;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), "passo-web-"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), `<!doctype html><title>Passo</title><script type="module" src="/assets/index-abc123.js"></script>`);
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
});
