import { ManageRecipients } from "@/features/settings/components/manage-recipients";

export default function SettingsManageRecipientsRoute() {
  return <ManageRecipients />;
}
