import { ApiKeys } from "@/features/api-keys/components/api-keys";

export default function SettingsApiKeysRoute() {
  return <ApiKeys />;
}
