import type { OutboxKind, OutboxStatus } from "@passo/domain";

/** What each e-mail of the queue is about, as the administrator reads it. */
export const OUTBOX_KIND_LABELS: Record<OutboxKind, string> = {
  "picklist-alert": "Alerta de lista de separação",
  "picklist-reminder": "Lembrete de lista de separação",
  "pickup-alert": "Alerta de retirada em loja",
  "pickup-reminder": "Lembrete de retirada em loja",
  "pickup-ready": "Cliente: pedido pronto para retirada",
  "pickup-collected": "Cliente: pedido retirado",
  "return-received": "Cliente: devolução recebida",
  "return-refused": "Cliente: devolução recusada",
  "pickup-customer-reminder": "Cliente: lembrete automático de retirada",
  "pickup-escalation": "Escalonamento de retirada em loja",
  "picklist-start-reminder": "Lembrete automático de lista não iniciada",
};

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: "Na fila",
  sending: "Enviando",
  sent: "Enviado",
  failed: "Falhou",
};
