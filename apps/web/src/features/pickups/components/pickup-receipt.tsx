import { PICKED_UP, PICKUP_COLLECTOR_LABELS, pickupCollector } from "@passo/domain";
import { PrinterIcon } from "lucide-react";
import { ReceiptPage } from "@/components/print/receipt-page";
import { usePrintSheet } from "@/components/print/print-sheet";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAppConfig } from "@/lib/app-config";
import { formatDateTime } from "@/lib/dates";
import type { PickupView } from "../api/get-pickups";
import { signatureImageQueryOptions } from "../api/signature";
import { useQueryClient } from "@tanstack/react-query";

/** 'Retirado por': the name, whether a third party, and the masked CPF that matched. */
export function collectorText(pickup: PickupView): string | undefined {
  const collector = pickupCollector(pickup);
  if (!collector) return undefined;
  const who = PICKUP_COLLECTOR_LABELS[collector.thirdParty ? "thirdParty" : "customer"].toLowerCase();
  return `${collector.name} (${who}), CPF ${collector.cpf}`;
}

/** The 'Comprovante de retirada' of a collected order. */
export function PickupReceipt({ pickup, company, signatureImage }: { pickup: PickupView; company: string; signatureImage?: string | undefined }) {
  return (
    <ReceiptPage
      company={company}
      title="Comprovante de retirada"
      code={pickup.orderNumber}
      fields={[
        { term: "Número do pedido", value: pickup.orderNumber },
        { term: "Loja", value: pickup.pickupStoreName },
        { term: "Data e hora", value: formatDateTime(pickup.actualPickupDate) },
        { term: "Cliente", value: pickup.customerFullName },
        { term: "Retirado por", value: collectorText(pickup) ?? "Não registrado" },
        { term: "Entregue por", value: pickup.handedOverBy ?? "Não registrado" },
        ...(pickup.receivedBy ? [{ term: "Recebido por", value: pickup.receivedBy }] : []),
        // The pickup keeps the NF-e as a stored file, not its number; the file's name tells the customer nothing.
        { term: "NF-e", value: pickup.invoiceFileName ? "Anexada ao pedido" : "Não anexada" },
      ]}
      items={pickup.orderItems}
      signature="Assinatura de quem retirou"
      signatureImage={signatureImage ? { src: signatureImage, alt: "Assinatura do cliente" } : undefined}
    />
  );
}

/** 'Imprimir comprovante': only for an order already collected. */
export function PrintPickupReceiptButton({ pickup, className }: { pickup: PickupView; className?: string }) {
  const config = useAppConfig();
  const { print, sheet, printing } = usePrintSheet();
  const queryClient = useQueryClient();
  if (pickup.pickupStatus !== PICKED_UP) return null;
  return (
    <>
      <Button
        variant="outline"
        className={className}
        disabled={printing}
        onClick={() =>
          void (async () => {
            // The signature drawn at the counter is read before the sheet prints (a missing one: the blank line).
            const signatureImage = pickup.signatureFileName
              ? await queryClient.fetchQuery(signatureImageQueryOptions(pickup.signatureFileName)).catch(() => undefined)
              : undefined;
            await print(<PickupReceipt pickup={pickup} company={config.data?.companyName ?? ""} signatureImage={signatureImage} />);
          })()
        }
      >
        {printing ? <Spinner aria-hidden="true" /> : <PrinterIcon aria-hidden="true" />}
        Imprimir comprovante
      </Button>
      {sheet}
    </>
  );
}
