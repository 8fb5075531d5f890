import { randomUUID } from "node:crypto";
import {
  PICKED_UP,
  PICKLIST_COMPLETED,
  PICKLIST_NOT_COMPLETED,
  picklistAlertKind,
  pickupAlertKind,
  toPickupStoreView,
  type AlertFlow,
  type AlertKind,
  type OutboxKind,
  type PicklistStatus,
  type RenderedEmail,
  type StoreRule,
  type TemplateTitle,
  type TemplateType,
} from "@passo/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { picklists, pickups, recipients, users } from "../../db/schema/index.js";
import { conflict, notFound, type HttpError } from "../../lib/errors.js";
import { nudgeOutbox } from "../../lib/outbox-signal.js";
import { enqueueEmail } from "../../records/outbox.js";
import { renderEmail, type RenderContext } from "../email-templates/email-templates.service.js";
import { isMailServerConfigured } from "../mail-server/mail-server.service.js";
import { getDeadlines } from "../deadlines/deadlines.service.js";
import { toPickup } from "../pickups/pickups.service.js";
import { findStoreRule } from "../store-rules/store-rules.service.js";

/** What an alert is about: the store it concerns, where the record stands, and the fields its template may show. */
interface AlertedRecord {
  store: string;
  finished: boolean;
  /** The kind of e-mail the record's state calls for. */
  due: AlertKind;
  view: Record<string, unknown>;
}

interface Flow {
  title: TemplateTitle;
  /** How the store's rule names the flow, in the messages. */
  label: string;
  ruleFlag: "notificationPicklist" | "notificationPickup";
  notFound: string;
  finished: string;
  alertTooLate: string;
  reminderTooEarly: string;
  load(db: Db, id: string): Promise<AlertedRecord | undefined>;
}

/** A list given up as unavailable is past alerting too, even before it is finished. */
const NO_ALERT_STATUSES: readonly PicklistStatus[] = [PICKLIST_COMPLETED, PICKLIST_NOT_COMPLETED];

const FLOWS: Record<AlertFlow, Flow> = {
  picklist: {
    title: "Lista de separação",
    label: "lista de separação",
    ruleFlag: "notificationPicklist",
    notFound: "Lista de separação não encontrada.",
    finished: "Esta lista de separação já foi finalizada: não há o que notificar.",
    alertTooLate: "Esta lista de separação já foi iniciada: envie um lembrete, não um alerta.",
    reminderTooEarly: "Esta lista de separação ainda não foi iniciada: envie um alerta, não um lembrete.",
    async load(db, id) {
      const [row] = await db.select().from(picklists).where(eq(picklists.id, id));
      if (!row) return undefined;
      const { previousDestinations: _previous, updatedAt: _updated, ...view } = row;
      return { store: row.destination, finished: NO_ALERT_STATUSES.includes(row.currentStatus), due: picklistAlertKind(row.currentStatus), view };
    },
  },
  pickup: {
    title: "Retirada em loja",
    label: "retirada em loja",
    ruleFlag: "notificationPickup",
    notFound: "Retirada não encontrada.",
    finished: "Este pedido já foi retirado: não há o que notificar.",
    alertTooLate: "Esta retirada não está mais em trânsito: envie um lembrete, não um alerta.",
    reminderTooEarly: "Esta retirada ainda está em trânsito: envie um alerta, não um lembrete.",
    async load(db, id) {
      const [row] = await db.select().from(pickups).where(eq(pickups.id, id));
      if (!row) return undefined;
      // The e-mail goes to the store and its supervisors: what a store may see of the customer, no more.
      const view = toPickupStoreView(toPickup(row, (await getDeadlines(db)).overdueDays, new Date()));
      return { store: row.pickupStoreName, finished: row.pickupStatus === PICKED_UP, due: pickupAlertKind(row), view };
    },
  },
};

const TEMPLATE_TYPE: Record<AlertKind, TemplateType> = { alert: "Alerta", reminder: "Lembrete" };

const NOT_CONFIGURED = "Serviço de notificação não configurado. Configure-o em Configurações > Serviço de notificação.";

/** Refuses a kind that does not fit the record's state, and any alert about a finished record. */
function checkKind(flow: AlertFlow, kind: AlertKind, record: AlertedRecord): void {
  const f = FLOWS[flow];
  if (record.finished) throw conflict(f.finished);
  if (kind !== record.due) throw conflict(kind === "alert" ? f.alertTooLate : f.reminderTooEarly);
}

/**
 * Who hears about a store's record: the store's own e-mail and the supervisor, manager and
 * assistant manager its notification rule names, when that rule has this flow switched on;
 * nobody otherwise. No address twice.
 */
export async function alertRecipients(db: Db | Tx, flow: AlertFlow, store: string): Promise<string[]> {
  const rule = await findStoreRule(db, store);
  if (!rule?.[FLOWS[flow].ruleFlag]) return [];
  const [storeUser] = await db.select({ email: users.email }).from(users).where(eq(sql`lower(${users.username})`, store.toLowerCase()));
  return distinct([...(storeUser ? [storeUser.email] : []), ...(await ruleRecipientEmails(db, rule))]);
}

/** The e-mails of the supervisor, manager and assistant manager a store's rule names, in that order, no address twice. */
export async function ruleRecipientEmails(db: Db | Tx, rule: Pick<StoreRule, "supervisor" | "manager" | "assistantManager">): Promise<string[]> {
  const names = [rule.supervisor, rule.manager, rule.assistantManager].filter((n): n is string => !!n).map((n) => n.toLowerCase());
  const rows = await db
    .select({ username: recipients.username, email: recipients.email })
    .from(recipients)
    .where(inArray(sql`lower(${recipients.username})`, names));
  const emails: string[] = [];
  for (const name of names) {
    const row = rows.find((r) => r.username.toLowerCase() === name);
    if (row) emails.push(row.email);
  }
  return distinct(emails);
}

function distinct(emails: string[]): string[] {
  return emails.filter((e, i) => emails.findIndex((other) => other.toLowerCase() === e.toLowerCase()) === i);
}

/** Why nobody is to be told about a store's record. */
async function nobodyToTell(db: Db, flow: AlertFlow, store: string): Promise<HttpError> {
  const rule = await findStoreRule(db, store);
  if (!rule) return conflict(`A loja ${store} não tem notificação configurada. Configure-a em Configurações > Notificações.`);
  if (!rule[FLOWS[flow].ruleFlag]) {
    return conflict(`A notificação de ${FLOWS[flow].label} está desativada para a loja ${store}. Ative-a em Configurações > Notificações.`);
  }
  return conflict(`Ninguém a notificar: a loja ${store} não tem usuário nem destinatários cadastrados.`);
}

export interface PreparedAlert extends RenderedEmail {
  recordId: string;
  to: string[];
}

/**
 * Everything short of queueing: the record is read from the database (never taken from the body),
 * the kind must fit its state, mail must be configured and someone must be there to tell.
 */
export async function prepareAlert(
  db: Db,
  context: RenderContext,
  flow: AlertFlow,
  kind: AlertKind,
  id: string,
): Promise<PreparedAlert> {
  const f = FLOWS[flow];
  const record = z.uuid().safeParse(id).success ? await f.load(db, id) : undefined;
  if (!record) throw notFound(f.notFound);
  checkKind(flow, kind, record);
  if (!(await isMailServerConfigured(db))) throw conflict(NOT_CONFIGURED);
  const to = await alertRecipients(db, flow, record.store);
  if (to.length === 0) throw await nobodyToTell(db, flow, record.store);
  const type = TEMPLATE_TYPE[kind];
  return { recordId: id, to, ...(await renderEmail(db, context, type, f.title, record.view)) };
}

/**
 * The administrator's alert or reminder: the e-mail is queued and the worker delivers
 * it. Each request is an event of its own (sending again is asking again), so its key carries
 * a fresh id. Answers the addresses it was queued for.
 */
export async function sendAlert(
  db: Db,
  context: RenderContext,
  flow: AlertFlow,
  kind: AlertKind,
  id: string,
  now = new Date(),
): Promise<string[]> {
  const email = await prepareAlert(db, context, flow, kind, id);
  const outboxKind: OutboxKind = `${flow}-${kind}`;
  await enqueueEmail(
    db,
    { eventKey: `${outboxKind}:${email.recordId}:${randomUUID()}`, kind: outboxKind, recordId: email.recordId, to: email.to, subject: email.subject, html: email.html },
    now,
  );
  nudgeOutbox();
  return email.to;
}
