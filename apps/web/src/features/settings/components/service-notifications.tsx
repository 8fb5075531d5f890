import { Skeleton } from "@/components/ui/skeleton";
import { Page } from "@/components/layout/page";
import { useServiceNotification } from "../api/get-service-notification";
import { OutboxQueue } from "./outbox-queue";
import { ServiceNotificationForm } from "./service-notification-form";

/** 'Serviço de notificação' (spec 2.10): the SMTP settings, and below them the e-mail queue. */
export function ServiceNotifications() {
  const settings = useServiceNotification();

  return (
    <Page
      title="Serviço de notificação"
      description="Configure o servidor de e-mail (SMTP) que envia as notificações."
    >
      {settings.isPending ? (
        <Skeleton role="status" aria-label="Carregando..." className="h-96 rounded-xl" />
      ) : settings.isError || !settings.data ? (
        <p role="alert" className="text-sm text-destructive">
          Não foi possível carregar o serviço de notificação.
        </p>
      ) : (
        <ServiceNotificationForm key={settings.data.id} settings={settings.data} />
      )}
      <OutboxQueue />
    </Page>
  );
}
