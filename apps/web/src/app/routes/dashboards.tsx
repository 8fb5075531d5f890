import { Page, type ScreenTexts } from "@/components/layout/page";
import { Dashboard } from "@/features/metrics/components/dashboard";

export default function DashboardsRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <Dashboard variant="admin" />
    </Page>
  );
}
