import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app/app.js";
import { STORE, bearer, useTestApp } from "../testing/test-app.js";

const t = useTestApp();


function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0]!, d.split(" ").slice(1).join(" ")]),
  );
}

const uploadInvoice = () => t.uploadInvoice();

describe("security headers", () => {
  it("serve the web app under a strict Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.statusCode).toBe(200);
    expect(directives(res.headers["content-security-policy"])).toEqual({
      "default-src": "'self'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self' data:",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "frame-ancestors": "'none'",
      "form-action": "'self'",
    });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("same-origin");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("never force HTTPS on a server that may be reached over plain HTTP", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    expect(String(res.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
  });

  it("ask for HTTPS (HSTS) when the request came over https through a proxy TRUST_PROXY names, and only then", async () => {
    const HSTS = "max-age=31536000; includeSubDomains";
    const overHttps = { "x-forwarded-proto": "https" };
    // No TRUST_PROXY: anyone could send X-Forwarded-Proto.
    expect((await t.app.inject({ method: "GET", url: "/", headers: overHttps })).headers["strict-transport-security"]).toBeUndefined();
    const app = await buildApp({ config: { ...t.config, trustProxy: ["10.0.0.5"] }, database: t.database });
    try {
      const proxied = (url: string, headers: Record<string, string>, remoteAddress = "10.0.0.5") => app.inject({ method: "GET", url, headers, remoteAddress });
      expect((await proxied("/", overHttps)).headers["strict-transport-security"]).toBe(HSTS);
      expect((await proxied("/api/config", overHttps)).headers["strict-transport-security"]).toBe(HSTS);
      expect((await proxied("/api/nada", overHttps)).headers["strict-transport-security"]).toBe(HSTS);
      expect((await proxied("/", { "x-forwarded-proto": "http" })).headers["strict-transport-security"]).toBeUndefined();
      expect((await proxied("/", {})).headers["strict-transport-security"]).toBeUndefined();
      // A client that is not the proxy cannot claim https.
      expect((await proxied("/", overHttps, "192.0.2.9")).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it("come with every API answer, errors included", async () => {
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/config" }),
      await t.app.inject({ method: "GET", url: "/api/picklist/get" }),
      await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) }),
    ]) {
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBeDefined();
    }
  });

  it("let Swagger UI load: its page pulls scripts and styles from its own origin only", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(directives(page.headers["content-security-policy"])["script-src"]).toBe("'self'");
  });

  it("serve invoices as sandboxed attachments the browser may not sniff", async () => {
    const name = await uploadInvoice();
    const res = await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="nfe-[A-Za-z0-9._-]+\.pdf"$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["content-security-policy"]).toBe("sandbox");
    // The refusals too: nothing answered under /uploads runs as the app's origin.
    for (const refused of [
      await t.app.inject({ method: "GET", url: `/uploads/${name}` }),
      await t.app.inject({ method: "GET", url: "/uploads/nao-existe.pdf", headers: bearer(t.adminToken) }),
      await t.app.inject({ method: "GET", url: "/uploads/x.html", headers: bearer(t.adminToken) }),
    ]) {
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.headers["content-security-policy"]).toBe("sandbox");
    }
  });
});

describe("caching and compression", () => {
  it("let no cache keep an API answer", async () => {
    for (const res of [
      await t.app.inject({ method: "GET", url: "/api/config" }),
      await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer(t.adminToken) }),
      await t.app.inject({ method: "GET", url: "/api/picklist/get" }),
    ]) {
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("compress a list for a browser that accepts gzip, and send small answers as they are", async () => {
    await t.createUserAndLogin("Loja Compressão", STORE);
    for (let i = 0; i < 12; i++) {
      const created = await t.app.inject({
        method: "POST",
        url: "/api/picklist/create",
        headers: bearer(t.adminToken),
        payload: { destination: "Loja Compressão", listItems: [`TENIS RUNNER MESH MASC PRETO 41 ${1000 + i}`, "BOTA CHELSEA FEM CARAMELO 36"] },
      });
      expect(created.statusCode).toBe(201);
    }
    const res = await t.app.inject({
      method: "GET",
      url: "/api/picklist/get?store=Loja%20Compress%C3%A3o",
      headers: { ...bearer(t.adminToken), "accept-encoding": "gzip" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    const body = JSON.parse(gunzipSync(res.rawPayload).toString("utf8"));
    expect(body.picklists).toHaveLength(12);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(body)) / 2);

    const small = await t.app.inject({ method: "GET", url: "/api/config", headers: { "accept-encoding": "gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toHaveProperty("companyName");
  });
});
