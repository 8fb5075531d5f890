import type { TemplateTitle, TemplateType } from "@passo/domain";
import type { Db } from "../../db/client.js";
import type { OutboxEntry } from "../email-outbox/email-outbox.js";
import { currentTemplates, renderFromBook, type RenderContext, type TemplateBook } from "../email-templates/email-templates.service.js";
import { currentCustomerEmailSwitches, type CustomerEmailSwitches } from "../mail-server/mail-server.service.js";

/** The e-mails a customer gets about their own order or return (Passo's addition to the spec; each can be switched off). */
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
 * The customer e-mail to queue with a change, rendered now from the template of its type and
 * title; null when the administrator switched this e-mail off or the customer has no address. It is
 * queued even while no mail service is configured: the worker keeps it until there is one. The
 * caller queues it in the change's own transaction or statement (enqueueEmail, lib/row-transition.ts).
 */
export function customerEmailEntry(settings: CustomerEmailSettings, email: CustomerEmail): OutboxEntry | null {
  const { type, title, switch: switchName } = CUSTOMER_EMAILS[email.kind];
  if (!settings.switches[switchName]) return null;
  const to = email.to.trim();
  if (to === "") return null;
  const rendered = renderFromBook(settings.templates, settings.context, type, title, email.record);
  const eventKey = [email.kind, email.recordId, ...(email.occurrence ? [email.occurrence] : [])].join(":");
  return { eventKey, kind: email.kind, recordId: email.recordId, to: [to], ...rendered };
}
