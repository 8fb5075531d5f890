import type { Nfe } from "@passo/domain";
import { useCreation } from "@/hooks/use-creation";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";

/** The multipart field the API reads the NF-e from. */
export const INVOICE_FIELD = "invoiceFileName";

/** What the upload answers: the stored name, and for the NF-e's XML what the server read from it. */
export interface UploadedInvoice {
  message: string;
  filename: string;
  nfe?: Nfe;
}

/** POST /api/uploads/nfe: stores the PDF or the XML and answers the name the pickup will point at. */
export function uploadInvoice(file: File, idempotencyKey: string) {
  const form = new FormData();
  form.append(INVOICE_FIELD, file, file.name);
  return api.post<UploadedInvoice>("/uploads/nfe", form, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export const useUploadInvoice = () =>
  useCreation({ create: uploadInvoice, fingerprint: (file: File) => `${file.name}:${file.size}:${file.lastModified}` });

/** An XML invoice opens as its simplified DANFE, a PDF to print (`?format=pdf`); a PDF as it is. */
const printable = (invoiceFileName: string) => (/\.xml$/i.test(invoiceFileName) ? "format=pdf" : "");

/**
 * Where an invoice opens in a new tab. A new tab sends no Authorization header, and a token in the
 * URL is refused: the address carries a ticket for that one file, good for a minute
 * (POST /api/uploads/ticket; the server answers the PDF with Referrer-Policy: no-referrer).
 */
export async function invoiceTicketUrl(invoiceFileName: string): Promise<string> {
  const url = (await api.post<{ url: string }>("/uploads/ticket", { name: invoiceFileName })).url;
  const format = printable(invoiceFileName);
  return format ? `${url}${url.includes("?") ? "&" : "?"}${format}` : url;
}

/** The invoice's own address, for the link's href: opening it as it is asks to sign in. */
export const invoicePath = (invoiceFileName: string) => {
  const format = printable(invoiceFileName);
  return `/uploads/${encodeURIComponent(invoiceFileName)}${format ? `?${format}` : ""}`;
};
