import { ManageRecipients } from "@/features/recipients/components/manage-recipients";

export default function SettingsManageRecipientsRoute() {
  return <ManageRecipients />;
}
