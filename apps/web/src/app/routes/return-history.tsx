import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { AdminReturnHistory } from "@/features/returns/components/return-history";

const auditColumns = [auditHistoryColumn("return")];

export default function ReturnHistoryRoute() {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-1">
        {/* The spec's spelling. */}
        <h1 className="text-2xl font-semibold tracking-tight">Historico de devolução</h1>
        <p className="text-sm text-muted-foreground">
          Gerencie o histórico de devoluções e aplique os filtros conforme necessário.
        </p>
      </div>
      <AdminReturnHistory extraColumns={auditColumns} />
    </div>
  );
}
