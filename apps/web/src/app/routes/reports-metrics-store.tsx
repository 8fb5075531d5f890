import { Page } from "@/components/layout/page";
import { StoreWeeklyReport } from "@/features/metrics/components/metrics-report";

export default function ReportsMetricsStoreRoute() {
  return (
    <Page title="Relatórios e métricas" description="Os números da sua loja, semana a semana.">
      <StoreWeeklyReport />
    </Page>
  );
}
