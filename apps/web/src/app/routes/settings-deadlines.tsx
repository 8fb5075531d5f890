import type { ScreenTexts } from "@/components/layout/page";
import { DeadlinesSettings } from "@/features/deadlines/components/deadlines-settings";

export default function SettingsDeadlinesRoute(texts: ScreenTexts) {
  return <DeadlinesSettings {...texts} />;
}
