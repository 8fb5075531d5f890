import { StoreNotifications } from "@/features/settings/components/store-notifications";

export default function SettingsNotificationsStoresRoute() {
  return <StoreNotifications />;
}
