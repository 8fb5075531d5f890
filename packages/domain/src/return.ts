import { z } from "zod";
import { maskCpf } from "./cpf.js";
import { RuleViolation } from "./errors.js";
import { staffPinField } from "./staff.js";
import {
  RETURN_EXPIRY_DAYS,
  TRANSFER_NUMBER_MESSAGE,
  cpfSchema,
  customerEmailSchema,
  customerNameSchema,
  itemListSchema,
  orderNumberSchema,
  phoneSchema,
  timestampSchema,
} from "./fields.js";

export const RETURN_STATUSES = [
  "Devolução pendente",
  "Devolvido em loja física",
  "Devolução concluída",
  "Devolução expirada",
  "Devolução recusada",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_PENDING: ReturnStatus = "Devolução pendente";
export const RETURN_RECEIVED: ReturnStatus = "Devolvido em loja física";
export const RETURN_COMPLETED: ReturnStatus = "Devolução concluída";
export const RETURN_EXPIRED: ReturnStatus = "Devolução expirada";
export const RETURN_REFUSED: ReturnStatus = "Devolução recusada";

/** The refusal reasons of the store's dialog; the first one's value is 'all', as the spec's form has it. */
export const REFUSAL_REASONS = [
  { value: "all", label: "Produto com sinais de uso" },
  { value: "Produto sem a nota fiscal", label: "Produto sem a nota fiscal" },
  { value: "Produto sem a caixa original", label: "Produto sem a caixa original" },
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number]["label"];

/** The texts the returns flow shows, the API answering in the same words. */
export const RETURN_MESSAGES = {
  refusalReasonRequired: "Selecione o motivo da recusa.",
  expiryTooEarly: "A devolução só pode ser expirada após 30 dias.",
  itemsRequired: "Informe ao menos um item no pedido.",
  statusInvalid: "Status da devolução inválido.",
  invalidBody: "Dados da devolução inválidos.",
  notFound: "Devolução não encontrada.",
  alreadyProcessed: "Esta devolução já foi processada.",
  noLongerPending: "Esta devolução não está mais pendente.",
  storeMayOnlyReceive: "A loja só pode aceitar ou recusar uma devolução pendente.",
  storeRequired: "Selecione a loja que recebeu a devolução.",
  storeNotFound: "Loja não encontrada.",
  readOnly: "O número do pedido, o nome e o CPF do cliente não podem ser alterados.",
  editOnlyPending: "Só é possível editar uma devolução pendente.",
  deleteOnlyPending: "Só é possível excluir uma devolução pendente.",
  storeOnlyWhenReceiving: "A loja só é informada ao aceitar ou recusar a devolução.",
  reasonOnlyWhenRefusing: "O motivo só é informado ao recusar a devolução.",
  transferOnlyWhenCompleting: "O número da transferência só é informado ao concluir a devolução.",
  changedMeanwhile: "A devolução foi alterada ao mesmo tempo por outra pessoa. Tente novamente.",
  created: "Devolução criada com sucesso!",
  accepted: "Devolução recebida com sucesso!",
  refused: "Devolução recusada com sucesso!",
  expired: "Devolução expirada com sucesso!",
  completed: "Devolução concluída com sucesso!",
  updated: "Devolução atualizada com sucesso!",
  deleted: "Devolução excluída com sucesso!",
} as const;

const TRANSFER_NUMBER_MAX = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

const returnStatusSchema = z.enum(RETURN_STATUSES, { error: RETURN_MESSAGES.statusInvalid });

/** A return as the API serves it to an administrator. */
export const returnSchema = z.object({
  id: z.string(),
  dateOfCreation: timestampSchema,
  orderNumber: z.string(),
  /** Digits only. */
  customerCPF: z.string(),
  customerFullName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  returnItems: z.array(z.string()),
  returnStatus: z.enum(RETURN_STATUSES),
  reasonForRefusal: z.string(),
  /** The username of the store that received or refused it. */
  returnStore: z.string().nullable(),
  dateOfReturn: timestampSchema.nullable(),
  dateOfTransfer: timestampSchema.nullable(),
  transferNumber: z.string().nullable(),
  /** The staff member whose PIN accepted or refused it ('Recebido por'), named as they were then; null without a PIN. */
  receivedBy: z.string().nullable(),
});
export type ReturnOrder = z.output<typeof returnSchema>;

/** What a store is served: no phone or e-mail, the CPF masked (docs/api.md: who may do what). */
export const returnStoreViewSchema = returnSchema.omit({ customerPhone: true, customerEmail: true });
export type ReturnStoreView = z.output<typeof returnStoreViewSchema>;

export function toReturnStoreView(returnOrder: ReturnOrder): ReturnStoreView {
  const { customerPhone: _phone, customerEmail: _email, ...rest } = returnOrder;
  return { ...rest, customerCPF: maskCpf(returnOrder.customerCPF) };
}

/** 'Criar nova devolução'. The server creates every return pending and dates it itself. */
export const returnFormSchema = z.object(
  {
    orderNumber: orderNumberSchema,
    customerFullName: customerNameSchema,
    customerCPF: cpfSchema,
    customerPhone: phoneSchema,
    customerEmail: customerEmailSchema,
    returnItems: itemListSchema(RETURN_MESSAGES.itemsRequired),
    returnStatus: returnStatusSchema.optional(),
  },
  { error: RETURN_MESSAGES.invalidBody },
);
export type ReturnFormInput = z.infer<typeof returnFormSchema>;

/** 'Editar Devolução em loja': phone, e-mail and items, each validated when present. */
export const returnEditSchema = z.object(
  {
    customerPhone: phoneSchema.optional(),
    customerEmail: customerEmailSchema.optional(),
    returnItems: itemListSchema(RETURN_MESSAGES.itemsRequired).optional(),
  },
  { error: RETURN_MESSAGES.invalidBody },
);
export type ReturnEditInput = z.infer<typeof returnEditSchema>;

const echoedText = (max: number, message: string) => z.string({ error: message }).max(max, message);

/**
 * `PUT /return/update/{id}`: clients send the whole record back with the fields they changed,
 * so the read-only fields are accepted as sent (a store's masked CPF included) and compared
 * with the stored record by the server; timestamps and the id are ignored.
 */
export const returnUpdateSchema = returnEditSchema.extend({
  orderNumber: echoedText(100, "Número do pedido inválido.").optional(),
  customerFullName: echoedText(300, "Nome do cliente inválido.").optional(),
  customerCPF: echoedText(20, "CPF inválido.").optional(),
  returnStatus: returnStatusSchema.optional(),
  reasonForRefusal: echoedText(200, RETURN_MESSAGES.refusalReasonRequired).nullable().optional(),
  returnStore: echoedText(80, "Loja inválida.").nullable().optional(),
  transferNumber: echoedText(TRANSFER_NUMBER_MAX, TRANSFER_NUMBER_MESSAGE).nullable().optional(),
  /** Accepting or refusing at a store ('Concluír'): the PIN of the staff member doing it. */
  staffPin: staffPinField.optional(),
});
export type ReturnUpdateInput = z.infer<typeof returnUpdateSchema>;

/** The label to store for a reason sent as the option's value or its label; undefined when it is none of them. */
export function refusalReasonLabel(reason: string | null | undefined): RefusalReason | undefined {
  const text = reason?.trim();
  if (!text) return undefined;
  return REFUSAL_REASONS.find((r) => r.value === text || r.label === text)?.label;
}

/** The completion's transfer number: a run of six digits somewhere in it. */
export function isValidReturnTransferNumber(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim().length <= TRANSFER_NUMBER_MAX && /\d{6}/.test(value);
}

/** More than 30 days since creation: the red date, and the only time a return may expire. */
export function isOverdue(dateOfCreation: Date, now: Date): boolean {
  return now.getTime() - dateOfCreation.getTime() > RETURN_EXPIRY_DAYS * DAY_MS;
}

/** Whether a store may take the return in or turn it down: only while it is pending. */
export const canReceiveReturn = (returnOrder: { returnStatus: ReturnStatus }) => returnOrder.returnStatus === RETURN_PENDING;
export const canEditReturn = (returnOrder: { returnStatus: ReturnStatus }) => returnOrder.returnStatus === RETURN_PENDING;
export const canDeleteReturn = (returnOrder: { returnStatus: ReturnStatus }) => returnOrder.returnStatus === RETURN_PENDING;

/** The part of a return that its transitions read and write. */
export type ReturnState = Pick<
  ReturnOrder,
  "returnStatus" | "dateOfCreation" | "reasonForRefusal" | "returnStore" | "dateOfReturn" | "dateOfTransfer" | "transferNumber"
>;

export function transitionNotAllowed(from: ReturnStatus, to: ReturnStatus): RuleViolation {
  return new RuleViolation(`Não é possível passar a devolução de "${from}" para "${to}".`, "conflict");
}

function requireStatus(returnOrder: ReturnState, from: ReturnStatus, to: ReturnStatus) {
  if (returnOrder.returnStatus !== from) throw transitionNotAllowed(returnOrder.returnStatus, to);
}

/** A store takes the return in: 'Devolvido em loja física', dated now, no refusal reason. */
export function acceptReturn<T extends ReturnState>(returnOrder: T, store: string, now: Date): T {
  requireStatus(returnOrder, RETURN_PENDING, RETURN_RECEIVED);
  return { ...returnOrder, returnStatus: RETURN_RECEIVED, dateOfReturn: now, reasonForRefusal: "", returnStore: store, dateOfTransfer: null };
}

/** A store turns the return down for one of the offered reasons, stored by its label. */
export function refuseReturn<T extends ReturnState>(returnOrder: T, store: string, reason: string | null | undefined): T {
  requireStatus(returnOrder, RETURN_PENDING, RETURN_REFUSED);
  const label = refusalReasonLabel(reason);
  if (!label) throw new RuleViolation(RETURN_MESSAGES.refusalReasonRequired, "invalid");
  return { ...returnOrder, returnStatus: RETURN_REFUSED, dateOfReturn: null, reasonForRefusal: label, returnStore: store, dateOfTransfer: null };
}

/** The central office gives up on a return nobody brought back within 30 days. */
export function expireReturn<T extends ReturnState>(returnOrder: T, now: Date): T {
  requireStatus(returnOrder, RETURN_PENDING, RETURN_EXPIRED);
  if (!isOverdue(returnOrder.dateOfCreation, now)) throw new RuleViolation(RETURN_MESSAGES.expiryTooEarly, "conflict");
  return { ...returnOrder, returnStatus: RETURN_EXPIRED, dateOfReturn: null, dateOfTransfer: null };
}

/** The central office closes a received return once the goods were transferred. */
export function completeReturn<T extends ReturnState>(returnOrder: T, transferNumber: string | null | undefined, now: Date): T {
  requireStatus(returnOrder, RETURN_RECEIVED, RETURN_COMPLETED);
  if (!isValidReturnTransferNumber(transferNumber)) throw new RuleViolation(TRANSFER_NUMBER_MESSAGE, "invalid");
  return { ...returnOrder, returnStatus: RETURN_COMPLETED, transferNumber: transferNumber.trim(), dateOfTransfer: now };
}
