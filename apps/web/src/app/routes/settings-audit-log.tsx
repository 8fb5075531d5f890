import { Page, type ScreenTexts } from "@/components/layout/page";
import { AuditLogReport } from "@/features/audit/components/audit-log-report";

export default function SettingsAuditLogRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <AuditLogReport />
    </Page>
  );
}
