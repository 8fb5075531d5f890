import { z } from "zod";

export const SMTP_HOST_PATTERN = /^smtp\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/i;
export const SMTP_PASS_PATTERN = /^[A-Za-z0-9]{16,}$/;

export const MAIL_SERVER_MESSAGES = {
  /** The stored password was sealed under another ENCRYPTION_KEY: nothing can read it any more. */
  passwordUnreadable:
    "A senha guardada não pode mais ser lida, porque a chave de criptografia do servidor (ENCRYPTION_KEY) mudou. Digite a senha de novo e salve.",
  passwordAgain: "Digite a senha de novo: a senha guardada não pode mais ser lida.",
  /** What the e-mail queue shows while the password cannot be read. */
  queuePasswordUnreadable: "A senha do servidor de e-mail não pode ser lida. Digite-a de novo em 'Serviço de notificação'.",
  /** What the e-mail queue shows while no mail server is saved. */
  queueNotConfigured: "Serviço de notificação não configurado.",
  /** Saving a host whose name leads to this machine or to the internal network (loopback, private, link-local…). */
  internalHost: "Este servidor de e-mail aponta para um endereço interno da rede, que o Passo não usa. Informe o endereço público do seu provedor de e-mail.",
  /** What the e-mail queue shows instead of the mail server's raw error (which goes to the server's log). */
  sendInternalHost: "O servidor de e-mail aponta para um endereço interno da rede. Corrija o endereço em 'Serviço de notificação'.",
  sendHostNotFound: "Servidor de e-mail não encontrado. Confira o endereço em 'Serviço de notificação'.",
  sendConnection: "Não foi possível conectar ao servidor de e-mail. Uma nova tentativa será feita.",
  sendAuth: "O servidor de e-mail recusou o usuário ou a senha. Confira-os em 'Serviço de notificação'.",
  sendRecipient: "O servidor de e-mail recusou o destinatário.",
  sendOther: "O servidor de e-mail não aceitou o envio. Uma nova tentativa será feita.",
} as const;

/**
 * Why a queued e-mail waits without an attempt: the mail server is missing or unreadable. Each
 * waiting e-mail keeps the reason as its last error; the queue's screen shows it once, above the list.
 */
export const OUTBOX_WAITING_REASONS: readonly string[] = [MAIL_SERVER_MESSAGES.queueNotConfigured, MAIL_SERVER_MESSAGES.queuePasswordUnreadable];

/** What the server sends back: never the stored password, only whether one is set. */
export const mailServerSchema = z.object({
  id: z.string(),
  host: z.string(),
  port: z.string(),
  secure: z.boolean(),
  user: z.string(),
  hasPassword: z.boolean(),
  /** A password is stored but cannot be read with this server's ENCRYPTION_KEY: it must be typed again. */
  passwordUnreadable: z.boolean(),
  notifyCustomerPickupReady: z.boolean(),
  notifyCustomerPickupCollected: z.boolean(),
  notifyCustomerReturn: z.boolean(),
  emailBodyRetentionDays: z.number().int(),
});
export type MailServer = z.infer<typeof mailServerSchema>;

const passSchema = z
  .string({ error: "A senha é obrigatória." })
  .min(1, "A senha é obrigatória.")
  .max(256, "A senha deve ter pelo menos 16 caracteres, apenas letras e números.")
  .regex(SMTP_PASS_PATTERN, "A senha deve ter pelo menos 16 caracteres, apenas letras e números.");

const fields = {
  host: z
    .string({ error: "O endereço do servidor é obrigatório." })
    .trim()
    .min(1, "O endereço do servidor é obrigatório.")
    .max(253, "Host inválido. Ex: smtp.seudominio.com.br")
    .regex(SMTP_HOST_PATTERN, "Host inválido. Ex: smtp.seudominio.com.br"),
  port: z
    .preprocess((v) => (typeof v === "number" ? String(v) : v), z.string({ error: "O número da porta deve ser entre 1 e 999." }))
    .pipe(z.string().trim().regex(/^[1-9]\d{0,2}$/, "O número da porta deve ser entre 1 e 999.")),
  secure: z.boolean({ error: "Valor inválido para conexão segura." }).default(false),
  user: z
    .string({ error: "O usuário é obrigatório." })
    .trim()
    .min(1, "O usuário é obrigatório.")
    .max(254, "E-mail inválido.")
    .pipe(z.email("E-mail inválido.")),
};

export const EMAIL_BODY_RETENTION_DEFAULT_DAYS = 90;
export const EMAIL_BODY_RETENTION_MAX_DAYS = 3650;
const RETENTION_MESSAGE = `Informe um número de dias entre 1 e ${EMAIL_BODY_RETENTION_MAX_DAYS}.`;

/** How many days a sent e-mail keeps its body; after them, only the fact that it was sent remains. */
export const emailBodyRetentionDaysSchema = z.coerce
  .number({ error: RETENTION_MESSAGE })
  .int(RETENTION_MESSAGE)
  .min(1, RETENTION_MESSAGE)
  .max(EMAIL_BODY_RETENTION_MAX_DAYS, RETENTION_MESSAGE);

/**
 * The customer e-mails Passo adds to the spec (order ready for pickup, order
 * collected, return accepted or refused), each on unless the administrator turns it off.
 * Left out, a switch keeps its stored value.
 */
const customerSwitches = {
  notifyCustomerPickupReady: z.boolean({ error: "Valor inválido para o aviso de pedido pronto para retirada." }).optional(),
  notifyCustomerPickupCollected: z.boolean({ error: "Valor inválido para o aviso de pedido retirado." }).optional(),
  notifyCustomerReturn: z.boolean({ error: "Valor inválido para o aviso de devolução." }).optional(),
  emailBodyRetentionDays: emailBodyRetentionDaysSchema.optional(),
};

/** The settings form: every SMTP field required; the customer e-mail switches keep their value when left out. */
export const mailServerFormSchema = z.object({ ...fields, pass: passSchema, ...customerSwitches });
export type MailServerForm = z.infer<typeof mailServerFormSchema>;

/** The API's update: the password may be left out (or blank) to keep the stored one. */
export const mailServerUpdateSchema = z.object({
  ...fields,
  pass: z.preprocess((v) => (v === "" || v === null ? undefined : v), passSchema.optional()),
  ...customerSwitches,
});
export type MailServerUpdate = z.infer<typeof mailServerUpdateSchema>;
