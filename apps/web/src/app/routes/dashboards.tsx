import { Page } from "@/components/layout/page";
import { Dashboard } from "@/features/metrics/components/dashboard";

export default function DashboardsRoute() {
  return (
    <Page title="Dashboards" description="Acompanhe os números da rede no período escolhido, comparados ao período anterior.">
      <Dashboard variant="admin" />
    </Page>
  );
}
