import { Page, type ScreenTexts } from "@/components/layout/page";
import { EmailOutbox } from "@/features/email-outbox/components/email-outbox";
import { MailServerSettings } from "@/features/mail-server/components/mail-server-settings";

/** 'Serviço de notificação': the SMTP settings, and below them the e-mail queue. */
export default function SettingsServiceNotificationsRoute({ title, description }: ScreenTexts) {
  return (
    <Page title={title} description={description}>
      <MailServerSettings />
      <EmailOutbox />
    </Page>
  );
}
