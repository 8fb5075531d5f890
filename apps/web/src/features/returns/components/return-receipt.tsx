import { RETURN_COMPLETED, RETURN_RECEIVED, RETURN_REFUSED } from "@passo/domain";
import { PrinterIcon } from "lucide-react";
import { ReceiptPage } from "@/components/print/receipt-page";
import { usePrintSheet } from "@/components/print/print-sheet";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAppConfig } from "@/lib/app-config";
import { formatDateTime } from "@/lib/dates";
import type { StoreReturnRecord } from "../api/get-returns";

/** A store's decision on a return, which its receipt records: taken in (then maybe completed) or refused. */
const DECIDED = [RETURN_RECEIVED, RETURN_COMPLETED, RETURN_REFUSED] as readonly string[];

/** The 'Comprovante de devolução' of a return a store took in or refused (with the reason). */
export function ReturnReceipt({ returnOrder, company, printedAt }: { returnOrder: StoreReturnRecord; company: string; printedAt: Date }) {
  const refused = returnOrder.returnStatus === RETURN_REFUSED;
  return (
    <ReceiptPage
      company={company}
      title="Comprovante de devolução"
      code={returnOrder.orderNumber}
      fields={[
        { term: "Número do pedido", value: returnOrder.orderNumber },
        { term: "Loja", value: returnOrder.returnStore ?? "" },
        { term: "Resultado", value: refused ? "Devolução recusada" : "Devolução aceita" },
        ...(refused ? [{ term: "Motivo da recusa", value: returnOrder.reasonForRefusal }] : []),
        ...(returnOrder.dateOfReturn ? [{ term: "Data da devolução", value: formatDateTime(returnOrder.dateOfReturn) }] : []),
        ...(returnOrder.receivedBy ? [{ term: "Recebido por", value: returnOrder.receivedBy }] : []),
        { term: "Cliente", value: `${returnOrder.customerFullName}, CPF ${returnOrder.customerCPF}` },
        { term: "Impresso em", value: formatDateTime(printedAt) },
      ]}
      items={returnOrder.returnItems}
      signature="Assinatura do cliente"
    />
  );
}

/** 'Imprimir comprovante': once the store has taken the return in or refused it. */
export function PrintReturnReceiptButton({ returnOrder }: { returnOrder: StoreReturnRecord }) {
  const config = useAppConfig();
  const { print, sheet, printing } = usePrintSheet();
  if (!DECIDED.includes(returnOrder.returnStatus) || !returnOrder.returnStore) return null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        className="pointer-coarse:h-11"
        disabled={printing}
        aria-label={`Imprimir comprovante do pedido ${returnOrder.orderNumber}`}
        onClick={() => void print(<ReturnReceipt returnOrder={returnOrder} company={config.data?.companyName ?? ""} printedAt={new Date()} />)}
      >
        {printing ? <Spinner aria-hidden="true" /> : <PrinterIcon aria-hidden="true" />}
        Imprimir comprovante
      </Button>
      {sheet}
    </>
  );
}
