import { Page, type ScreenTexts } from "@/components/layout/page";
import { StoresReport } from "@/features/metrics/components/metrics-report";

export default function ReportsMetricsRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <StoresReport />
    </Page>
  );
}
