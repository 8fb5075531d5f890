import { z } from "zod";
import type { Company } from "./fields.js";

/** The four types every title has. */
export const TEMPLATE_TYPES = ["Notificação", "Alerta", "Confirmação", "Lembrete"] as const;
/** The types of the e-mails the deadline check sends by itself, each for the titles in AUTOMATIC_TEMPLATES only. */
export const AUTOMATIC_TEMPLATE_TYPES = ["Lembrete automático", "Escalonamento"] as const;
export const ALL_TEMPLATE_TYPES = [...TEMPLATE_TYPES, ...AUTOMATIC_TEMPLATE_TYPES] as const;
export type TemplateType = (typeof ALL_TEMPLATE_TYPES)[number];
export const TEMPLATE_TITLES = ["Retirada em loja", "Devolução em loja física", "Lista de separação"] as const;
export type TemplateTitle = (typeof TEMPLATE_TITLES)[number];

/**
 * The automatic e-mails: the customer's reminder that the order waits, the escalation to the
 * store's supervisors, and the reminder of a list not started in time.
 */
export const AUTOMATIC_TEMPLATES = [
  { type: "Lembrete automático", title: "Retirada em loja" },
  { type: "Escalonamento", title: "Retirada em loja" },
  { type: "Lembrete automático", title: "Lista de separação" },
] as const satisfies readonly { type: TemplateType; title: TemplateTitle }[];

/** Every template there is: each of the four types for each title, then the automatic ones. */
export const TEMPLATE_PAIRS: readonly { type: TemplateType; title: TemplateTitle }[] = [
  ...TEMPLATE_TITLES.flatMap((title) => TEMPLATE_TYPES.map((type) => ({ type, title }))),
  ...AUTOMATIC_TEMPLATES,
];

export function isTemplatePair(type: TemplateType, title: TemplateTitle): boolean {
  return TEMPLATE_PAIRS.some((pair) => pair.type === type && pair.title === title);
}

/** A stored template, of any type (the spec's twelve and the automatic ones). */
export interface EmailTemplate {
  id: string;
  type: TemplateType;
  title: TemplateTitle;
  description: string;
  content: string;
}

export const isAutomaticTemplateType = (type: TemplateType): type is (typeof AUTOMATIC_TEMPLATE_TYPES)[number] =>
  (AUTOMATIC_TEMPLATE_TYPES as readonly string[]).includes(type);

/** A template's wire shape, in the spec's order (id, type, title, description, content), for a list of types. */
const templateSchemaOf = <const Types extends readonly [string, ...string[]]>(types: Types) =>
  z.object({ id: z.string(), type: z.enum(types), title: z.enum(TEMPLATE_TITLES), description: z.string(), content: z.string() });
/** The spec's template on the wire: only its four types (`GET /template-email/get`). */
export const emailTemplateSchema = templateSchemaOf(TEMPLATE_TYPES);
/** An automatic template, served beside the spec's (`GET /template-email/automatic/get`). */
export const automaticEmailTemplateSchema = templateSchemaOf(AUTOMATIC_TEMPLATE_TYPES);
/** Any template, as the shipped defaults ('Redefinir') list them. */
export const anyEmailTemplateSchema = templateSchemaOf(ALL_TEMPLATE_TYPES);

const templateInputFields = {
  title: z.enum(TEMPLATE_TITLES, { error: "Título de modelo inválido." }),
  description: z
    .string({ error: "O assunto do e-mail não pode ser vazia." })
    .trim()
    .min(1, "O assunto do e-mail não pode ser vazia.")
    .max(300, "O assunto do e-mail deve ter no máximo 300 caracteres."),
  content: z
    .string({ error: "O conteudo do e-mail não pode ser vazio" })
    .trim()
    .min(1, "O conteudo do e-mail não pode ser vazio")
    .max(200_000, "O conteudo do e-mail é grande demais."),
};
export const emailTemplateInputSchema = z.object({ ...templateInputFields, type: z.enum(TEMPLATE_TYPES, { error: "Tipo de modelo inválido." }) });
export const automaticEmailTemplateInputSchema = z.object({
  ...templateInputFields,
  type: z.enum(AUTOMATIC_TEMPLATE_TYPES, { error: "Tipo de modelo inválido." }),
});
export type EmailTemplateInput = Omit<EmailTemplate, "id">;

/** Edit: the same rules; a field left out keeps its stored value. */
export const emailTemplateUpdateSchema = emailTemplateInputSchema.partial();
export const automaticEmailTemplateUpdateSchema = automaticEmailTemplateInputSchema.partial();
export type EmailTemplateUpdateInput = Partial<EmailTemplateInput>;

/** The input schema of a template's kind: the spec's four types, or the automatic ones. */
export const templateInputSchemaFor = (type: TemplateType): z.ZodType<EmailTemplateInput> => (isAutomaticTemplateType(type) ? automaticEmailTemplateInputSchema : emailTemplateInputSchema);

/** The subject and body an administrator edits, before the record's values are filled in. */
export interface TemplateText {
  description: string;
  content: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A section `{{#name}}…{{/name}}` or a tag `{{name}}`, found in one left-to-right pass so that
 * values put into the text are never read again as placeholders.
 */
const TOKEN = /\{\{#\s*([\w-]+)\s*\}\}([\s\S]*?)\{\{\/\s*\1\s*\}\}|\{\{\s*([^{}]*?)\s*\}\}/g;

type Formatter = (value: unknown) => string;

/**
 * An image a template shows where its variable stands (`{{pickupCodeQr}}`): made by the server (a
 * `cid:` of the e-mail's inline attachment) or by the editor's preview (a data URL), never read from
 * a record, so a record's text can never become markup.
 */
export class TemplateImage {
  constructor(
    readonly src: string,
    readonly alt: string,
    readonly size: number,
  ) {}
}

function imageTag(image: TemplateImage): string {
  return `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="${image.size}" height="${image.size}" style="display:block;border:0;">`;
}

function lookup(view: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(view, name) ? view[name] : undefined;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== "";
}

function render(text: string, view: Record<string, unknown>, item: unknown, format: Formatter): string {
  return text.replace(TOKEN, (_match, section: string | undefined, inner: string | undefined, tag: string | undefined) => {
    if (section !== undefined) {
      const value = lookup(view, section);
      if (Array.isArray(value)) return value.map((element) => render(inner!, view, element, format)).join("");
      return present(value) ? render(inner!, view, item, format) : "";
    }
    return format(tag === "." ? item : lookup(view, tag!));
  });
}

/** One formatter per time zone: building one costs more than rendering a whole e-mail. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("pt-BR", { timeZone, dateStyle: "short", timeStyle: "medium", hourCycle: "h23" });
    dateFormats.set(timeZone, format);
  }
  return format;
}

function plainText(timeZone: string): Formatter {
  const dates = dateFormat(timeZone);
  const date = (d: Date) => (Number.isNaN(d.getTime()) ? "" : dates.format(d));
  const format: Formatter = (value) => {
    if (value instanceof Date) return date(value);
    if (typeof value === "string") return ISO_INSTANT.test(value) ? date(new Date(value)) : value;
    if (typeof value === "number" || typeof value === "bigint") return String(value);
    if (typeof value === "boolean") return value ? "Sim" : "Não";
    if (Array.isArray(value)) return value.map(format).filter((v) => v !== "").join(", ");
    return "";
  };
  return format;
}

/** The schemes a link in an e-mail may have; any other scheme (javascript:, data:, vbscript:, …) is made inert. */
const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
/** An `href` attribute in the rendered body and its value, quoted or not. */
const HREF = /([\s/"']href\s*=\s*)("[^"]*"|'[^']*'|[^\s"'=<>`]+)/gi;

/** The few character references a value can hold once escaped, read back as the mail client will. */
function decodeReferences(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);?/gi, (_m, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(Math.min(parseInt(lower.slice(2), 16), 0x10ffff));
    if (lower.startsWith("#")) return String.fromCodePoint(Math.min(parseInt(lower.slice(1), 10), 0x10ffff));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower]!;
  });
}

/**
 * True when a link's address is safe to click: relative (no scheme) or http, https or mailto. Read
 * as a browser reads it: references decoded, the spaces and control characters around and inside
 * the scheme dropped.
 */
export function isSafeLink(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- browsers drop these inside a URL's scheme
  const url = decodeReferences(href).replace(/[\u0000-\u0020\u007F-\u009F]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme === undefined || LINK_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Every link of a rendered body whose address a value made unsafe points nowhere (`#`): a value
 * put into `href="{{…}}"` cannot become a `javascript:` link, whatever the record holds.
 */
function inertLinks(html: string): string {
  return html.replace(HREF, (match, prefix: string, quoted: string) => {
    const value = /^["']/.test(quoted) ? quoted.slice(1, -1) : quoted;
    return isSafeLink(value) ? match : `${prefix}"#"`;
  });
}

/**
 * Fills an e-mail template with a record's values, logic-less: `{{field}}` is the field's value
 * (HTML-escaped in the body; dates in pt-BR, 24 h, in `timeZone`), `{{#list}}<li>{{.}}</li>{{/list}}`
 * repeats for each element of a list (or shows once when the field is set), `{{companyName}}` is the
 * chain's name, `{{name}}` of one of `images` is that image (nothing in the subject), and an
 * unknown placeholder renders empty. A link whose address is not relative, http, https or mailto is
 * rendered inert (`href="#"`). The API and the editor's preview share it.
 */
export function renderTemplate(
  template: TemplateText,
  record: Record<string, unknown>,
  company: Company,
  timeZone: string,
  images: Readonly<Record<string, TemplateImage>> = {},
): RenderedEmail {
  const view = { ...record, ...images, companyName: company.name };
  const text = plainText(timeZone);
  return {
    // A subject is one header line: no HTML to escape, but no line break may reach the header either.
    subject: render(template.description, view, undefined, text).replace(/\s+/g, " ").trim(),
    // A value in an `href` must not bring its own scheme: only http, https and mailto links stay live.
    html: inertLinks(render(template.content, view, undefined, (value) => (value instanceof TemplateImage ? imageTag(value) : escapeHtml(text(value))))),
  };
}

/** The variables a template may use beyond the record's fields, by title, as the editor lists them. */
export const TEMPLATE_EXTRA_VARIABLES: Readonly<Record<TemplateTitle, readonly { name: string; description: string }[]>> = {
  "Lista de separação": [],
  "Retirada em loja": [
    { name: "pickupCode", description: "o código de retirada (6 dígitos), só nos e-mails ao cliente" },
    { name: "pickupCodeQr", description: "o QR code do código de retirada, só no aviso de pedido pronto para retirada" },
  ],
  "Devolução em loja física": [],
};
