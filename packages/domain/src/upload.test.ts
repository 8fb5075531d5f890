import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, invoiceFileIssue } from "./upload.js";

describe("a chosen NF-e file", () => {
  it("is accepted as a PDF up to the size limit", () => {
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "application/pdf", size: MAX_UPLOAD_BYTES })).toBeUndefined();
    expect(invoiceFileIssue({ name: "NFE.PDF", type: "", size: 1_000 })).toBeUndefined();
  });

  it("is refused when it is not a PDF", () => {
    expect(invoiceFileIssue({ name: "nfe.png", type: "image/png", size: 1_000 })).toBe("O arquivo deve ser um PDF.");
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "text/plain", size: 1_000 })).toBe("O arquivo deve ser um PDF.");
    expect(invoiceFileIssue({ name: "nfe.txt", type: "", size: 1_000 })).toBe("O arquivo deve ser um PDF.");
  });

  it("is refused above the size limit", () => {
    expect(invoiceFileIssue({ name: "nfe.pdf", type: "application/pdf", size: MAX_UPLOAD_BYTES + 1 })).toBe("O arquivo deve ter no máximo 10 MB.");
  });
});
