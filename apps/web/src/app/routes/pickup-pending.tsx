import { Page } from "@/components/layout/page";
import { PendingPickups } from "@/features/pickups/components/pending-pickups";

export default function PickupPendingRoute() {
  return (
    <Page title="Iniciar retirada" description="Confirme o recebimento dos pedidos e a retirada pelo cliente ou por um terceiro autorizado.">
      <PendingPickups />
    </Page>
  );
}
