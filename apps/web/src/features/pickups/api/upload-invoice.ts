import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";

/** The multipart field the API reads the NF-e from. */
export const INVOICE_FIELD = "invoiceFileName";

/** POST /api/uploads/nfe: stores the PDF and answers the name the pickup will point at. */
export function uploadInvoice(file: File, idempotencyKey: string) {
  const form = new FormData();
  form.append(INVOICE_FIELD, file, file.name);
  return api.post<{ message: string; filename: string }>("/uploads/nfe", form, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export const useUploadInvoice = () =>
  useCreation({ create: uploadInvoice, fingerprint: (file: File) => `${file.name}:${file.size}:${file.lastModified}` });

/**
 * Where an invoice opens in a new tab. A new tab sends no Authorization header, so the token
 * travels in the query (the server answers with Referrer-Policy: no-referrer).
 */
export function invoiceUrl(invoiceFileName: string, token: string | null) {
  const base = `/uploads/${encodeURIComponent(invoiceFileName)}`;
  return token ? `${base}?token=${encodeURIComponent(token)}` : base;
}
