import { MAX_NFE_XML_BYTES, NFE_MESSAGES } from "./nfe.js";
import { PICKUP_MESSAGES } from "./pickup.js";

/** The largest NF-e PDF a pickup's invoice may be. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The texts of the invoice upload, the API answering in the same words. */
export const UPLOAD_MESSAGES = {
  uploaded: "Nota fiscal enviada com sucesso!",
  noFile: PICKUP_MESSAGES.invoiceMissing,
  /** Neither the NF-e's PDF nor its XML. */
  notPdf: "O arquivo deve ser o PDF ou o XML da NF-e.",
  tooLarge: `O arquivo deve ter no máximo ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  notFound: "Arquivo não encontrado.",
  /** A form cut short, or sent without the boundary that separates its parts. */
  malformed: "O envio do arquivo chegou incompleto. Tente enviar de novo.",
} as const;

/** What a browser knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

/** Whether a chosen file is the NF-e's XML, by its type or, when the browser gives none, its name. */
export function isXmlFile(file: ChosenFile): boolean {
  return file.type ? ["application/xml", "text/xml"].includes(file.type) : /\.xml$/i.test(file.name);
}

/**
 * Why a chosen invoice cannot be sent, before it is: neither a PDF nor an XML (by its type or,
 * when the browser gives none, its name) or larger than its limit. The server still checks the content.
 */
export function invoiceFileIssue(file: ChosenFile): string | undefined {
  if (isXmlFile(file)) return file.size > MAX_NFE_XML_BYTES ? NFE_MESSAGES.tooLarge : undefined;
  const pdf = file.type ? file.type === "application/pdf" : /\.pdf$/i.test(file.name);
  if (!pdf) return UPLOAD_MESSAGES.notPdf;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return undefined;
}

/**
 * Why the files chosen for one pickup cannot be sent together: the first file's own issue
 * (invoiceFileIssue), then more than two, or two of the same kind (the NF-e's PDF and its XML, at most one each).
 */
export function invoiceFilesIssue(files: readonly ChosenFile[]): string | undefined {
  for (const file of files) {
    const issue = invoiceFileIssue(file);
    if (issue) return issue;
  }
  if (files.length > 2 || (files.length === 2 && isXmlFile(files[0]!) === isXmlFile(files[1]!))) return PICKUP_MESSAGES.invoicePair;
  return undefined;
}

/**
 * The files of the field after a new choice: one file of the other kind joins the single file already
 * chosen (the PDF, then the XML, or the other way round); any other choice replaces what was there.
 */
export function nextInvoiceFiles<F extends ChosenFile>(kept: readonly F[], chosen: readonly F[]): F[] {
  if (kept.length === 1 && chosen.length === 1 && isXmlFile(kept[0]!) !== isXmlFile(chosen[0]!)) return [kept[0]!, chosen[0]!];
  return [...chosen];
}
