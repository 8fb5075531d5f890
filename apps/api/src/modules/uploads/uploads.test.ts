import { MAX_UPLOAD_BYTES, todayIn } from "@passo/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accessTickets, uploads } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

/** A real, if tiny, one-page PDF. */
function makePdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const PDF = makePdf();

async function multipart(parts: { field: string; content: Uint8Array<ArrayBuffer> | string; filename?: string; type?: string }[]) {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.field, String(part.content));
    else form.append(part.field, new Blob([part.content], { type: part.type ?? "application/pdf" }), part.filename);
  }
  const body = new Response(form);
  return { contentType: body.headers.get("content-type")!, payload: Buffer.from(await body.arrayBuffer()) };
}

async function upload(parts: Parameters<typeof multipart>[0], token: string | null = t.adminToken) {
  const { contentType, payload } = await multipart(parts);
  return t.app.inject({
    method: "POST",
    url: "/api/uploads/nfe",
    headers: { ...(token ? bearer(token) : {}), "content-type": contentType },
    payload,
  });
}

async function uploadPdf(filename = "nota.pdf") {
  const res = await upload([{ field: "invoiceFileName", content: PDF, filename }]);
  expect(res.statusCode).toBe(201);
  return res.json().filename as string;
}

function download(name: string, opts: { token?: string; query?: string } = {}) {
  return t.app.inject({ method: "GET", url: `/uploads/${name}${opts.query ?? ""}`, headers: opts.token ? bearer(opts.token) : {} });
}

const ticketFor = (name: string, token: string) => t.app.inject({ method: "POST", url: "/api/uploads/ticket", headers: bearer(token), payload: { name } });

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };

async function createPickupFor(store: string, invoiceFileName: string, orderNumber: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/pickup/create",
    headers: bearer(t.adminToken),
    payload: {
      pickupStoreName: store,
      scheduledPickupDate: todayIn(t.config.timezone),
      pickupType: "Disponível na loja",
      orderNumber,
      trackingCode: "TR1234",
      invoiceFileName,
      customerFullName: "Maria da Silva",
      customerCPF: "52998224725",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      orderItems: ["TENIS RUNNER 42 123456-7X"],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().pickup as { id: string };
}

beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Norte");
});

describe("uploading an NF-e", () => {
  it("stores a PDF under a name of its own and answers it", async () => {
    const res = await upload([{ field: "invoiceFileName", content: PDF, filename: "../../NF-e\u0007 123.pdf" }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: "Nota fiscal enviada com sucesso!", filename: expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/) });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.name, res.json().filename));
    expect(row).toMatchObject({ originalName: "NF-e 123.pdf", contentType: "application/pdf", size: PDF.byteLength, uploadedBy: "Administrador" });
  });

  it("judges the content, not the name or the declared type", async () => {
    const renamed = await upload([{ field: "invoiceFileName", content: "PK\u0003\u0004 not a pdf", filename: "nota.pdf", type: "application/pdf" }]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toEqual({ error: "O arquivo deve ser o PDF ou o XML da NF-e." });
    const oddlyNamed = await upload([{ field: "invoiceFileName", content: PDF, filename: "nota.bin", type: "application/octet-stream" }]);
    expect(oddlyNamed.statusCode).toBe(201);
  });

  it("refuses a file over 10 MiB", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(0x20);
    big.set(PDF.subarray(0, 9));
    const res = await upload([{ field: "invoiceFileName", content: big, filename: "grande.pdf" }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "O arquivo deve ter no máximo 10 MB." });
  });

  it("accepts a file of exactly 10 MiB", async () => {
    const limit = new Uint8Array(MAX_UPLOAD_BYTES).fill(0x20);
    limit.set(PDF.subarray(0, 9));
    const res = await upload([{ field: "invoiceFileName", content: limit, filename: "limite.pdf" }]);
    expect(res.statusCode).toBe(201);
  });

  it("asks for a file when none was chosen", async () => {
    for (const parts of [
      [{ field: "comentario", content: "sem arquivo" }],
      [{ field: "invoiceFileName", content: new Uint8Array(0), filename: "" }],
      [{ field: "invoiceFileName", content: new Uint8Array(0), filename: "vazio.pdf" }],
      [{ field: "outroCampo", content: PDF, filename: "nota.pdf" }],
    ]) {
      const res = await upload(parts);
      expect(res.statusCode, JSON.stringify(parts[0]?.field)).toBe(400);
      expect(res.json()).toEqual({ error: "Nenhum arquivo NF-e selecionado." });
    }
  });

  it("refuses a body that is not multipart", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: bearer(t.adminToken), payload: { invoiceFileName: "x.pdf" } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("answers a truncated form, or one without its boundary, with 400 {error} and stores nothing", async () => {
    const { contentType, payload } = await multipart([{ field: "invoiceFileName", content: PDF, filename: "nota.pdf" }]);
    const boundary = contentType.split("boundary=")[1]!;
    const before = (await t.database.db.select().from(uploads)).length;
    const cases: [string, string | Buffer][] = [
      [contentType, payload.subarray(0, payload.length - 10)],
      [contentType, payload.subarray(0, 60)],
      [contentType, payload.subarray(0, payload.indexOf("%PDF") + 20)],
      ["multipart/form-data", payload],
      ["multipart/form-data; boundary=", payload],
      ['multipart/form-data; boundary=""', payload],
      [`multipart/form-data; boundary=${boundary}x`, payload],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`],
    ];
    for (const [type, body] of cases) {
      const res = await t.app.inject({ method: "POST", url: "/api/uploads/nfe", headers: { ...bearer(t.adminToken), "content-type": type }, payload: body });
      expect(res.statusCode, `${type} (${body.length} bytes): ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.database.db.select().from(uploads)).length).toBe(before);
  });

  it("lets only an administrator upload", async () => {
    expect((await upload([{ field: "invoiceFileName", content: PDF, filename: "nota.pdf" }], null)).statusCode).toBe(401);
    const store = await upload([{ field: "invoiceFileName", content: PDF, filename: "nota.pdf" }], storeA.token);
    expect(store.statusCode).toBe(403);
  });
});

describe("opening an NF-e", () => {
  let invoiceOfA: string;
  let unused: string;

  beforeAll(async () => {
    invoiceOfA = await uploadPdf();
    unused = await uploadPdf();
    await createPickupFor(storeA.username, invoiceOfA, "PED0000000000042");
  });

  it("serves an administrator the PDF as an attachment, named after the order, never cached", async () => {
    const res = await download(invoiceOfA, { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(Buffer.from(PDF))).toBe(true);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="nfe-PED0000000000042.pdf"');
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("private, no-store");
  });

  it("no longer takes a token in the URL, even a good one", async () => {
    const res = await download(invoiceOfA, { query: `?token=${t.adminToken}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("opens in a browser tab with a ticket: for that file only, for a minute, never for another purpose", async () => {
    const asked = await ticketFor(invoiceOfA, storeA.token);
    expect(asked.statusCode).toBe(200);
    const { ticket, url, expiresIn } = asked.json() as { ticket: string; url: string; expiresIn: number };
    expect(url).toBe(`/uploads/${invoiceOfA}?ticket=${ticket}`);
    expect(expiresIn).toBe(60);
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    // A PDF viewer may ask again to save it, within the minute.
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    // That file only.
    expect((await download(unused, { query: `?ticket=${ticket}` })).statusCode).toBe(401);
    // Not a live stream's.
    expect((await t.app.inject({ method: "GET", url: `/api/events?ticket=${ticket}` })).statusCode).toBe(401);
    const live = (await t.app.inject({ method: "POST", url: "/api/live/ticket", headers: bearer(storeA.token) })).json().ticket as string;
    expect((await download(invoiceOfA, { query: `?ticket=${live}` })).statusCode).toBe(401);

    // Past its minute: refused.
    await t.database.db.update(accessTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accessTickets.resource, invoiceOfA));
    const late = await t.app.inject({ method: "GET", url });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ error: "Acesso expirado. Tente novamente." });
  });

  it("gives a ticket only for an invoice the caller may open, and none after the token signed out", async () => {
    expect((await ticketFor(invoiceOfA, storeB.token)).statusCode).toBe(404);
    expect((await ticketFor(unused, storeA.token)).statusCode).toBe(404);
    expect((await ticketFor("../../etc/passwd", t.adminToken)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/api/uploads/ticket", payload: { name: invoiceOfA } })).statusCode).toBe(401);
    expect((await ticketFor(unused, t.adminToken)).statusCode).toBe(200);

    const leaving = await t.createStore("Loja Sai Da Nota");
    await createPickupFor(leaving.username, invoiceOfA, "PED0000000000044");
    const { url } = (await ticketFor(invoiceOfA, leaving.token)).json() as { url: string };
    expect((await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(leaving.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
  });

  it("names an invoice no pickup points at after the file", async () => {
    const res = await download(unused, { token: t.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="nfe-${unused.replace(/\.pdf$/, "")}.pdf"`);
  });

  it("asks anonymous callers and forged tokens to sign in", async () => {
    expect((await download(invoiceOfA)).statusCode).toBe(401);
    expect((await download(invoiceOfA, { query: "?token=abc.def.ghi" })).statusCode).toBe(401);
    expect((await download(invoiceOfA, { token: `${t.adminToken}x` })).statusCode).toBe(401);
  });

  it("serves a store the invoices of its own pickups only", async () => {
    expect((await download(invoiceOfA, { token: storeA.token })).statusCode).toBe(200);
    const other = await download(invoiceOfA, { token: storeB.token });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "Arquivo não encontrado." });
    expect((await download(unused, { token: storeA.token })).statusCode).toBe(404);
  });

  it("answers unknown names and path tricks with 404", async () => {
    for (const name of [
      "00000000-0000-4000-8000-000000000000.pdf",
      "..%2F..%2Fetc%2Fpasswd",
      "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
      "nota%00.pdf",
      "%2Fetc%2Fpasswd",
    ]) {
      const res = await download(name, { token: t.adminToken });
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain("root:");
    }
    for (const url of ["/uploads/../../etc/passwd", "/uploads/..", "/uploads/%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await t.app.inject({ method: "GET", url, headers: bearer(t.adminToken) });
      expect(res.body, url).not.toContain("root:");
      expect(res.headers["content-type"], url).not.toBe("application/pdf");
    }
  });

  it("forgets an invoice with the last pickup that pointed at it", async () => {
    const invoice = await uploadPdf();
    const pickup = await createPickupFor(storeA.username, invoice, "PED0000000000043");
    const res = await t.app.inject({ method: "DELETE", url: `/api/pickup/delete/${pickup.id}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect((await download(invoice, { token: t.adminToken })).statusCode).toBe(404);
  });
});
