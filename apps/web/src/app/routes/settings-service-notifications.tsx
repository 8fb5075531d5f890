import { Page } from "@/components/layout/page";
import { EmailOutbox } from "@/features/email-outbox/components/email-outbox";
import { MailServerSettings } from "@/features/mail-server/components/mail-server-settings";

/** 'Serviço de notificação': the SMTP settings, and below them the e-mail queue. */
export default function SettingsServiceNotificationsRoute() {
  return (
    <Page title="Serviço de notificação" description="Configure o servidor de e-mail (SMTP) que envia as notificações.">
      <MailServerSettings />
      <EmailOutbox />
    </Page>
  );
}
