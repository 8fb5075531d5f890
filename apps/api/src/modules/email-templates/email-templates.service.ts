import {
  AUTOMATIC_TEMPLATE_TYPES,
  TEMPLATE_PAIRS,
  TEMPLATE_TYPES,
  isAutomaticTemplateType,
  isTemplatePair,
  renderTemplate,
  type Company,
  type EmailTemplate,
  type EmailTemplateUpdateInput,
  type RenderedEmail,
  type TemplateTitle,
  type TemplateText,
  type TemplateType,
} from "@passo/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db, Tx } from "../../db/client.js";
import { emailTemplates, mailServer, type BodySource } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { shortCache } from "../../lib/short-cache.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";
import type { OutboxEntry } from "../../records/outbox.js";
import { PICKUP_CODE_QR_VARIABLE, recordSnapshot } from "../../lib/outbox-body.js";
import { defaultTemplate } from "./default-templates.js";

const columns = {
  id: emailTemplates.id,
  type: emailTemplates.type,
  title: emailTemplates.title,
  description: emailTemplates.description,
  content: emailTemplates.content,
};

/**
 * The templates (four types × three titles, and the automatic ones) exist from the first start; edited
 * ones are kept. Run at every start, so a template added by a new version reaches existing databases.
 */
export async function ensureEmailTemplates(db: Db): Promise<void> {
  await db.insert(emailTemplates).values(defaultEmailTemplates()).onConflictDoNothing();
}

/**
 * The spec's templates (its four types) or the automatic ones: each kind has its own routes, so that a
 * client written from the spec never meets a type outside the spec's list.
 */
export type TemplateKind = "spec" | "automatic";
const KIND_TYPES = { spec: TEMPLATE_TYPES, automatic: AUTOMATIC_TEMPLATE_TYPES } as const;
export type KindTemplate<K extends TemplateKind> = EmailTemplate & { type: (typeof KIND_TYPES)[K][number] };
const templateKind = (type: TemplateType): TemplateKind => (isAutomaticTemplateType(type) ? "automatic" : "spec");

export async function listEmailTemplates<K extends TemplateKind>(db: Db, kind: K): Promise<KindTemplate<K>[]> {
  const rows = await db
    .select(columns)
    .from(emailTemplates)
    .where(inArray(emailTemplates.type, [...KIND_TYPES[kind]]))
    .orderBy(asc(emailTemplates.title), asc(emailTemplates.type));
  return rows as KindTemplate<K>[];
}

/** The templates as shipped, one per type and title, for the editor's 'Redefinir'. */
export function defaultEmailTemplates(): Omit<EmailTemplate, "id">[] {
  return TEMPLATE_PAIRS.map(({ type, title }) => ({ type, title, ...defaultTemplate(type, title) }));
}

/** The template of a type and title: every pair exists from the first start. */
export async function findEmailTemplate(db: Db | Tx, type: TemplateType, title: TemplateTitle): Promise<EmailTemplate | undefined> {
  const [row] = await db.select(columns).from(emailTemplates).where(and(eq(emailTemplates.type, type), eq(emailTemplates.title, title)));
  return row;
}

/** What rendering an e-mail needs besides the record: the chain's name and the zone dates are shown in. */
export interface RenderContext {
  company: Company;
  timezone: string;
}

export function renderContext(config: Config): RenderContext {
  return { company: { name: config.companyName, emailDomain: config.companyEmailDomain }, timezone: config.timezone };
}

/** Subject and body of the e-mail of a type and title about a record, from the stored template (or the shipped one). */
export async function renderEmail(
  db: Db | Tx,
  context: RenderContext,
  type: TemplateType,
  title: TemplateTitle,
  record: Record<string, unknown>,
): Promise<RenderedEmail> {
  const template = (await findEmailTemplate(db, type, title)) ?? defaultTemplate(type, title);
  return renderTemplate(template, record, context.company, context.timezone);
}

/** Every stored template, by type and title. */
export type TemplateBook = ReadonlyMap<string, EmailTemplate>;
const bookKey = (type: TemplateType, title: TemplateTitle) => `${type}\n${title}`;

const cachedTemplates = shortCache(async (db: Db): Promise<TemplateBook> => {
  const rows = await db.select(columns).from(emailTemplates);
  return new Map(rows.map((row) => [bookKey(row.type, row.title), row]));
});

/**
 * The templates for the busy paths (a customer e-mail queued with a pickup's receipt): read at most
 * once a second per process, so that the change's transaction renders without reading.
 */
export function currentTemplates(db: Db): Promise<TemplateBook> {
  return cachedTemplates.get(db, undefined);
}

/** The template of a type and title among those read beforehand (`currentTemplates`), or the shipped one. */
function templateFromBook(book: TemplateBook, type: TemplateType, title: TemplateTitle): TemplateText {
  const { description, content } = book.get(bookKey(type, title)) ?? defaultTemplate(type, title);
  return { description, content };
}

/** Edits a template of one kind: a template of the other kind is not found on this kind's route. */
export async function updateEmailTemplate<K extends TemplateKind>(
  db: Db,
  actor: AuditActor,
  kind: K,
  id: string,
  input: EmailTemplateUpdateInput,
): Promise<KindTemplate<K>> {
  const updated = await db.transaction(async (tx) => {
    const [current] = await tx.select(columns).from(emailTemplates).where(eq(emailTemplates.id, id)).for("update");
    if (!current || templateKind(current.type) !== kind) throw notFound("Modelo de e-mail não encontrado.");
    const next = { ...current, ...definedOnly(input) };
    if (!isTemplatePair(next.type, next.title)) throw badRequest(`Não há modelo de e-mail do tipo ${next.type} para ${next.title}.`);
    try {
      const [row] = await tx
        .update(emailTemplates)
        .set({ type: next.type, title: next.title, description: next.description, content: next.content, updatedAt: new Date() })
        .where(eq(emailTemplates.id, id))
        .returning(columns);
      await recordAudit(tx, actor, "email-template", id, "update", current, row!);
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`Já existe um modelo de e-mail do tipo ${next.type} para ${next.title}.`);
      throw err;
    }
  });
  cachedTemplates.forget(db);
  return updated as KindTemplate<K>;
}

function definedOnly<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// The customer e-mails: rendered from the templates above, each switched on or off on 'Serviço de
// notificação' (the mail server's record, read here as a table so that the mail-server module stays
// the one that writes it and calls forgetCustomerEmailSwitches after a change).

/** Which customer e-mails are switched on. */
export type CustomerEmailSwitches = Pick<typeof mailServer.$inferSelect, "notifyCustomerPickupReady" | "notifyCustomerPickupCollected" | "notifyCustomerReturn">;

/** The customer e-mails' switches; all on until the administrator turns one off. */
export async function customerEmailSwitches(db: Db | Tx): Promise<CustomerEmailSwitches> {
  const [row] = await db
    .select({
      notifyCustomerPickupReady: mailServer.notifyCustomerPickupReady,
      notifyCustomerPickupCollected: mailServer.notifyCustomerPickupCollected,
      notifyCustomerReturn: mailServer.notifyCustomerReturn,
    })
    .from(mailServer)
    .orderBy(asc(mailServer.updatedAt), asc(mailServer.id))
    .limit(1);
  return {
    notifyCustomerPickupReady: row?.notifyCustomerPickupReady ?? true,
    notifyCustomerPickupCollected: row?.notifyCustomerPickupCollected ?? true,
    notifyCustomerReturn: row?.notifyCustomerReturn ?? true,
  };
}

const cachedSwitches = shortCache((db: Db) => customerEmailSwitches(db));

/** The switches for the busy paths (a pickup received, a return decided): read at most once a second per process. */
export function currentCustomerEmailSwitches(db: Db): Promise<CustomerEmailSwitches> {
  return cachedSwitches.get(db, undefined);
}

/** After the mail server's record changed (its commit): the next customer e-mail reads the switches again. */
export function forgetCustomerEmailSwitches(db: Db): void {
  cachedSwitches.forget(db);
}

/** The e-mails a customer gets about their own order or return (beyond the spec, Passo's own; each can be switched off). */
export type CustomerEmailKind = "pickup-ready" | "pickup-collected" | "return-received" | "return-refused";

const CUSTOMER_EMAILS: Record<CustomerEmailKind, { type: TemplateType; title: TemplateTitle; switch: keyof CustomerEmailSwitches }> = {
  "pickup-ready": { type: "Notificação", title: "Retirada em loja", switch: "notifyCustomerPickupReady" },
  "pickup-collected": { type: "Confirmação", title: "Retirada em loja", switch: "notifyCustomerPickupCollected" },
  "return-received": { type: "Confirmação", title: "Devolução em loja física", switch: "notifyCustomerReturn" },
  "return-refused": { type: "Confirmação", title: "Devolução em loja física", switch: "notifyCustomerReturn" },
};

export interface CustomerEmail {
  kind: CustomerEmailKind;
  recordId: string;
  /** Tells apart two occurrences of the same kind for one record (a pickup ready again after a new receipt). */
  occurrence?: string;
  to: string;
  /** The customer's own record: their full data may be shown to them. */
  record: Record<string, unknown>;
  /** The pickup code `{{pickupCodeQr}}` shows as a QR (drawn at send time, only when the template shows it). */
  pickupCodeQr?: string;
}

/** What queuing a customer e-mail needs besides the record and the context: the switches and the templates. */
export interface CustomerEmailSettings {
  switches: CustomerEmailSwitches;
  templates: TemplateBook;
  context: RenderContext;
}

/**
 * Read before the change's transaction (and at most once a second, lib/short-cache.ts), so that the
 * transaction holding the record's lock only renders and inserts.
 */
export async function customerEmailSettings(db: Db, context: RenderContext): Promise<CustomerEmailSettings> {
  const [switches, templates] = await Promise.all([currentCustomerEmailSwitches(db), currentTemplates(db)]);
  return { switches, templates, context };
}

/**
 * The customer e-mail to queue with a change: its subject rendered now from the template of its type
 * and title, its body kept as that template and the record are now, to be drawn when it is sent
 * (lib/outbox-body.ts: the QR's PNG is the costly part, and no request waits for it); null when
 * the administrator switched this e-mail off or the customer has no address. It is queued even while
 * no mail service is configured: the worker keeps it until there is one. The caller queues it in the
 * change's own transaction or statement (records/outbox.ts, records/row-transition.ts).
 */
export function customerEmailEntry(settings: CustomerEmailSettings, email: CustomerEmail): OutboxEntry | null {
  const { type, title, switch: switchName } = CUSTOMER_EMAILS[email.kind];
  if (!settings.switches[switchName]) return null;
  const to = email.to.trim();
  if (to === "") return null;
  const template = templateFromBook(settings.templates, type, title);
  const { company, timezone } = settings.context;
  const record = recordSnapshot(email.record);
  // The subject is one line the outbox lists; the body waits for the worker.
  const { subject } = renderTemplate({ description: template.description, content: "" }, record, company, timezone);
  const shows = email.pickupCodeQr !== undefined && template.content.includes(PICKUP_CODE_QR_VARIABLE);
  const bodySource: BodySource = { template, record, company, timezone, ...(shows ? { pickupCodeQr: email.pickupCodeQr } : {}) };
  const eventKey = [email.kind, email.recordId, ...(email.occurrence ? [email.occurrence] : [])].join(":");
  return { eventKey, kind: email.kind, recordId: email.recordId, to: [to], subject, html: "", bodySource };
}
