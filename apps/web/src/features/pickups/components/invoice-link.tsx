import { FileTextIcon } from "lucide-react";
import type { MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { invoicePath, invoiceTicketUrl } from "../api/upload-invoice";

const OPEN_FAILED = "Não foi possível abrir a NF-e. Tente novamente.";

/**
 * Opens the pickup's NF-e (PDF) in a new tab. The tab is opened at the click (a tab opened after a
 * request would be blocked as a pop-up), then sent to the file with a ticket asked for meanwhile.
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
    const tab = window.open("", "_blank");
    if (tab) tab.opener = null;
    invoiceTicketUrl(invoiceFileName).then(
      (url) => {
        if (tab && !tab.closed) tab.location.href = url;
        else window.open(url, "_blank", "noopener");
      },
      (err: unknown) => {
        tab?.close();
        toast.error(err instanceof Error && err.message ? err.message : OPEN_FAILED);
      },
    );
  };
  return (
    <Button asChild variant="ghost" size="sm" className="h-7 px-2">
      <a href={invoicePath(invoiceFileName)} target="_blank" rel="noopener noreferrer" onClick={open} aria-label={`Abrir NF-e do pedido ${orderNumber}`}>
        <FileTextIcon aria-hidden="true" />
        {compact ? <span className="hidden 2xl:inline">NF-e</span> : "Abrir NF-e"}
      </a>
    </Button>
  );
}
