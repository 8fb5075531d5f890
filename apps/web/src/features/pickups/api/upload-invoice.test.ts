import { afterEach, describe, expect, it, vi } from "vitest";
import { invoicePath, invoiceTicketUrl } from "./upload-invoice";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("where an invoice opens", () => {
  it("opens an XML invoice as its DANFE (?format=pdf), a PDF as it is", () => {
    expect(invoicePath("abc-123.pdf")).toBe("/uploads/abc-123.pdf");
    expect(invoicePath("abc-123.xml")).toBe("/uploads/abc-123.xml?format=pdf");
  });

  it("adds the format to the ticket's address of an XML invoice only", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: string, init: RequestInit = {}) => {
        const { name } = JSON.parse(String(init.body)) as { name: string };
        return new Response(JSON.stringify({ ticket: "t1", url: `/uploads/${name}?ticket=t1`, expiresIn: 60 }), { status: 200, headers: { "content-type": "application/json" } });
      }),
    );
    expect(await invoiceTicketUrl("abc-123.xml")).toBe("/uploads/abc-123.xml?ticket=t1&format=pdf");
    expect(await invoiceTicketUrl("abc-123.pdf")).toBe("/uploads/abc-123.pdf?ticket=t1");
  });
});
