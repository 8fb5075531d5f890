import { Page } from "@/components/layout/page";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { AdminReturnHistory } from "@/features/returns/components/return-history";

const auditColumns = [auditHistoryColumn("return")];

export default function ReturnHistoryRoute() {
  // The product's spelling.
  return (
    <Page title="Historico de devolução" description="Gerencie o histórico de devoluções e aplique os filtros conforme necessário.">
      <AdminReturnHistory extraColumns={auditColumns} />
    </Page>
  );
}
