import { Page } from "@/components/layout/page";
import { Dashboard } from "@/features/metrics/components/dashboard";

export default function DashboardsStoreRoute() {
  return (
    <Page title="Dashboards" description="Acompanhe os números da sua loja no período escolhido, ao lado da mediana da rede.">
      <Dashboard variant="store" />
    </Page>
  );
}
