import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../testing/test-app.js";

const t = useTestApp();

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

function directives(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0]!, d.split(" ").slice(1).join(" ")]),
  );
}

async function uploadInvoice(): Promise<string> {
  const form = new FormData();
  form.append("invoiceFileName", new Blob([PDF], { type: "application/pdf" }), "nota.pdf");
  const body = new Response(form);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/uploads/nfe",
    headers: { ...bearer(t.adminToken), "content-type": body.headers.get("content-type")! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
  expect(res.statusCode).toBe(201);
  return res.json().filename;
}

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

  it("serve invoices as attachments the browser may not sniff, without a page policy for the PDF viewer", async () => {
    const name = await uploadInvoice();
    const res = await t.app.inject({ method: "GET", url: `/uploads/${name}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^inline; filename="nfe-[A-Za-z0-9._-]+\.pdf"$/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["content-security-policy"]).toBeUndefined();
  });
});
