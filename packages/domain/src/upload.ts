import { PICKUP_MESSAGES } from "./pickup.js";

/** The largest NF-e PDF a pickup's invoice may be. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** The texts of the invoice upload, the API answering in the same words. */
export const UPLOAD_MESSAGES = {
  uploaded: "Nota fiscal enviada com sucesso!",
  noFile: PICKUP_MESSAGES.invoiceMissing,
  notPdf: "O arquivo deve ser um PDF.",
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

/**
 * Why a chosen invoice cannot be sent, before it is: not a PDF (by its type or, when the
 * browser gives none, its name) or larger than the limit. The server still checks the content.
 */
export function invoiceFileIssue(file: ChosenFile): string | undefined {
  const pdf = file.type ? file.type === "application/pdf" : /\.pdf$/i.test(file.name);
  if (!pdf) return UPLOAD_MESSAGES.notPdf;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return undefined;
}
