import { Page } from "@/components/layout/page";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { PickupHistory } from "@/features/pickups/components/pickup-history";

const auditColumns = [auditHistoryColumn("pickup")];

export default function PickupHistoryRoute() {
  // The product gives this screen this title, spelling included.
  return (
    <Page title="Historico de envios" description="Gerencie o histórico de retiradas e aplique os filtros conforme necessário.">
      <PickupHistory variant="admin" extraColumns={auditColumns} />
    </Page>
  );
}
