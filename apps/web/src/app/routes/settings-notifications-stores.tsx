import { StoreRules } from "@/features/store-rules/components/store-rules";

export default function SettingsNotificationsStoresRoute() {
  return <StoreRules />;
}
