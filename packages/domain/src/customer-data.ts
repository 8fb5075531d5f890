import { z } from "zod";
import { cpfSchema, timestampSchema } from "./fields.js";
import { outboxEmailSchema } from "./email-outbox.js";
import { PICKED_UP, pickupSchema, type PickupStatus } from "./pickup.js";
import { RETURN_PENDING, RETURN_RECEIVED, returnSchema, type ReturnStatus } from "./return.js";

/**
 * A customer's data on request (LGPD art. 18): everything Passo holds about one CPF, and the
 * anonymisation of their closed records.
 */

/** What an anonymised record holds in the place of the customer's (or the third party's) data. */
export const ANONYMIZED = {
  name: "Cliente anonimizado",
  thirdPartyName: "Terceiro anonimizado",
  /** Eleven zeros: digits only, as CPFs are stored, and never a valid CPF. */
  cpf: "00000000000",
  phone: "(00) 00000-0000",
  email: "anonimizado@anonimizado.invalid",
} as const;

/** A pickup is closed once collected; a return once it is finished (concluded, expired or refused). */
export const isPickupOpen = (status: PickupStatus) => status !== PICKED_UP;
export const isReturnOpen = (status: ReturnStatus) => status === RETURN_PENDING || status === RETURN_RECEIVED;

/** The CPF of the path, by the domain's CPF rule (punctuation allowed): its digits, or the rule's message. */
export function parseCustomerCpf(value: string): { cpf: string } | { error: string } {
  const parsed = cpfSchema.safeParse(value);
  return parsed.success ? { cpf: parsed.data } : { error: parsed.error.issues[0]?.message ?? "CPF inválido." };
}

/** An e-mail about one of the customer's records, with its body (empty once purged after the retention period). */
export const customerDataEmailSchema = outboxEmailSchema.extend({ recordId: z.string(), html: z.string() });
export type CustomerDataEmail = z.output<typeof customerDataEmailSchema>;

/** An audit line about one of the customer's records, as stored (personal data masked when written). */
export const customerAuditLineSchema = z.object({
  id: z.string(),
  at: timestampSchema,
  actorName: z.string(),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
export type CustomerAuditLine = z.output<typeof customerAuditLineSchema>;

/** What `GET /api/customers/{cpf}/data` answers. */
export const customerDataSchema = z.object({
  /** Digits only. */
  cpf: z.string(),
  pickups: z.array(pickupSchema),
  returns: z.array(returnSchema),
  emails: z.array(customerDataEmailSchema),
  auditLines: z.array(customerAuditLineSchema),
  /** The open records that block anonymisation, in words; empty when it may go. */
  openRecords: z.array(z.string()),
});
export type CustomerData = z.output<typeof customerDataSchema>;

/** What the anonymisation changed: every record kept, these many rewritten. */
export const anonymizeResultSchema = z.object({
  message: z.string(),
  pickups: z.number().int(),
  returns: z.number().int(),
  emails: z.number().int(),
  auditLines: z.number().int(),
});
export type AnonymizeResult = z.output<typeof anonymizeResultSchema>;

export const CUSTOMER_DATA_MESSAGES = {
  notFound: "Nenhum registro encontrado para este CPF.",
  anonymized: "Dados do cliente anonimizados com sucesso!",
  openRecords: (open: string[]) =>
    `Não é possível anonimizar enquanto o cliente tiver registros em aberto: ${open.join("; ")}. Conclua-os e tente de novo.`,
} as const;

/** One open record as the 409 and the screen name it. */
export const openPickupText = (orderNumber: string, status: string) => `retirada do pedido ${orderNumber} (${status})`;
export const openReturnText = (orderNumber: string, status: string) => `devolução do pedido ${orderNumber} (${status})`;
