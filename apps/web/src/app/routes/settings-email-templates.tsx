import { EmailTemplates } from "@/features/settings/components/email-templates";

export default function SettingsEmailTemplatesRoute() {
  return <EmailTemplates />;
}
