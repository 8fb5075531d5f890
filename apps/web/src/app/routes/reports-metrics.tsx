import { Page } from "@/components/layout/page";
import { StoresReport } from "@/features/metrics/components/metrics-report";

export default function ReportsMetricsRoute() {
  return (
    <Page title="Relatórios e métricas" description="Todos os números de cada loja no período escolhido. Clique numa coluna para ordenar.">
      <StoresReport />
    </Page>
  );
}
