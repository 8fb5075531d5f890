import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, invoiceFileIssue, invoiceFilesIssue, nextInvoiceFiles } from "./upload.js";

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

describe("the NF-e's files of one pickup", () => {
  const pdf = { name: "nfe.pdf", type: "application/pdf", size: 1_000 };
  const otherPdf = { name: "outra.pdf", type: "application/pdf", size: 1_000 };
  const xml = { name: "nfe.xml", type: "text/xml", size: 1_000 };
  const otherXml = { name: "outra.xml", type: "", size: 1_000 };
  const PAIR = "Envie no máximo um PDF e um XML da NF-e.";

  it("takes the PDF, the XML, or one of each", () => {
    expect(invoiceFilesIssue([pdf])).toBeUndefined();
    expect(invoiceFilesIssue([xml])).toBeUndefined();
    expect(invoiceFilesIssue([xml, pdf])).toBeUndefined();
  });

  it("refuses two of a kind, or three files, and says why a single file cannot go", () => {
    expect(invoiceFilesIssue([pdf, otherPdf])).toBe(PAIR);
    expect(invoiceFilesIssue([xml, otherXml])).toBe(PAIR);
    expect(invoiceFilesIssue([pdf, xml, otherPdf])).toBe(PAIR);
    expect(invoiceFilesIssue([pdf, { name: "foto.png", type: "image/png", size: 10 }])).toBe("O arquivo deve ser o PDF ou o XML da NF-e.");
  });

  it("adds one file of the other kind beside a single chosen file; any other choice replaces", () => {
    expect(nextInvoiceFiles([pdf], [xml])).toEqual([pdf, xml]);
    expect(nextInvoiceFiles([xml], [pdf])).toEqual([xml, pdf]);
    expect(nextInvoiceFiles([pdf], [otherPdf])).toEqual([otherPdf]);
    expect(nextInvoiceFiles([pdf, xml], [otherXml])).toEqual([otherXml]);
    expect(nextInvoiceFiles([], [pdf, xml])).toEqual([pdf, xml]);
  });
});
