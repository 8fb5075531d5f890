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
  type TemplateType,
} from "@passo/domain";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Config } from "../../config.js";
import type { Db, Tx } from "../../db/client.js";
import { emailTemplates } from "../../db/schema/index.js";
import { isUniqueViolation } from "../../lib/db-errors.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { shortCache } from "../../lib/short-cache.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";
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

/** renderEmail from templates read beforehand (`currentTemplates`). */
export function renderFromBook(book: TemplateBook, context: RenderContext, type: TemplateType, title: TemplateTitle, record: Record<string, unknown>): RenderedEmail {
  const template = book.get(bookKey(type, title)) ?? defaultTemplate(type, title);
  return renderTemplate(template, record, context.company, context.timezone);
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
