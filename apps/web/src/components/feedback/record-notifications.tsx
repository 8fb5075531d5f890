import type { OutboxEmail, OutboxKind } from "@passo/domain";
import { MailIcon } from "lucide-react";
import { useState } from "react";
import { useRecordNotifications } from "@/api/record-notifications";
import { RowActionButton } from "@/components/data-table/row-actions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/dates";
import { OUTBOX_KIND_LABELS } from "@/lib/outbox-labels";
import { cn } from "@/lib/utils";

/** What became of the e-mail, and when. */
function deliveryText(email: OutboxEmail): string {
  if (email.status === "sent" && email.sentAt) return `Enviado em ${formatDateTime(email.sentAt)}`;
  if (email.status === "failed") return `Falhou${email.lastError ? `: ${email.lastError}` : ""}`;
  return `Na fila desde ${formatDateTime(email.createdAt)}`;
}

/** The e-mails about a record, for its timeline: what, to whom, when, sent or failed. */
export function RecordNotifications({ recordId }: { recordId: string }) {
  const notifications = useRecordNotifications(recordId);
  return (
    <div className="mt-4 border-t pt-3">
      <p className="mb-2 text-sm font-medium">Notificações</p>
      {notifications.isPending ? (
        <Skeleton role="status" aria-label="Carregando notificações..." className="h-10" />
      ) : notifications.isError ? (
        <p className="text-xs text-destructive">Não foi possível carregar as notificações.</p>
      ) : notifications.data.length === 0 ? (
        <p className="text-xs text-muted-foreground">Nenhuma notificação enviada.</p>
      ) : (
        <ol className="flex max-h-60 flex-col gap-2 overflow-y-auto" aria-label="Notificações enviadas">
          {notifications.data.map((email) => (
            <li key={email.id} className="flex gap-2 text-xs">
              <MailIcon aria-hidden="true" className={cn("mt-0.5 size-3.5 shrink-0", email.status === "failed" ? "text-destructive" : "text-muted-foreground")} />
              <div className="flex min-w-0 flex-col">
                <span className="font-medium">{OUTBOX_KIND_LABELS[email.kind]}</span>
                <span className="break-words text-muted-foreground">Para: {email.to.join(", ")}</span>
                <span className={cn(email.status === "failed" ? "text-destructive" : "text-muted-foreground")}>{deliveryText(email)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

/** The office's e-mails to a store about a record: its alerts and reminders and the automatic ones. */
const TO_THE_STORE: readonly OutboxKind[] = ["picklist-alert", "picklist-reminder", "pickup-alert", "pickup-reminder", "pickup-escalation", "picklist-start-reminder"];

/** "Última notificação enviada em …", for the send-notification confirmation; empty while loading. */
export function LastNotificationText({ recordId }: { recordId: string }) {
  const notifications = useRecordNotifications(recordId);
  if (!notifications.data) return null;
  const last = notifications.data.filter((n) => TO_THE_STORE.includes(n.kind) && n.status === "sent" && n.sentAt).at(-1);
  return <span className="mt-2 block">{last ? `Última notificação enviada em ${formatDateTime(last.sentAt!)}.` : "Nenhuma notificação foi enviada ainda."}</span>;
}

/** A row action opening the e-mails sent about a record, for the tables whose records have no other timeline. */
export function RecordNotificationsButton({ recordId, label, description }: { recordId: string; label: string; description: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionButton label={label} title="Notificações" onClick={() => setOpen(true)}>
        <MailIcon aria-hidden="true" />
      </RowActionButton>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>Notificações</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {open && <RecordNotifications recordId={recordId} />}
        </DialogContent>
      </Dialog>
    </>
  );
}
