import type { ScreenTexts } from "@/components/layout/page";
import { ApiKeys } from "@/features/api-keys/components/api-keys";

export default function SettingsApiKeysRoute(texts: ScreenTexts) {
  return <ApiKeys {...texts} />;
}
