import { queryOptions, useQuery } from "@tanstack/react-query";
import { invoiceTicketUrl } from "./upload-invoice";

/**
 * The customer's signature of a pickup (a PNG at /uploads/{name}, served only to those who may see
 * the pickup) as a data URL, ready for an <img> on screen or on a printed receipt. An <img> sends no
 * Authorization header, so the file is read through a one-file ticket (POST /api/uploads/ticket).
 */
async function signatureDataUrl(signatureFileName: string): Promise<string> {
  const response = await fetch(await invoiceTicketUrl(signatureFileName));
  if (!response.ok) throw new Error("Não foi possível abrir a assinatura.");
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error("Não foi possível abrir a assinatura."));
    reader.readAsDataURL(blob);
  });
}

/** One read per signature: the timeline shows it and the receipt prints it from the same cache. */
export const signatureImageQueryOptions = (signatureFileName: string) =>
  queryOptions({ queryKey: ["pickup-signature", signatureFileName], queryFn: () => signatureDataUrl(signatureFileName), staleTime: Infinity });

export const useSignatureImage = (signatureFileName: string | null | undefined) =>
  useQuery({ ...signatureImageQueryOptions(signatureFileName ?? ""), enabled: !!signatureFileName });
