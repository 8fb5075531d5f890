import { FileTextIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { invoicePath, invoiceTicketUrl } from "../api/upload-invoice";

const OPEN_FAILED = "Não foi possível abrir a NF-e. Tente novamente.";

/**
 * Downloads the pickup's NF-e (PDF): the server sends it as a sandboxed attachment, which the browser
 * saves or opens in its own viewer. A download carries no Authorization header, and a token in the URL
 * is refused: the address carries a ticket for that one file, good for a minute, asked for at the click.
 */
export function InvoiceLink({
  invoiceFileName,
  orderNumber,
  compact = true,
}: {
  invoiceFileName: string;
  orderNumber: string;
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
  return (
    <Button asChild variant="ghost" size="sm" className="h-7 px-2">
      <a href={invoicePath(invoiceFileName)} rel="noreferrer" onClick={open} aria-label={`Abrir NF-e do pedido ${orderNumber}`}>
        <FileTextIcon aria-hidden="true" />
        {compact ? <span className="hidden 2xl:inline">NF-e</span> : "Abrir NF-e"}
      </a>
    </Button>
  );
}
