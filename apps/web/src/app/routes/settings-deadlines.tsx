import { DeadlinesSettings } from "@/features/deadlines/components/deadlines-settings";

export default function SettingsDeadlinesRoute() {
  return <DeadlinesSettings />;
}
