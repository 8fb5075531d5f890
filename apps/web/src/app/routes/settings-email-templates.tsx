import type { ScreenTexts } from "@/components/layout/page";
import { EmailTemplates } from "@/features/email-templates/components/email-templates";

export default function SettingsEmailTemplatesRoute(texts: ScreenTexts) {
  return <EmailTemplates {...texts} />;
}
