import { TruncatedText } from "@/components/data-table/truncated-text";
import { OUTBOX_STATUSES, OUTBOX_WAITING_REASONS, type OutboxEmail, type OutboxStatus } from "@passo/domain";
import { MailWarningIcon, RefreshCwIcon, SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { formatDateTime } from "@/lib/dates";
import { emailOutboxQueryOptions } from "../api/get-email-outbox";
import { useRetryOutboxEmail } from "../api/retry-outbox-email";
import { OUTBOX_KIND_LABELS, OUTBOX_STATUS_LABELS } from "@/lib/outbox-labels";

const ALL = "all";

const STATUS_VARIANT: Record<OutboxStatus, "outline" | "secondary" | "success" | "destructive"> = {
  pending: "outline",
  sending: "secondary",
  sent: "success",
  failed: "destructive",
};

function RetryButton({ email }: { email: OutboxEmail }) {
  const retry = useRetryOutboxEmail();
  if (email.status !== "failed") return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={`Reenviar o e-mail "${email.subject}"`}
      onClick={() => retry.mutate(email.id)}
    >
      {retry.isPending ? <Spinner aria-hidden="true" /> : <SendIcon aria-hidden="true" />}
      Reenviar
    </Button>
  );
}

const columns: DataTableColumn<OutboxEmail>[] = [
  { id: "createdAt", header: "Criado em", cell: (n) => formatDateTime(n.createdAt), className: "min-w-24 whitespace-normal", priority: 1 },
  { id: "kind", header: "Tipo", cell: (n) => <TruncatedText value={OUTBOX_KIND_LABELS[n.kind]} lines={2} className="max-w-44" />, priority: 2 },
  {
    id: "to",
    header: "Destinatários",
    cell: (n) => <TruncatedText value={n.to.join(", ")} lines={2} className="max-w-52" />,
  },
  { id: "subject", header: "Assunto", cell: (n) => <TruncatedText value={n.subject} lines={2} className="max-w-56" /> },
  {
    id: "status",
    header: "Status",
    cell: (n) => <Badge variant={STATUS_VARIANT[n.status]}>{OUTBOX_STATUS_LABELS[n.status]}</Badge>,
  },
  { id: "attempts", header: "Tentativas", cell: (n) => n.attempts, className: "text-right tabular-nums", priority: 3 },
  {
    id: "lastError",
    header: "Último erro",
    cell: (n) =>
      // The banner above the list says it once; each waiting e-mail only says that it waits.
      n.lastError && OUTBOX_WAITING_REASONS.includes(n.lastError) ? (
        <span className="text-muted-foreground">Aguardando o serviço</span>
      ) : n.lastError ? (
        <TruncatedText value={n.lastError} lines={2} className="max-w-52 text-destructive" />
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
  { id: "actions", header: "Ações", cell: (n) => <RetryButton email={n} /> },
];

/** 'Fila de e-mails': what was sent, what waits and what failed, newest first, paged by the server. */
export function EmailOutbox() {
  const headingId = useId();
  const statusLabelId = useId();
  const [status, setStatus] = useState<OutboxStatus | typeof ALL>(ALL);
  const filter = status === ALL ? undefined : status;
  const queue = useServerPagedQuery((paging) => emailOutboxQueryOptions({ status: filter, ...paging }), filter);
  const waitingReason = queue.query.data?.notifications.find((n) => n.lastError && OUTBOX_WAITING_REASONS.includes(n.lastError))?.lastError;

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold">
            Fila de e-mails
          </h2>
          <p className="text-sm text-muted-foreground">
            Os e-mails das notificações, dos mais novos aos mais antigos. Um e-mail que falhou em todas as tentativas pode ser reenviado.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Label id={statusLabelId} className="whitespace-nowrap">
            Status:
          </Label>
          <Select value={status} onValueChange={(value) => setStatus(value as OutboxStatus | typeof ALL)}>
            <SelectTrigger aria-labelledby={statusLabelId} className="w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Todos</SelectItem>
              {OUTBOX_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {OUTBOX_STATUS_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="outline" disabled={queue.query.isFetching} onClick={() => void queue.query.refetch()}>
            {queue.query.isFetching ? <Spinner aria-hidden="true" /> : <RefreshCwIcon aria-hidden="true" />}
            Atualizar
          </Button>
        </div>
      </div>
      {waitingReason && (
        <Alert role="status">
          <MailWarningIcon aria-hidden="true" />
          <AlertTitle>Os e-mails aguardam o serviço de notificação</AlertTitle>
          <AlertDescription>{waitingReason} Eles serão enviados assim que o serviço for salvo acima.</AlertDescription>
        </Alert>
      )}
      <DataTable
        caption="Fila de e-mails"
        columns={columns}
        rows={queue.query.data?.notifications}
        {...queue.tableProps}
        rowKey={(n) => n.id}
        emptyText="Nenhum e-mail na fila."
      />
    </section>
  );
}
