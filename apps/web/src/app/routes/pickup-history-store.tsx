import { Page } from "@/components/layout/page";
import { PickupHistory } from "@/features/pickups/components/pickup-history";

export default function PickupHistoryStoreRoute() {
  return (
    <Page title="Histórico de retiradas" description="Consulte as retiradas da loja e aplique os filtros conforme necessário.">
      <PickupHistory variant="store" />
    </Page>
  );
}
