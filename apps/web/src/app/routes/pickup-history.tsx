import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { PickupHistory } from "@/features/pickups/components/pickup-history";

const auditColumns = [auditHistoryColumn("pickup")];

export default function PickupHistoryRoute() {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="space-y-1">
        {/* Spec 2.6 gives this screen's title as 'Historico de envios', as written. */}
        <h1 className="text-2xl font-semibold tracking-tight">Historico de envios</h1>
        <p className="text-sm text-muted-foreground">Gerencie o histórico de retiradas e aplique os filtros conforme necessário.</p>
      </div>
      <PickupHistory variant="admin" extraColumns={auditColumns} />
    </div>
  );
}
