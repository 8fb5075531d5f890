import { Page } from "@/components/layout/page";
import { AuditLogReport } from "@/features/audit/components/audit-log-report";

export default function SettingsAuditLogRoute() {
  return (
    <Page title="Relatório de alterações" description="Veja quem alterou cada registro, quando e o quê. Filtre por período, usuário, tipo de registro e ação.">
      <AuditLogReport />
    </Page>
  );
}
