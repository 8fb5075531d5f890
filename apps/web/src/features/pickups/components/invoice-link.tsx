import { FileTextIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TOKEN_COOKIE } from "@/lib/api-client";
import { readCookie } from "@/lib/cookies";
import { invoiceUrl } from "../api/upload-invoice";

/** Opens the pickup's NF-e (PDF) in a new tab. */
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
  // Read when rendered, so a token renewed by a password change is the one used.
  const token = readCookie(TOKEN_COOKIE) ?? null;
  return (
    <Button asChild variant="ghost" size="sm" className="h-7 px-2">
      <a href={invoiceUrl(invoiceFileName, token)} target="_blank" rel="noopener noreferrer" aria-label={`Abrir NF-e do pedido ${orderNumber}`}>
        <FileTextIcon aria-hidden="true" />
        {compact ? <span className="hidden 2xl:inline">NF-e</span> : "Abrir NF-e"}
      </a>
    </Button>
  );
}
