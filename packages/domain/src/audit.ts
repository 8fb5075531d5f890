import { API_KEY_ACTOR_ROLE, API_KEY_SCOPE_LABELS } from "./api-key.js";
import { PICKUP_COLLECTOR_LABELS } from "./pickup.js";

/** The kinds of record the audit log keeps, as the wire names them, and as the screens do. */
export const AUDIT_ENTITY_LABELS = {
  picklist: "Lista de separação",
  pickup: "Retirada",
  return: "Devolução",
  user: "Usuário",
  recipient: "Destinatário",
  "notification-rule": "Notificação da loja",
  "email-template": "Modelo de e-mail",
  "service-notification": "Serviço de notificação",
  "api-key": "Chave de API",
  deadlines: "Prazos",
  "security-settings": "Segurança da conta",
  customer: "Dados de cliente",
  product: "Produto",
  staff: "Atendente",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as [AuditEntity, ...AuditEntity[]];

/**
 * What happened to the record: created, edited, deleted, or one of its flows' transitions
 * (picklists: start, split, unavailable, restore, finish; pickups: confirm-receipt,
 * confirm-pickup, unlock-cpf, resend-ready; returns: accept, refuse, expire, complete; users: change-password, mfa-enable,
 * mfa-disable).
 */
export const AUDIT_ACTION_LABELS = {
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
  "unlock-cpf": "Conferência de CPF liberada",
  "resend-ready": "Aviso ao cliente reenviado",
  "mfa-enable": "Verificação em duas etapas ativada",
  "mfa-disable": "Verificação em duas etapas desativada",
  anonymize: "Dados anonimizados",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

/** The actor of the system's own changes. */
export const SYSTEM_ACTOR = "Sistema";

/** The actor as the log names it: a user, an API key (marked so), or the system (null). */
export function auditActorName(actor: { username: string; role: string | null } | null): string {
  if (!actor) return SYSTEM_ACTOR;
  return actor.role === API_KEY_ACTOR_ROLE ? `${actor.username} (chave de API)` : actor.username;
}

/**
 * Everyone the 'Relatório de alterações' user filter offers: today's users and API keys, and the users
 * deleted and keys revoked whose changes the log still holds (`removed`), named as the log names them.
 */
export interface AuditActor {
  id: string;
  username: string;
  role: string;
  removed: boolean;
}

/** How the user filter labels an actor: a removed one says so. */
export function auditActorLabel(actor: AuditActor): string {
  const name = auditActorName(actor);
  if (!actor.removed) return name;
  return actor.role === API_KEY_ACTOR_ROLE ? `${actor.username} (chave de API revogada)` : `${name} (excluído)`;
}

/** The `user` filter's value for the system's own changes (any other value is a user's or an API key's id). */
export const AUDIT_SYSTEM_USER = "system";

export const AUDIT_MESSAGES = {
  unknownEntity: `Tipo de registro desconhecido. Use um destes: ${AUDIT_ENTITIES.join(", ")}.`,
  unknownAction: `Ação desconhecida. Use uma destas: ${AUDIT_ACTIONS.join(", ")}.`,
  invalidUser: "Usuário inválido.",
} as const;

/**
 * Field names as the screens and the audit CSV label them. Every field the API writes to an audit
 * line has one (a test derives the fields from the tables); an unknown field shows its wire name.
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  orderNumber: "Número do pedido",
  orderOrigin: "Origem do pedido",
  pickupStoreName: "Loja",
  pickupType: "Tipo de operação",
  pickupStatus: "Status",
  trackingCode: "Código de rastreio / TR",
  scheduledPickupDate: "Data de retirada",
  orderDispatchDate: "Data do envio",
  orderReceivedAtStoreDate: "Recebimento na loja",
  actualPickupDate: "Data da retirada",
  waitingSince: "Aguardando retirada desde",
  invoiceFileName: "Nota fiscal",
  invoiceXmlFileName: "XML da NF-e",
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
  dateOfCreation: "Data da ordem da devolução",
  dateOfReturn: "Data da devolução",
  dateOfTransfer: "Data da transferência",
  transferNumber: "Nº TR",
  collectedBy: "Retirado por",
  handedOverBy: "Entregue por",
  receivedBy: "Recebido por",
  finishedBy: "Finalizado por",
  requireStaffPin: "Exige PIN do atendente",
  pin: "PIN",
  cpfCheckFailures: "CPFs errados na conferência",
  cpfCheckLocked: "Conferência de CPF bloqueada",
  signatureFileName: "Assinatura do cliente",
  requireSignature: "Exige assinatura na retirada",
  sender: "Remetente",
  destination: "Loja",
  previousDestinations: "Lojas anteriores",
  listItems: "Itens",
  completedItems: "Itens separados",
  uncompletedItems: "Itens não separados",
  numberTransfer: "Nº TR",
  number: "Lista nº",
  currentStatus: "Status",
  sendDate: "Enviado",
  timeStarted: "Iniciado",
  timeCompleted: "Finalizado",
  itemCount: "Quantidade de itens",
  completedCount: "Quantidade de itens separados",
  uncompletedCount: "Quantidade de itens não separados",
  username: "Nome",
  email: "E-mail",
  role: "Cargo",
  password: "Senha",
  twoFactor: "Verificação em duas etapas",
  requireAdminMfa: "Exigir 2 fatores para administradores",
  store: "Loja",
  supervisor: "Supervisor",
  manager: "Gerente",
  assistantManager: "Subgerente",
  notificationPicklist: "Lista de separação",
  notificationPickup: "Retirada em loja",
  notificationReturn: "Devolução em loja",
  type: "Tipo",
  title: "Modelo",
  description: "Assunto",
  sku: "SKU",
  eans: "Códigos de barras",
  productDescription: "Descrição",
  reference: "Referência",
  size: "Tamanho",
  color: "Cor",
  active: "Ativo",
  content: "Conteúdo",
  host: "Servidor",
  port: "Porta",
  secure: "Conexão segura",
  user: "Usuário",
  pass: "Senha",
  from: "Remetente",
  notifyCustomerPickupReady: "Enviar e-mail ao cliente quando o pedido estiver pronto para retirada",
  notifyCustomerPickupCollected: "Enviar e-mail ao cliente quando o pedido for retirado",
  notifyCustomerReturn: "Enviar e-mail ao cliente quando a devolução for recebida ou recusada",
  name: "Nome",
  scopes: "Acessos",
  // As 'Prazos' names its fields.
  reminderDays: "Dias dos lembretes ao cliente",
  escalationDays: "Dia do escalonamento",
  overdueDays: "Prazo de retirada (dias)",
  picklistStartHours: "Horas para iniciar uma lista",
  emailBodyRetentionDays: "Dias até apagar o conteúdo dos e-mails enviados",
  // 'Dados de cliente': what an anonymisation rewrote.
  anonymizedPickups: "Retiradas anonimizadas",
  anonymizedReturns: "Devoluções anonimizadas",
  anonymizedEmails: "E-mails anonimizados",
  anonymizedAuditLines: "Linhas do relatório anonimizadas",
};

export const auditFieldLabel = (field: string) => AUDIT_FIELD_LABELS[field] ?? field;

/** The fields whose stored values are code names, with each value's Portuguese label. */
const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  collectedBy: PICKUP_COLLECTOR_LABELS,
  scopes: API_KEY_SCOPE_LABELS,
};

/** Fields that hold a day, not a moment: shown without their time. */
const DATE_ONLY_FIELDS = new Set(["scheduledPickupDate"]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** A stored value as a person reads it; `showDate` writes an instant (each side in its time zone). */
export function showAuditValue(field: string, value: unknown, showDate: (iso: string) => string): string {
  const labels = AUDIT_VALUE_LABELS[field];
  if (labels && typeof value === "string" && Object.hasOwn(labels, value)) return labels[value]!;
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Sim" : "Não";
  if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((v) => showAuditValue(labels ? field : "", v, showDate)).join(", ");
  // A text shaped like an instant that is none (an item typed '2026-19-99T00:00:00Z') is shown as typed.
  if (typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
    const shown = showDate(value);
    return DATE_ONLY_FIELDS.has(field) ? shown.split(/[ ,]/)[0]! : shown;
  }
  if (typeof value === "string") return value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export interface AuditFieldChange {
  field: string;
  label: string;
  from: string;
  to: string;
}

const isFieldChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === "object" && value !== null && "from" in value && "to" in value;

/** An edit's or a transition's fields, each from its old value to its new one; none for a creation or a deletion. */
export function auditFieldChanges(action: string, changes: Record<string, unknown>, showDate: (iso: string) => string): AuditFieldChange[] {
  if (action === "create" || action === "delete") return [];
  return Object.entries(changes)
    .filter((entry): entry is [string, { from: unknown; to: unknown }] => isFieldChange(entry[1]))
    .map(([field, change]) => ({
      field,
      label: auditFieldLabel(field),
      from: showAuditValue(field, change.from, showDate),
      to: showAuditValue(field, change.to, showDate),
    }));
}

export interface AuditRecordField {
  field: string;
  label: string;
  value: string;
}

/** The fields of a created or deleted record, each with its Portuguese name; none for another action. */
export function auditRecordFields(action: string, changes: Record<string, unknown>, showDate: (iso: string) => string): AuditRecordField[] {
  if (action !== "create" && action !== "delete") return [];
  return Object.entries(changes).map(([field, value]) => ({ field, label: auditFieldLabel(field), value: showAuditValue(field, value, showDate) }));
}

/**
 * What changed, on one line: `campo: de → para` for an edit or a transition, `campo: valor` for the
 * fields of a created or deleted record; fields separated by ` | `.
 */
export function describeAuditChanges(action: string, changes: Record<string, unknown>, showDate: (iso: string) => string): string {
  if (action === "create" || action === "delete") {
    return auditRecordFields(action, changes, showDate)
      .map((f) => `${f.label}: ${f.value}`)
      .join(" | ");
  }
  return auditFieldChanges(action, changes, showDate)
    .map((c) => `${c.label}: ${c.from} → ${c.to}`)
    .join(" | ");
}
