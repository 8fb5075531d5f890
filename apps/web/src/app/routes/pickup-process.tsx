import { Page } from "@/components/layout/page";
import { PickupProcess } from "@/features/pickups/components/pickup-process";

export default function PickupProcessRoute() {
  return (
    <Page title="Processos de retirada" description="Acompanhe os pedidos em trânsito e os que aguardam retirada nas lojas.">
      <PickupProcess />
    </Page>
  );
}
