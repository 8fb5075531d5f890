import { Page } from "@/components/layout/page";
import { ReceiveReturns } from "@/features/returns/components/receive-returns";

export default function ReturnStoreRoute() {
  return (
    <Page title="Receber devolução" description="Pesquise a devolução pelo CPF do cliente ou pelo número do pedido.">
      <ReceiveReturns />
    </Page>
  );
}
