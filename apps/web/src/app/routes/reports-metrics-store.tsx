import { Page, type ScreenTexts } from "@/components/layout/page";
import { StoreWeeklyReport } from "@/features/metrics/components/metrics-report";

export default function ReportsMetricsStoreRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <StoreWeeklyReport />
    </Page>
  );
}
