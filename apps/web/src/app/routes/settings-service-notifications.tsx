import { ServiceNotifications } from "@/features/settings/components/service-notifications";

export default function SettingsServiceNotificationsRoute() {
  return <ServiceNotifications />;
}
