import { AUDIT_ACTION_LABELS, auditActorName, type AuditAction } from "@passo/domain";
import { useQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import { useState } from "react";

import { RowActionButton } from "@/components/data-table/row-actions";
import { RecordNotifications } from "@/components/feedback/record-notifications";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/dates";

import { ChangedFields } from "./changed-fields";
import { auditHistoryQueryOptions, type AuditEntity } from "../api/get-audit-history";

function HistoryList({ entity, id }: { entity: AuditEntity; id: string }) {
  const history = useQuery(auditHistoryQueryOptions(entity, id));
  if (history.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  if (history.isError) return <p className="text-sm text-destructive">Não foi possível carregar o histórico. Tente novamente.</p>;
  const entries = history.data.entries;
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nenhuma alteração registrada.</p>;
  return (
    <ol aria-label="Alterações" className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-md border p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-semibold">{AUDIT_ACTION_LABELS[entry.action as AuditAction] ?? entry.action}</span>
            <time dateTime={entry.at} className="text-sm whitespace-nowrap text-muted-foreground">
              {formatDateTime(entry.at)}
            </time>
          </div>
          <p className="text-sm">por {auditActorName(entry.actor)}</p>
          <ChangedFields entry={entry} />
        </li>
      ))}
    </ol>
  );
}

/** The records e-mails are sent about: their history shows those e-mails too. */
const FLOW_ENTITIES: readonly AuditEntity[] = ["picklist", "pickup", "return"];

export interface AuditHistoryDialogProps {
  entity: AuditEntity;
  id: string;
  /** Which record, as the screen names it (e.g. "Pedido 123"). */
  description: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Histórico de alterações': who changed the record, when, and what, and the e-mails sent about it (administrators only). */
export function AuditHistoryDialog({ entity, id, description, open, onOpenChange }: AuditHistoryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Histórico de alterações</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open && <HistoryList entity={entity} id={id} />}
        {open && FLOW_ENTITIES.includes(entity) && <RecordNotifications recordId={id} />}
      </DialogContent>
    </Dialog>
  );
}

/** The row action that opens a record's 'Histórico de alterações'. */
export function AuditHistoryButton({ entity, id, orderNumber }: { entity: AuditEntity; id: string; orderNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionButton label={`Histórico de alterações do pedido ${orderNumber}`} title="Histórico de alterações" onClick={() => setOpen(true)}>
        <HistoryIcon aria-hidden="true" />
      </RowActionButton>
      <AuditHistoryDialog entity={entity} id={id} description={`Pedido ${orderNumber}`} open={open} onOpenChange={setOpen} />
    </>
  );
}
