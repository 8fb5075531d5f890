import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The multipart field the API reads the NF-e from. */
export const INVOICE_FIELD = "invoiceFileName";

/** POST /api/uploads/nfe: stores the PDF and answers the name the pickup will point at. */
export function uploadInvoice(file: File) {
  const form = new FormData();
  form.append(INVOICE_FIELD, file, file.name);
  return api.post<{ message: string; filename: string }>("/uploads/nfe", form);
}

export const useUploadInvoice = () => useMutation({ mutationFn: uploadInvoice });

/**
 * Where an invoice opens in a new tab. A new tab sends no Authorization header, so the token
 * travels in the query (the server answers with Referrer-Policy: no-referrer).
 */
export function invoiceUrl(invoiceFileName: string, token: string | null) {
  const base = `/uploads/${encodeURIComponent(invoiceFileName)}`;
  return token ? `${base}?token=${encodeURIComponent(token)}` : base;
}
