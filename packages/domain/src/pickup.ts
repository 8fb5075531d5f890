import { z } from "zod";
import type { AlertKind } from "./alert.js";
import { cpfDigits, isValidCpf, maskCpf } from "./cpf.js";
import { dayIn, startOfDayIn } from "./dates.js";
import { RuleViolation } from "./errors.js";
import { staffPinField } from "./staff.js";
import { ADMIN, type Role } from "./roles.js";
import {
  cpfSchema,
  customerEmailSchema,
  customerNameSchema,
  isPlainText,
  itemListSchema,
  orderNumberSchema,
  phoneSchema,
  timestampSchema,
  trimmed,
} from "./fields.js";

export const PICKUP_STATUSES = ["Em trânsito", "Aguardando retirada", "Pedido retirado"] as const;
export type PickupStatus = (typeof PICKUP_STATUSES)[number];
export const PICKUP_TYPES = ["Envio realizado via Correios", "Disponível na loja"] as const;
export type PickupType = (typeof PICKUP_TYPES)[number];

/** Who may collect an order: its customer or the third party they authorised. */
export const PICKUP_COLLECTORS = ["customer", "thirdParty"] as const;
export type PickupCollector = (typeof PICKUP_COLLECTORS)[number];
/** How the screens and the printed receipt name who collected. */
export const PICKUP_COLLECTOR_LABELS: Record<PickupCollector, string> = { customer: "Cliente", thirdParty: "Terceiro autorizado" };

export const IN_TRANSIT: PickupStatus = "Em trânsito";
export const AWAITING_PICKUP: PickupStatus = "Aguardando retirada";
export const PICKED_UP: PickupStatus = "Pedido retirado";
export const POSTAL: PickupType = "Envio realizado via Correios";
export const IN_STORE: PickupType = "Disponível na loja";
/** The operation type the creation form starts with. */
export const DEFAULT_PICKUP_TYPE: PickupType = POSTAL;
export const DEFAULT_ORDER_ORIGIN = "E-commerce";

export const POSTAL_TRACKING_LENGTH = 13;
export const IN_STORE_TRACKING_LENGTH = 6;

export const PICKUP_MESSAGES = {
  storeRequired: "Selecione a loja de retirada.",
  dateRequired: "Informe a data prevista para retirada.",
  dateInPast: "A data prevista para retirada não pode estar no passado.",
  typeRequired: "Selecione o tipo de operação.",
  trackingRequired: "Informe o código de rastreamento.",
  trackingMin: "Código de rastreamento deve ter no mínimo 6 caracteres.",
  trackingMax: "Código de rastreamento deve ter no máximo 13 caracteres.",
  trackingInStore: "Código de rastreamento deve ter 6 caracteres para retirada na loja.",
  trackingPostal: "Código de rastreamento deve ter 13 caracteres para envio pelos Correios.",
  invoiceRequired: "Selecione a nota fiscal do pedido.",
  invoiceMissing: "Nenhum arquivo NF-e selecionado.",
  /** Two PDFs, two XMLs, more than two files, or an XML beside an invoice that is not the PDF. */
  invoicePair: "Envie no máximo um PDF e um XML da NF-e.",
  /** `invoiceXmlFileName` names no uploaded XML. */
  invoiceXmlMissing: "O XML da NF-e não foi encontrado. Envie-o de novo.",
  itemsRequired: "Informe ao menos um item no pedido.",
  thirdPartyName: "Nome do terceiro deve ter ao menos 3 caracteres.",
  thirdPartyNameMax: "Nome do terceiro deve ter no máximo 200 caracteres.",
  thirdPartyNameUnsafe: "O nome do terceiro tem caracteres não permitidos.",
  thirdPartyCpf: "CPF do terceiro inválido.",
  thirdPartySwitch: "Informe se a retirada por terceiros está autorizada.",
  originMax: "A origem do pedido deve ter no máximo 80 caracteres.",
  invalidBody: "Dados da retirada inválidos.",
  statusInvalid: "Status da retirada inválido.",
  withdrawalCpfRequired: "Informe o CPF de quem está retirando o pedido.",
  signatureInvalid: "A assinatura deve ser uma imagem PNG de até 200 KB.",
  signatureRequired: "Peça a assinatura do cliente.",
  editPickedUp: "Uma retirada já concluída não pode ser alterada.",
  deletePickedUp: "Uma retirada já concluída não pode ser excluída.",
  receiptOnlyInTransit: "Só é possível confirmar o recebimento de um pedido em trânsito.",
  pickupOnlyAwaiting: "Só é possível confirmar a retirada de um pedido aguardando retirada.",
  storeOnlyConfirms: "Uma loja só pode confirmar o recebimento e a retirada dos pedidos.",
  statusRequired: "Informe o novo status da retirada.",
  alreadyReceived: "O recebimento deste pedido já foi confirmado.",
  alreadyPickedUp: "A retirada deste pedido já foi confirmada.",
  /** The fields the edit dialog does not offer, and why a change to one is refused. */
  readOnly: {
    orderOrigin: "A origem do pedido não pode ser alterada.",
    scheduledPickupDate: "A data prevista para retirada não pode ser alterada.",
    orderNumber: "O número do pedido não pode ser alterado.",
    invoiceFileName: "A nota fiscal do pedido não pode ser alterada.",
    invoiceXmlFileName: "A nota fiscal do pedido não pode ser alterada.",
    customerFullName: "O nome do cliente não pode ser alterado.",
    customerCPF: "O CPF do cliente não pode ser alterado.",
  },
  notFound: "Retirada não encontrada.",
  created: "Retirada em loja criada com sucesso!",
  updated: "Retirada atualizada com sucesso!",
  received: "Recebimento confirmado com sucesso!",
  pickedUp: "Retirada confirmada com sucesso!",
  deleted: "Retirada excluída com sucesso!",
  /** The counter's withdrawal check. */
  withdrawalAuthorizedTitle: "Autorizado!",
  withdrawalUnauthorizedTitle: "Não autorizado!",
  withdrawalUnauthorized: "O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.",
  /** A store's wrong CPFs on one pickup reached CPF_CHECK_MAX_FAILURES: an administrator unlocks it. */
  cpfCheckLocked: "Tentativas esgotadas. Peça a um administrador para liberar.",
  cpfCheckUnlocked: "Conferência de CPF liberada com sucesso!",
  cpfCheckNotLocked: "A conferência de CPF desta retirada não está bloqueada.",
  /** 'Reenviar aviso': the customer's ready-for-pickup e-mail queued again. */
  readyResent: "Aviso reenviado ao cliente com sucesso!",
  resendOnlyAwaiting: "Só é possível reenviar o aviso de um pedido aguardando retirada.",
  resendSwitchedOff: "O aviso de pedido pronto para retirada está desligado em 'Serviço de notificação'.",
} as const;

/** How often the customer's ready-for-pickup e-mail may be sent again ('Reenviar aviso'): once an hour per pickup. */
export const READY_RESEND_INTERVAL_MS = 60 * 60 * 1000;

/** The answer to a second 'Reenviar aviso' within the hour: how long to wait, in whole minutes. */
export function resendWaitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `O aviso já foi reenviado há pouco. Aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"} para reenviar de novo.`;
}

/** The pickup code: 6 digits, in the customer's ready-for-pickup e-mail, unique among the pickups not yet collected. */
export const PICKUP_CODE_PATTERN = /^\d{6}$/;
export const isPickupCode = (text: string) => PICKUP_CODE_PATTERN.test(text);

/**
 * Wrong CPFs a store may type for one pickup, at the counter's check and at 'Confirmar retirada'
 * together: enough for typing mistakes, far too few to work a CPF out from its masked digits. Then
 * the pickup's CPF check stays blocked until an administrator unlocks it.
 */
export const CPF_CHECK_MAX_FAILURES = 10;

export function withdrawalAuthorizedMessage(name: string): string {
  return `${name} está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário.`;
}

/** Proof of pickup: the signature drawn at the counter is a PNG of at most this many bytes and pixels. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
export const SIGNATURE_DATA_URL_PREFIX = "data:image/png;base64,";
/** The longest data URL that can hold SIGNATURE_MAX_BYTES (base64: 4 characters for each 3 bytes). */
export const SIGNATURE_DATA_URL_MAX_LENGTH = SIGNATURE_DATA_URL_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;

/** A pickup as the API serves it to an administrator. CPFs are digits only. */
export const pickupSchema = z.object({
  id: z.string(),
  orderOrigin: z.string(),
  orderDispatchDate: timestampSchema,
  pickupStoreName: z.string(),
  scheduledPickupDate: timestampSchema,
  orderReceivedAtStoreDate: timestampSchema.nullable(),
  pickupType: z.enum(PICKUP_TYPES),
  orderNumber: z.string(),
  trackingCode: z.string(),
  /**
   * The invoice the counter prints: the NF-e's PDF, or its XML when only the XML was given
   * (then `/uploads/{name}?format=pdf` is its DANFE).
   */
  invoiceFileName: z.string(),
  /** The NF-e's XML when the pickup keeps both files (its PDF in invoiceFileName); null otherwise. */
  invoiceXmlFileName: z.string().nullable(),
  customerFullName: z.string(),
  customerCPF: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  authorizedThirdPartyPickup: z.boolean(),
  authorizedThirdPartyFullName: z.string().nullable(),
  authorizedThirdPartyCPF: z.string().nullable(),
  orderItems: z.array(z.string()),
  pickupStatus: z.enum(PICKUP_STATUSES),
  actualPickupDate: timestampSchema.nullable(),
  /** When it became 'Aguardando retirada' (received at the store, or created there); null while it does not wait. */
  waitingSince: timestampSchema.nullable(),
  /** Waiting longer than the pickup deadline ('Prazos'). */
  overdue: z.boolean(),
  /** Who collected it ('Retirado por'): the customer or the authorised third party, by the CPF that matched. */
  collectedBy: z.enum(PICKUP_COLLECTORS).nullable(),
  /** The user who confirmed the handover at the counter ('Entregue por'). */
  handedOverBy: z.string().nullable(),
  /** The staff member whose PIN confirmed the receipt ('Recebido por'), named as they were then; null without a PIN. */
  receivedBy: z.string().nullable(),
  /** A store typed CPF_CHECK_MAX_FAILURES wrong CPFs for it: its CPF check waits for an administrator. */
  cpfCheckLocked: z.boolean(),
  /**
   * 'Código de retirada': 6 digits, sent to the customer with the ready-for-pickup e-mail. Administrators
   * only: the customer shows it at the counter, so a store must not know it beforehand.
   */
  pickupCode: z.string(),
  /** The customer's signature drawn at the handover (a PNG served at /uploads/{name}); null when none was collected. */
  signatureFileName: z.string().nullable(),
});
export type Pickup = z.output<typeof pickupSchema>;

/** What a store is served: no phone, e-mail or pickup code, CPFs masked (docs/api.md: who may do what). */
export const pickupStoreViewSchema = pickupSchema.omit({ customerPhone: true, customerEmail: true, pickupCode: true });
export type PickupStoreView = z.output<typeof pickupStoreViewSchema>;

export function toPickupStoreView(pickup: Pickup): PickupStoreView {
  const { customerPhone: _phone, customerEmail: _email, pickupCode: _code, ...rest } = pickup;
  return {
    ...rest,
    customerCPF: maskCpf(pickup.customerCPF),
    authorizedThirdPartyCPF: pickup.authorizedThirdPartyCPF === null ? null : maskCpf(pickup.authorizedThirdPartyCPF),
  };
}

/** The first tracking-code rule the code breaks for this operation type: presence, length bounds, then the type's length. */
export function trackingCodeIssue(code: string, type: PickupType | undefined): string | undefined {
  if (code.length === 0) return PICKUP_MESSAGES.trackingRequired;
  if (code.length < IN_STORE_TRACKING_LENGTH) return PICKUP_MESSAGES.trackingMin;
  if (code.length > POSTAL_TRACKING_LENGTH) return PICKUP_MESSAGES.trackingMax;
  if (type === IN_STORE && code.length !== IN_STORE_TRACKING_LENGTH) return PICKUP_MESSAGES.trackingInStore;
  if (type === POSTAL && code.length !== POSTAL_TRACKING_LENGTH) return PICKUP_MESSAGES.trackingPostal;
  return undefined;
}

type ThirdPartyField = "authorizedThirdPartyFullName" | "authorizedThirdPartyCPF";

function thirdPartyNameIssue(name: unknown): string | undefined {
  const trimmedName = typeof name === "string" ? name.trim() : "";
  if (trimmedName.length < 3) return PICKUP_MESSAGES.thirdPartyName;
  if (trimmedName.length > 200) return PICKUP_MESSAGES.thirdPartyNameMax;
  if (!isPlainText(trimmedName)) return PICKUP_MESSAGES.thirdPartyNameUnsafe;
  return undefined;
}

function thirdPartyCpfIssue(cpf: unknown): string | undefined {
  return typeof cpf === "string" && /^[\d.\-\s]+$/.test(cpf) && isValidCpf(cpf) ? undefined : PICKUP_MESSAGES.thirdPartyCpf;
}

/**
 * Every third-party rule broken while the switch is on, the name's before the CPF's, so that
 * each field shows its own message at once; `partial` skips the fields left out of an edit.
 */
export function thirdPartyIssues(name: unknown, cpf: unknown, partial = false): { path: ThirdPartyField; message: string }[] {
  const issues: { path: ThirdPartyField; message: string }[] = [];
  const nameMessage = partial && name === undefined ? undefined : thirdPartyNameIssue(name);
  if (nameMessage) issues.push({ path: "authorizedThirdPartyFullName", message: nameMessage });
  const cpfMessage = partial && cpf === undefined ? undefined : thirdPartyCpfIssue(cpf);
  if (cpfMessage) issues.push({ path: "authorizedThirdPartyCPF", message: cpfMessage });
  return issues;
}

const pickupStoreNameSchema = trimmed(PICKUP_MESSAGES.storeRequired).pipe(
  z.string().min(1, PICKUP_MESSAGES.storeRequired).max(80, PICKUP_MESSAGES.storeRequired),
);
const pickupTypeSchema = trimmed(PICKUP_MESSAGES.typeRequired).pipe(z.enum(PICKUP_TYPES, { error: PICKUP_MESSAGES.typeRequired }));
/** Length rules that do not depend on the type; the type's exact length is checked beside it. */
const trackingCodeSchema = trimmed(PICKUP_MESSAGES.trackingRequired).check((ctx) => {
  const message = trackingCodeIssue(ctx.value, undefined);
  if (message) ctx.issues.push({ code: "custom", message, input: ctx.value });
});
const invoiceFileNameSchema = trimmed(PICKUP_MESSAGES.invoiceRequired).pipe(
  z.string().min(1, PICKUP_MESSAGES.invoiceRequired).max(200, PICKUP_MESSAGES.invoiceRequired),
);
/** Optional: the XML beside the PDF; empty or absent means none. */
const invoiceXmlFileNameSchema = z
  .string({ error: PICKUP_MESSAGES.invoiceXmlMissing })
  .trim()
  .max(200, PICKUP_MESSAGES.invoiceXmlMissing)
  .nullish()
  .transform((v) => v || null);
const orderItemsSchema = itemListSchema(PICKUP_MESSAGES.itemsRequired);
const thirdPartySwitchSchema = z.boolean({ error: PICKUP_MESSAGES.thirdPartySwitch });
/** Read as sent; validated only while the switch is on, and cleared when it is off. */
const thirdPartyFieldSchema = z.unknown().optional();

/** The form's last fields, which the edit dialog offers too (`PICKUP_EDIT_FIELDS`), in the form's order. */
const EDITED_CONTACT_FIELDS = [
  "customerPhone",
  "customerEmail",
  "orderItems",
  "authorizedThirdPartyPickup",
  "authorizedThirdPartyFullName",
  "authorizedThirdPartyCPF",
] as const;

/** Field order of the form: the API answers the first issue, so issues are sorted by it. */
const FORM_FIELD_ORDER = [
  "orderOrigin",
  "pickupStoreName",
  "scheduledPickupDate",
  "pickupType",
  "orderNumber",
  "trackingCode",
  "invoiceFileName",
  "invoiceXmlFileName",
  "customerFullName",
  "customerCPF",
  ...EDITED_CONTACT_FIELDS,
];

const always = { when: () => true };

function sortIssuesByField(ctx: { issues: { path?: PropertyKey[] | undefined }[] }) {
  const rank = (issue: { path?: PropertyKey[] | undefined }) => {
    const at = FORM_FIELD_ORDER.indexOf(String(issue.path?.[0]));
    return at < 0 ? FORM_FIELD_ORDER.length : at;
  };
  const sorted = [...ctx.issues].sort((a, b) => rank(a) - rank(b));
  ctx.issues.splice(0, ctx.issues.length, ...sorted);
}

function hasIssueAt(issues: readonly { path?: PropertyKey[] | undefined }[], field: string) {
  return issues.some((issue) => issue.path?.[0] === field);
}

interface CrossFieldValues {
  pickupType?: unknown;
  trackingCode?: unknown;
  authorizedThirdPartyPickup?: unknown;
  authorizedThirdPartyFullName?: unknown;
  authorizedThirdPartyCPF?: unknown;
}

/**
 * The rules that read two fields: the type's tracking-code length and the third party while
 * the switch is on. An edit (`partial`) checks only the third-party fields it carries.
 */
function checkCrossFieldRules(value: CrossFieldValues | null, ctx: z.RefinementCtx, partial: boolean) {
  if (typeof value !== "object" || value === null) return;
  const type = PICKUP_TYPES.find((t) => t === value.pickupType);
  if (type && typeof value.trackingCode === "string" && !hasIssueAt(ctx.issues, "trackingCode")) {
    const message = trackingCodeIssue(value.trackingCode, type);
    if (message) ctx.addIssue({ code: "custom", message, path: ["trackingCode"] });
  }
  if (value.authorizedThirdPartyPickup === true) {
    for (const issue of thirdPartyIssues(value.authorizedThirdPartyFullName, value.authorizedThirdPartyCPF, partial)) {
      ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path] });
    }
  }
}

interface ThirdPartyOutput {
  authorizedThirdPartyPickup: boolean;
  authorizedThirdPartyFullName: string | null;
  authorizedThirdPartyCPF: string | null;
}

/** Off: nobody else may collect, so the fields are cleared. On: the name trimmed, the CPF as digits. */
function normalizeThirdParty(pickup: boolean, name: unknown, cpf: unknown): ThirdPartyOutput {
  if (!pickup || typeof name !== "string" || typeof cpf !== "string") {
    return { authorizedThirdPartyPickup: false, authorizedThirdPartyFullName: null, authorizedThirdPartyCPF: null };
  }
  return { authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: name.trim(), authorizedThirdPartyCPF: cpfDigits(cpf) };
}

const scheduledDateInput = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.union([z.date(), z.iso.datetime({ offset: true }), z.iso.date()], { error: PICKUP_MESSAGES.dateRequired }),
);

/**
 * 'Criar nova retirada', the pickup form. The day must not be in the past
 * in `timeZone` (the server's APP_TIMEZONE, the browser's own zone in the form). The
 * server sets orderDispatchDate and pickupStatus, so a client's values for them are dropped.
 */
export function pickupFormSchema(timeZone: string) {
  return z
    .object(
      {
        orderOrigin: z
          .string({ error: PICKUP_MESSAGES.originMax })
          .trim()
          .max(80, PICKUP_MESSAGES.originMax)
          .nullish()
          .transform((v) => v || DEFAULT_ORDER_ORIGIN),
        pickupStoreName: pickupStoreNameSchema,
        scheduledPickupDate: scheduledDateInput.check((ctx) => {
          const day = typeof ctx.value === "string" && !ctx.value.includes("T") ? ctx.value : dayIn(new Date(ctx.value), timeZone);
          if (day < dayIn(new Date(), timeZone)) ctx.issues.push({ code: "custom", message: PICKUP_MESSAGES.dateInPast, input: ctx.value });
        }),
        pickupType: pickupTypeSchema,
        orderNumber: orderNumberSchema,
        trackingCode: trackingCodeSchema,
        invoiceFileName: invoiceFileNameSchema,
        invoiceXmlFileName: invoiceXmlFileNameSchema,
        customerFullName: customerNameSchema,
        customerCPF: cpfSchema,
        customerPhone: phoneSchema,
        customerEmail: customerEmailSchema,
        orderItems: orderItemsSchema,
        authorizedThirdPartyPickup: thirdPartySwitchSchema.default(false),
        authorizedThirdPartyFullName: thirdPartyFieldSchema,
        authorizedThirdPartyCPF: thirdPartyFieldSchema,
      },
      { error: PICKUP_MESSAGES.invalidBody },
    )
    .superRefine((value, ctx) => checkCrossFieldRules(value, ctx, false), always)
    .superRefine((_, ctx) => sortIssuesByField(ctx), always)
    .transform(({ authorizedThirdPartyPickup, authorizedThirdPartyFullName, authorizedThirdPartyCPF, scheduledPickupDate, ...rest }) => ({
      ...rest,
      scheduledPickupDate:
        typeof scheduledPickupDate === "string" && !scheduledPickupDate.includes("T")
          ? startOfDayIn(scheduledPickupDate, timeZone)
          : new Date(scheduledPickupDate),
      ...normalizeThirdParty(authorizedThirdPartyPickup, authorizedThirdPartyFullName, authorizedThirdPartyCPF),
    }));
}
export type PickupFormInput = z.input<ReturnType<typeof pickupFormSchema>>;
export type PickupForm = z.output<ReturnType<typeof pickupFormSchema>>;

/**
 * 'Editar Retirada em loja': the dialog's fields, each optional and checked with the form's
 * rules when present. Rules that also read the stored record (the tracking code against the
 * resulting type, a third party switched on without new details) are checked by editPickup.
 */
export const pickupEditSchema = z
  .object(
    {
      pickupStoreName: pickupStoreNameSchema.optional(),
      pickupType: pickupTypeSchema.optional(),
      trackingCode: trackingCodeSchema.optional(),
      customerPhone: phoneSchema.optional(),
      customerEmail: customerEmailSchema.optional(),
      orderItems: orderItemsSchema.optional(),
      authorizedThirdPartyPickup: thirdPartySwitchSchema.optional(),
      authorizedThirdPartyFullName: thirdPartyFieldSchema,
      authorizedThirdPartyCPF: thirdPartyFieldSchema,
    },
    { error: PICKUP_MESSAGES.invalidBody },
  )
  .superRefine((value, ctx) => checkCrossFieldRules(value, ctx, true), always)
  .superRefine((_, ctx) => sortIssuesByField(ctx), always)
  .transform(({ authorizedThirdPartyPickup, authorizedThirdPartyFullName, authorizedThirdPartyCPF, ...rest }) => {
    const edit: PickupEdit = { ...rest };
    if (authorizedThirdPartyPickup === false) return { ...edit, ...normalizeThirdParty(false, null, null) };
    if (authorizedThirdPartyPickup === true) edit.authorizedThirdPartyPickup = true;
    if (typeof authorizedThirdPartyFullName === "string") edit.authorizedThirdPartyFullName = authorizedThirdPartyFullName.trim();
    if (typeof authorizedThirdPartyCPF === "string") edit.authorizedThirdPartyCPF = cpfDigits(authorizedThirdPartyCPF);
    return edit;
  });
export type PickupEditInput = z.input<typeof pickupEditSchema>;
export interface PickupEdit {
  pickupStoreName?: string;
  pickupType?: PickupType;
  trackingCode?: string;
  customerPhone?: string;
  customerEmail?: string;
  orderItems?: string[];
  authorizedThirdPartyPickup?: boolean;
  authorizedThirdPartyFullName?: string | null;
  authorizedThirdPartyCPF?: string | null;
}
export const PICKUP_EDIT_FIELDS = ["pickupStoreName", "pickupType", "trackingCode", ...EDITED_CONTACT_FIELDS] as const satisfies readonly (keyof PickupEdit)[];

/**
 * `PUT /pickup/update/{id}`: clients send the record back whole, with the fields they
 * changed, so every field is read as sent (a store's masked CPF included) and compared
 * with the stored record by the server. `pickupStatus` names the transition wanted;
 * confirming a pickup carries the CPF typed at the counter as `withdrawalCPF`.
 */
export const pickupUpdateSchema = z
  .object(
    {
      pickupStatus: z.enum(PICKUP_STATUSES, { error: PICKUP_MESSAGES.statusInvalid }).optional(),
      withdrawalCPF: z.string({ error: PICKUP_MESSAGES.withdrawalUnauthorized }).max(20, PICKUP_MESSAGES.withdrawalUnauthorized).optional(),
      /** The customer's signature with 'Confirmar retirada': a PNG data URL, bounded before anything decodes it. */
      signature: z
        .string({ error: PICKUP_MESSAGES.signatureInvalid })
        .max(SIGNATURE_DATA_URL_MAX_LENGTH, PICKUP_MESSAGES.signatureInvalid)
        .startsWith(SIGNATURE_DATA_URL_PREFIX, PICKUP_MESSAGES.signatureInvalid)
        .optional(),
      /** 'Confirmar recebimento' and 'Confirmar retirada' at a store: the PIN of the staff member doing it. */
      staffPin: staffPinField.optional(),
    },
    { error: PICKUP_MESSAGES.invalidBody },
  )
  .catchall(z.unknown());
export type PickupUpdateInput = z.output<typeof pickupUpdateSchema>;

/** The part of a pickup that its transitions read and write. */
export type PickupState = Pick<
  Pickup,
  | "pickupStatus"
  | "pickupType"
  | "trackingCode"
  | "orderReceivedAtStoreDate"
  | "actualPickupDate"
  | "customerFullName"
  | "customerCPF"
  | "authorizedThirdPartyPickup"
  | "authorizedThirdPartyFullName"
  | "authorizedThirdPartyCPF"
>;

/** On creation: an order made available in the store waits there already; a posted one is on its way. */
export function initialStatus(type: PickupType): PickupStatus {
  return type === IN_STORE ? AWAITING_PICKUP : IN_TRANSIT;
}

/** Whether 'Confirmar recebimento' is the pickup's next step: the order is on its way to the store. */
export const canConfirmReceipt = (pickup: Pick<Pickup, "pickupStatus">) => pickup.pickupStatus === IN_TRANSIT;

/** 'Confirmar recebimento': the parcel reached the store. */
export function confirmReceipt<T extends PickupState>(pickup: T, now: Date): T {
  if (!canConfirmReceipt(pickup)) throw new RuleViolation(PICKUP_MESSAGES.receiptOnlyInTransit, "conflict");
  return { ...pickup, pickupStatus: AWAITING_PICKUP, orderReceivedAtStoreDate: now, actualPickupDate: null };
}

export type WithdrawalCheck = { authorized: true; name: string; collector: PickupCollector } | { authorized: false };

/** The counter's check: the typed CPF (punctuation ignored) is the customer's or the authorised third party's. */
export function checkWithdrawal(pickup: PickupState, typedCpf: string): WithdrawalCheck {
  const digits = cpfDigits(typedCpf);
  if (digits.length !== 11 || !isValidCpf(digits)) return { authorized: false };
  if (digits === pickup.customerCPF) return { authorized: true, name: pickup.customerFullName, collector: "customer" };
  if (pickup.authorizedThirdPartyPickup && pickup.authorizedThirdPartyCPF === digits && pickup.authorizedThirdPartyFullName) {
    return { authorized: true, name: pickup.authorizedThirdPartyFullName, collector: "thirdParty" };
  }
  return { authorized: false };
}

/** Whether a pickup's CPF check is locked: a store typed CPF_CHECK_MAX_FAILURES wrong CPFs for it. */
export const isCpfCheckLocked = (cpfCheckFailures: number) => cpfCheckFailures >= CPF_CHECK_MAX_FAILURES;

/**
 * Whose wrong CPFs count against a pickup's cap: a store's, that sees CPFs masked. An administrator
 * reads them whole, so guessing gains nothing and is neither counted nor locked out.
 */
export const countsCpfFailures = (role: Role) => role !== ADMIN;

/** A CPF compared under the cap: the check, and whether it was a wrong CPF that costs the store a try. */
export type CappedWithdrawalCheck = WithdrawalCheck & { failed: boolean };

/**
 * A CPF compared with a pickup's under its cap (CPF_CHECK_MAX_FAILURES wrong ones from stores, over
 * the counter's check and 'Confirmar retirada' together). Only a pickup waiting in the store is
 * checked: the counter's check (`check`) refuses any other, while the check before 'Confirmar
 * retirada' (`confirm`) answers undefined and leaves it to the confirmation, which refuses it itself.
 * A locked pickup refuses a store until an administrator unlocks it. A valid CPF that is neither the
 * customer's nor the third party's costs a try; one that is no CPF (a typo its check digits catch)
 * tells nothing, and costs none.
 */
export function checkWithdrawalUnderCap(
  pickup: PickupState & { cpfCheckFailures: number },
  typedCpf: string,
  role: Role,
  route: "check" | "confirm",
): CappedWithdrawalCheck | undefined {
  if (pickup.pickupStatus !== AWAITING_PICKUP) {
    if (route === "confirm") return undefined;
    throw new RuleViolation(PICKUP_MESSAGES.pickupOnlyAwaiting, "conflict");
  }
  const counted = countsCpfFailures(role);
  if (counted && isCpfCheckLocked(pickup.cpfCheckFailures)) throw new RuleViolation(PICKUP_MESSAGES.cpfCheckLocked, "forbidden");
  const check = checkWithdrawal(pickup, typedCpf);
  return { ...check, failed: !check.authorized && counted && isValidCpf(cpfDigits(typedCpf)) };
}

/**
 * 'Confirmar retirada': only once the order waits in the store, and only for a CPF that may collect it.
 * It records who collected it (by the CPF that matched) and who handed it over.
 */
export function confirmPickup<T extends PickupState>(pickup: T, typedCpf: string, now: Date, handedOverBy: string): T & Pick<Pickup, "collectedBy" | "handedOverBy"> {
  if (pickup.pickupStatus !== AWAITING_PICKUP) throw new RuleViolation(PICKUP_MESSAGES.pickupOnlyAwaiting, "conflict");
  const check = checkWithdrawal(pickup, typedCpf);
  if (!check.authorized) throw new RuleViolation(PICKUP_MESSAGES.withdrawalUnauthorized, "forbidden");
  return { ...pickup, pickupStatus: PICKED_UP, actualPickupDate: now, collectedBy: check.collector, handedOverBy };
}

/** The name and the masked CPF of whoever collected a pickup; undefined before it was collected or when it was not recorded. */
export function pickupCollector(
  pickup: Pick<Pickup, "collectedBy" | "customerFullName" | "customerCPF" | "authorizedThirdPartyFullName" | "authorizedThirdPartyCPF">,
): { name: string; cpf: string; thirdParty: boolean } | undefined {
  // A store's view holds masked CPFs already; an administrator's holds digits.
  const masked = (cpf: string) => (cpfDigits(cpf).length === 11 ? maskCpf(cpf) : cpf);
  if (pickup.collectedBy === "customer") return { name: pickup.customerFullName, cpf: masked(pickup.customerCPF), thirdParty: false };
  if (pickup.collectedBy === "thirdParty" && pickup.authorizedThirdPartyFullName && pickup.authorizedThirdPartyCPF) {
    return { name: pickup.authorizedThirdPartyFullName, cpf: masked(pickup.authorizedThirdPartyCPF), thirdParty: true };
  }
  return undefined;
}

/** Which e-mail an administrator's alert sends: an alert while the order is on its way, a reminder once it waits. */
export function pickupAlertKind(pickup: Pick<Pickup, "pickupStatus">): AlertKind {
  return pickup.pickupStatus === IN_TRANSIT ? "alert" : "reminder";
}

export const canEditPickup = (pickup: Pick<Pickup, "pickupStatus">) => pickup.pickupStatus !== PICKED_UP;
export const canDeletePickup = canEditPickup;

/**
 * The administrator's edit. A collected order is history and stays as it is. A new type
 * re-derives the status while the order was never received in the store (a received one
 * stays where it is), and the tracking code must suit the resulting type.
 */
export function editPickup<T extends PickupState & Partial<PickupEdit>>(pickup: T, edit: PickupEdit): T {
  if (!canEditPickup(pickup)) throw new RuleViolation(PICKUP_MESSAGES.editPickedUp, "conflict");
  const next: T = { ...pickup, ...edit };
  const trackingIssue = trackingCodeIssue(next.trackingCode, next.pickupType);
  if (trackingIssue) throw new RuleViolation(trackingIssue, "invalid", "trackingCode");
  if (next.authorizedThirdPartyPickup) {
    const [issue] = thirdPartyIssues(next.authorizedThirdPartyFullName, next.authorizedThirdPartyCPF);
    if (issue) throw new RuleViolation(issue.message, "invalid", issue.path);
  } else {
    next.authorizedThirdPartyFullName = null;
    next.authorizedThirdPartyCPF = null;
  }
  if (next.pickupType !== pickup.pickupType && pickup.orderReceivedAtStoreDate === null) {
    next.pickupStatus = initialStatus(next.pickupType);
  }
  return next;
}
