import type { ScreenTexts } from "@/components/layout/page";
import { StoreRules } from "@/features/store-rules/components/store-rules";

export default function SettingsNotificationsStoresRoute(texts: ScreenTexts) {
  return <StoreRules {...texts} />;
}
