import { FileTextIcon, ReceiptTextIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { invoicePath, invoiceTicketUrl } from "../api/upload-invoice";

const OPEN_FAILED = "Não foi possível abrir a NF-e. Tente novamente.";

/**
 * Downloads the pickup's NF-e (its PDF, or the DANFE of an XML kept alone), or with `danfe` the DANFE of
 * the XML kept beside the PDF (invoiceXmlFileName): the server sends it as a sandboxed attachment, which the browser
 * saves or opens in its own viewer. A download carries no Authorization header, and a token in the URL
 * is refused: the address carries a ticket for that one file, good for a minute, asked for at the click.
 */
export function InvoiceLink({
  invoiceFileName,
  orderNumber,
  compact = true,
  danfe = false,
}: {
  invoiceFileName: string;
  orderNumber: string;
  /** The link to the DANFE of the XML kept beside the PDF, next to 'Abrir NF-e'. */
  danfe?: boolean;
  /** In a table cell: the icon, with 'NF-e' beside it on wide screens. */
  compact?: boolean;
}) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    invoiceTicketUrl(invoiceFileName).then(
      (url) => {
        const download = document.createElement("a");
        download.href = url;
        download.download = "";
        download.rel = "noreferrer";
        download.click();
      },
      (err: unknown) => toast.error(err instanceof Error && err.message ? err.message : OPEN_FAILED),
    );
  };
  const name = danfe ? "DANFE" : "NF-e";
  const Icon = danfe ? ReceiptTextIcon : FileTextIcon;
  return (
    <Button asChild variant="ghost" size="sm" className="h-7 px-2">
      <a href={invoicePath(invoiceFileName)} rel="noreferrer" onClick={open} aria-label={`Abrir ${name} do pedido ${orderNumber}`}>
        <Icon aria-hidden="true" />
        {compact ? <span className="hidden 2xl:inline">{name}</span> : `Abrir ${name}`}
      </a>
    </Button>
  );
}

/** 'Abrir NF-e', and 'DANFE' beside it when the pickup keeps its XML besides the PDF. */
export function InvoiceLinks({
  pickup,
  compact = true,
}: {
  pickup: { invoiceFileName: string; invoiceXmlFileName?: string | null; orderNumber: string };
  compact?: boolean;
}) {
  return (
    <>
      <InvoiceLink invoiceFileName={pickup.invoiceFileName} orderNumber={pickup.orderNumber} compact={compact} />
      {pickup.invoiceXmlFileName && <InvoiceLink invoiceFileName={pickup.invoiceXmlFileName} orderNumber={pickup.orderNumber} compact={compact} danfe />}
    </>
  );
}
