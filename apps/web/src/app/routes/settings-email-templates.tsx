import { EmailTemplates } from "@/features/email-templates/components/email-templates";

export default function SettingsEmailTemplatesRoute() {
  return <EmailTemplates />;
}
