import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, invoiceFileIssue } from "./upload.js";

describe("a chosen NF-e file", () => {
  it("is accepted as a PDF up to the size limit", () => {
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "application/pdf", size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(invoiceFileIssue({ name: "NFE.PDF", type: "", size: 1_000 })).toBeUndefined();
  });

  it("is refused when it is not a PDF", () => {
    expect(invoiceFileIssue({ name: "nfe.png", type: "image/png", size: 1_000 })).toBe("O arquivo deve ser o PDF ou o XML da NF-e.");
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "text/plain", size: 1_000 })).toBe("O arquivo deve ser o PDF ou o XML da NF-e.");
    expect(invoiceFileIssue({ name: "nfe.txt", type: "", size: 1_000 })).toBe("O arquivo deve ser o PDF ou o XML da NF-e.");
  });

  it("is accepted as the NF-e's XML up to 1 MB, and refused above it", () => {
    expect(invoiceFileIssue({ name: "nfe.xml", type: "text/xml", size: 1024 * 1024 })).toBeUndefined();
    expect(invoiceFileIssue({ name: "35261112345678000195550010000012341000012344-procNFe.XML", type: "", size: 10_000 })).toBeUndefined();
    expect(invoiceFileIssue({ name: "nfe.xml", type: "application/xml", size: 1024 * 1024 + 1 })).toBe("O XML da NF-e deve ter no máximo 1 MB.");
  });

  it("is refused above the size limit", () => {
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "application/pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe("O arquivo deve ter no máximo 10 MB.");
  });
});
