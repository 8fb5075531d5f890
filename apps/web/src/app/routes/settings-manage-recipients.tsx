import type { ScreenTexts } from "@/components/layout/page";
import { ManageRecipients } from "@/features/recipients/components/manage-recipients";

export default function SettingsManageRecipientsRoute(texts: ScreenTexts) {
  return <ManageRecipients {...texts} />;
}
