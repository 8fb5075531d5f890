import { Page } from "@/components/layout/page";
import { StoreReturnHistory } from "@/features/returns/components/return-history";

export default function ReturnHistoryStoreRoute() {
  return (
    <Page title="Histórico de devoluções" description="Consulte as devoluções recebidas ou recusadas pela loja e aplique os filtros conforme necessário.">
      <StoreReturnHistory />
    </Page>
  );
}
