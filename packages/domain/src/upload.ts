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
} as const;
