import { Skeleton } from "@/components/ui/skeleton";
import { useMailServer } from "../api/get-mail-server";
import { MailServerForm } from "./mail-server-form";

/** The SMTP settings and the customer e-mail switches, once loaded. */
export function MailServerSettings() {
  const settings = useMailServer();
  if (settings.isPending) return <Skeleton role="status" aria-label="Carregando..." className="h-96 rounded-xl" />;
  if (settings.isError || !settings.data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Não foi possível carregar o serviço de notificação.
      </p>
    );
  }
  return <MailServerForm key={settings.data.id} settings={settings.data} />;
}
