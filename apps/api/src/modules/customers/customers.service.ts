import { randomUUID } from "node:crypto";
import {
  ANONYMIZED,
  CUSTOMER_DATA_MESSAGES,
  formatCpf,
  isPickupOpen,
  isReturnOpen,
  maskCpf,
  openPickupText,
  openReturnText,
  type AnonymizeResult,
  type CustomerData,
} from "@passo/domain";
import { and, asc, eq, inArray, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { auditLog, emailOutbox, pickups, returns, uploads } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { recordAudit, type AuditActor } from "../../records/audit.js";
import { maskEmail, maskPhone } from "../../records/mask.js";
import { drawBody } from "../../lib/outbox-body.js";
import { getDeadlines } from "../deadlines/deadlines.service.js";
import { toPickup } from "../pickups/pickups.service.js";

type PickupRow = typeof pickups.$inferSelect;
type ReturnRow = typeof returns.$inferSelect;

/** Every pickup (as customer or as authorised third party) and return of one CPF (digits only). */
async function customerRecords(db: Db | Tx, cpf: string, lock: boolean) {
  const pickupQuery = db
    .select()
    .from(pickups)
    .where(or(eq(pickups.customerCPF, cpf), eq(pickups.authorizedThirdPartyCPF, cpf)))
    .orderBy(asc(pickups.orderDispatchDate), asc(pickups.id))
    .$dynamic();
  const returnQuery = db.select().from(returns).where(eq(returns.customerCPF, cpf)).orderBy(asc(returns.dateOfCreation), asc(returns.id)).$dynamic();
  const [pickupRows, returnRows] = lock
    ? [await pickupQuery.for("update"), await returnQuery.for("update")]
    : [await pickupQuery, await returnQuery];
  return { pickupRows, returnRows, ids: [...pickupRows.map((p) => p.id), ...returnRows.map((r) => r.id)] };
}

/** The open records, in words, that keep the customer's data from being anonymised. */
function openRecords(pickupRows: PickupRow[], returnRows: ReturnRow[]): string[] {
  return [
    ...pickupRows.filter((p) => isPickupOpen(p.pickupStatus)).map((p) => openPickupText(p.orderNumber, p.pickupStatus)),
    ...returnRows.filter((r) => isReturnOpen(r.returnStatus)).map((r) => openReturnText(r.orderNumber, r.returnStatus)),
  ];
}

/** `GET /api/customers/{cpf}/data`: everything Passo holds about one CPF (LGPD art. 18), in full. */
export async function customerData(db: Db, cpf: string, now = new Date()): Promise<CustomerData> {
  const { pickupRows, returnRows, ids } = await customerRecords(db, cpf, false);
  const { overdueDays } = await getDeadlines(db);
  const emails = ids.length === 0 ? [] : await db.select().from(emailOutbox).where(inArray(emailOutbox.recordId, ids)).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  const lines = ids.length === 0 ? [] : await db.select().from(auditLog).where(inArray(auditLog.entityId, ids)).orderBy(asc(auditLog.at), asc(auditLog.id));
  return {
    cpf,
    pickups: pickupRows.map((row) => toPickup(row, overdueDays, now)),
    returns: returnRows.map(({ updatedAt: _updatedAt, ...row }) => row),
    emails: await Promise.all(emails.map(async (e) => ({
      id: e.id,
      recordId: e.recordId,
      kind: e.kind,
      to: e.to,
      subject: e.subject,
      // An e-mail not sent yet is shown as it will go out.
      html: e.bodySource ? (await drawBody(e.bodySource)).html : e.html,
      status: e.status,
      attempts: e.attempts,
      lastError: e.lastError,
      nextAttemptAt: e.nextAttemptAt,
      createdAt: e.createdAt,
      sentAt: e.sentAt,
    }))),
    auditLines: lines.map((l) => ({ id: l.id, at: l.at, actorName: l.actorName, entity: l.entity, entityId: l.entityId, action: l.action, changes: l.changes })),
    openRecords: openRecords(pickupRows, returnRows),
  };
}

/** One person's data as it may appear in a record, an audit line or an e-mail, and what replaces it. */
interface Person {
  name: string | null;
  cpf: string;
  phone: string | null;
  email: string | null;
  anonymousName: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Free text (an e-mail's subject or body) with every spelling of the person's data replaced. */
function scrubText(text: string, people: Person[]): string {
  let out = text;
  for (const p of people) {
    const replacements: [string, string][] = [
      [formatCpf(p.cpf), formatCpf(ANONYMIZED.cpf)],
      [p.cpf, ANONYMIZED.cpf],
      [maskCpf(p.cpf), maskCpf(ANONYMIZED.cpf)],
    ];
    if (p.email) replacements.push([p.email, ANONYMIZED.email]);
    if (p.phone) replacements.push([p.phone, ANONYMIZED.phone]);
    if (p.name && p.name.trim().length >= 3) replacements.push([p.name, p.anonymousName]);
    for (const [from, to] of replacements) out = out.replace(new RegExp(escapeRegExp(from), "gi"), to);
  }
  return out;
}

/** The audit fields that hold the customer's and the third party's data, with their anonymised values (masked, as lines are written). */
const CUSTOMER_FIELDS: Record<string, string> = {
  customerFullName: ANONYMIZED.name,
  customerCPF: maskCpf(ANONYMIZED.cpf),
  customerPhone: maskPhone(ANONYMIZED.phone),
  customerEmail: maskEmail(ANONYMIZED.email),
};
const THIRD_PARTY_FIELDS: Record<string, string> = {
  authorizedThirdPartyFullName: ANONYMIZED.thirdPartyName,
  authorizedThirdPartyCPF: maskCpf(ANONYMIZED.cpf),
  withdrawalCPF: maskCpf(ANONYMIZED.cpf),
};

const filled = (value: unknown) => value !== null && value !== undefined && value !== "";

/** An audit line's changes with the person's fields replaced (both sides of an edit), and their names scrubbed from any other text. */
function scrubChanges(changes: Record<string, unknown>, fields: Record<string, string>, people: Person[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes)) {
    const replacement = fields[field];
    if (replacement !== undefined) {
      if (value && typeof value === "object" && "from" in value && "to" in value) {
        const change = value as { from: unknown; to: unknown };
        out[field] = { from: filled(change.from) ? replacement : change.from, to: filled(change.to) ? replacement : change.to };
      } else {
        out[field] = filled(value) ? replacement : value;
      }
    } else {
      out[field] = typeof value === "string" ? scrubText(value, people) : value;
    }
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `POST /api/customers/{cpf}/anonymize`: replaces the customer's name, CPF, phone and e-mail in their
 * closed records (and a third party's in the pickups they were authorised for), in those records'
 * audit lines and e-mails, with anonymised values, and deletes the signatures drawn at their handovers. Every record and count stays. Refused (409) while
 * any of them is open; all in one transaction, with one audit line that names the CPF masked.
 */
export async function anonymizeCustomer(db: Db, actor: AuditActor, cpf: string): Promise<Omit<AnonymizeResult, "message">> {
  return db.transaction(async (tx) => {
    const { pickupRows, returnRows, ids } = await customerRecords(tx, cpf, true);
    if (ids.length === 0) throw notFound(CUSTOMER_DATA_MESSAGES.notFound);
    const open = openRecords(pickupRows, returnRows);
    if (open.length > 0) throw conflict(CUSTOMER_DATA_MESSAGES.openRecords(open));

    const now = new Date();
    // Who each record names: the customer, the third party, or both (the same person authorised on their own order).
    const peopleOf = new Map<string, { people: Person[]; fields: Record<string, string> }>();

    for (const row of pickupRows) {
      const asCustomer = row.customerCPF === cpf;
      const asThirdParty = row.authorizedThirdPartyCPF === cpf;
      const people: Person[] = [];
      let fields: Record<string, string> = {};
      const set: Partial<typeof pickups.$inferInsert> = { updatedAt: now };
      if (asCustomer) {
        people.push({ name: row.customerFullName, cpf: row.customerCPF, phone: row.customerPhone, email: row.customerEmail, anonymousName: ANONYMIZED.name });
        fields = { ...fields, ...CUSTOMER_FIELDS };
        Object.assign(set, { customerFullName: ANONYMIZED.name, customerCPF: ANONYMIZED.cpf, customerPhone: ANONYMIZED.phone, customerEmail: ANONYMIZED.email });
      }
      if (asThirdParty) {
        people.push({ name: row.authorizedThirdPartyFullName, cpf, phone: null, email: null, anonymousName: ANONYMIZED.thirdPartyName });
        fields = { ...fields, ...THIRD_PARTY_FIELDS };
        Object.assign(set, { authorizedThirdPartyFullName: ANONYMIZED.thirdPartyName, authorizedThirdPartyCPF: ANONYMIZED.cpf });
      }
      // The signature drawn at the handover is the customer's or the third party's own mark: it goes.
      if (row.signatureFileName) {
        await tx.delete(uploads).where(eq(uploads.name, row.signatureFileName));
        set.signatureFileName = null;
      }
      await tx.update(pickups).set(set).where(eq(pickups.id, row.id));
      peopleOf.set(row.id, { people, fields });
    }
    for (const row of returnRows) {
      await tx
        .update(returns)
        .set({ customerFullName: ANONYMIZED.name, customerCPF: ANONYMIZED.cpf, customerPhone: ANONYMIZED.phone, customerEmail: ANONYMIZED.email, updatedAt: now })
        .where(eq(returns.id, row.id));
      peopleOf.set(row.id, {
        people: [{ name: row.customerFullName, cpf: row.customerCPF, phone: row.customerPhone, email: row.customerEmail, anonymousName: ANONYMIZED.name }],
        fields: CUSTOMER_FIELDS,
      });
    }

    let auditLines = 0;
    const lines = await tx.select().from(auditLog).where(and(inArray(auditLog.entityId, ids), inArray(auditLog.entity, ["pickup", "return"])));
    for (const line of lines) {
      const who = peopleOf.get(line.entityId);
      if (!who) continue;
      const changes = scrubChanges(line.changes, who.fields, who.people);
      if (same(changes, line.changes)) continue;
      await tx.update(auditLog).set({ changes }).where(eq(auditLog.id, line.id));
      auditLines++;
    }

    let emails = 0;
    const queued = await tx.select().from(emailOutbox).where(inArray(emailOutbox.recordId, ids));
    for (const email of queued) {
      const who = peopleOf.get(email.recordId);
      if (!who) continue;
      const addresses = new Set(who.people.flatMap((p) => (p.email ? [p.email.trim().toLowerCase()] : [])));
      const to = email.to.map((address) => (addresses.has(address.trim().toLowerCase()) ? ANONYMIZED.email : address));
      const subject = scrubText(email.subject, who.people);
      // A body still to be drawn keeps the record as it was: it is drawn now and scrubbed like any other.
      const drawn = email.bodySource ? await drawBody(email.bodySource) : undefined;
      const html = scrubText(drawn?.html ?? email.html, who.people);
      // An e-mail still waiting only for the customer can no longer reach them: given up, not sent to nowhere.
      const unsendable = (email.status === "pending" || email.status === "failed") && to.every((address) => address === ANONYMIZED.email);
      if (!drawn && same(to, email.to) && subject === email.subject && html === email.html && !unsendable) continue;
      await tx
        .update(emailOutbox)
        .set({
          to,
          subject,
          html,
          ...(drawn ? { inlineImages: drawn.inlineImages, bodySource: null } : {}),
          ...(unsendable ? { status: "failed" as const, lastError: "Dados do cliente anonimizados: e-mail não enviado." } : {}),
        })
        .where(eq(emailOutbox.id, email.id));
      emails++;
    }

    const result = { pickups: pickupRows.length, returns: returnRows.length, emails, auditLines };
    await recordAudit(tx, actor, "customer", randomUUID(), "anonymize", null, {
      customerCPF: cpf,
      anonymizedPickups: result.pickups,
      anonymizedReturns: result.returns,
      anonymizedEmails: result.emails,
      anonymizedAuditLines: result.auditLines,
    });
    return result;
  });
}
