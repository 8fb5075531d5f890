import { PICKUP_COLLECTOR_LABELS, type PickupCollector } from "@passo/domain";
import { useQuery } from "@tanstack/react-query";
import { HistoryIcon } from "lucide-react";
import { useState } from "react";

import { RowActionButton } from "@/components/data-table/row-actions";
import { RecordNotifications } from "@/components/feedback/record-notifications";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/dates";

import { auditHistoryQueryOptions, type AuditEntity, type AuditEntry } from "../api/get-audit-history";

const ACTIONS: Record<string, string> = {
  create: "Criação",
  update: "Edição",
  delete: "Exclusão",
  start: "Separação iniciada",
  split: "Itens separados",
  unavailable: "Produtos indisponíveis",
  restore: "Produtos disponíveis novamente",
  finish: "Separação finalizada",
  "confirm-receipt": "Recebimento confirmado",
  "confirm-pickup": "Retirada confirmada",
  accept: "Devolução aceita",
  refuse: "Devolução recusada",
  expire: "Devolução expirada",
  complete: "Devolução concluída",
  "change-password": "Senha alterada",
};

const FIELDS: Record<string, string> = {
  orderNumber: "Número do pedido",
  orderOrigin: "Origem do pedido",
  pickupStoreName: "Loja",
  pickupType: "Tipo de operação",
  pickupStatus: "Status",
  trackingCode: "Código de rastreio / TR",
  scheduledPickupDate: "Data de retirada",
  orderReceivedAtStoreDate: "Recebimento na loja",
  actualPickupDate: "Data da retirada",
  invoiceFileName: "Nota fiscal",
  orderItems: "Itens",
  customerFullName: "Cliente",
  customerCPF: "CPF",
  customerPhone: "Telefone",
  customerEmail: "E-mail",
  authorizedThirdPartyPickup: "Retirada por terceiro",
  authorizedThirdPartyFullName: "Nome do terceiro",
  authorizedThirdPartyCPF: "CPF do terceiro",
  returnItems: "Itens",
  returnStatus: "Status",
  returnStore: "Loja da devolução",
  reasonForRefusal: "Motivo da recusa",
  dateOfReturn: "Data da devolução",
  dateOfTransfer: "Data da transferência",
  transferNumber: "Nº TR",
  collectedBy: "Retirado por",
  handedOverBy: "Entregue por",
};

/** A field's value as the screens name it. */
function showFieldValue(field: string, value: unknown): string {
  if (field === "collectedBy" && typeof value === "string" && value in PICKUP_COLLECTOR_LABELS) {
    return PICKUP_COLLECTOR_LABELS[value as PickupCollector];
  }
  return showValue(value);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map(showValue).join(", ");
  if (typeof value === "string") return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const isFieldChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === "object" && value !== null && "from" in value && "to" in value;

/** What changed: for an edit or a transition, each field from its old value to its new one. */
function ChangedFields({ entry }: { entry: AuditEntry }) {
  if (entry.action === "create" || entry.action === "delete") return null;
  const fields = Object.entries(entry.changes).filter(([, change]) => isFieldChange(change));
  if (fields.length === 0) return null;
  return (
    <ul className="mt-1 grid gap-0.5 text-sm">
      {fields.map(([field, change]) => {
        const { from, to } = change as { from: unknown; to: unknown };
        return (
          <li key={field}>
            <span className="font-medium">{FIELDS[field] ?? field}:</span> <span className="text-muted-foreground">{showFieldValue(field, from)}</span> →{" "}
            <span>{showFieldValue(field, to)}</span>
          </li>
        );
      })}
    </ul>
  );
}

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
            <span className="font-semibold">{ACTIONS[entry.action] ?? entry.action}</span>
            <time dateTime={entry.at} className="text-sm whitespace-nowrap text-muted-foreground">
              {formatDateTime(entry.at)}
            </time>
          </div>
          <p className="text-sm">por {entry.actor ? (entry.actor.role === "Chave de API" ? `${entry.actor.username} (chave de API)` : entry.actor.username) : "Sistema"}</p>
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
