import { Page, type ScreenTexts } from "@/components/layout/page";
import { SupervisorDashboard } from "@/features/metrics/components/supervisor-dashboard";

export default function DashboardsSupervisorRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <SupervisorDashboard />
    </Page>
  );
}
