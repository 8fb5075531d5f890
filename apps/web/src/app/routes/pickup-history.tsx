import { Page, type ScreenTexts } from "@/components/layout/page";
import { auditHistoryColumn } from "@/features/audit/components/audit-history-column";
import { PickupHistory } from "@/features/pickups/components/pickup-history";

const auditColumns = [auditHistoryColumn("pickup")];

export default function PickupHistoryRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <PickupHistory variant="admin" extraColumns={auditColumns} />
    </Page>
  );
}
