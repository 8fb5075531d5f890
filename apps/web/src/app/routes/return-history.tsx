import { Page, type ScreenTexts } from "@/components/layout/page";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { AdminReturnHistory } from "@/features/returns/components/return-history";

const auditColumns = [auditHistoryColumn("return")];

export default function ReturnHistoryRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <AdminReturnHistory extraColumns={auditColumns} />
    </Page>
  );
}
