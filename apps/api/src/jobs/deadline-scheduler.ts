import {
  AWAITING_PICKUP,
  DAY_MS,
  PICKLIST_NOT_STARTED,
  dueReminderDay,
  escalationDue,
  picklistStartDue,
  toPickupStoreView,
  waitedDays,
  type OutboxKind,
  type TemplateTitle,
  type TemplateType,
} from "@passo/domain";
import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../db/client.js";
import { deadlineNotices, emailOutbox, picklists, pickups } from "../db/schema/index.js";
import { alertRecipients, ruleRecipientEmails } from "../modules/alerts/alerts.service.js";
import { nudgeOutbox } from "../lib/outbox-signal.js";
import { enqueueEmail } from "../records/outbox.js";
import { renderEmail, type RenderContext, customerEmailSwitches } from "../modules/email-templates/email-templates.service.js";
import { toPickup } from "../modules/pickups/pickups.service.js";
import { findStoreRule } from "../modules/store-rules/store-rules.service.js";
import { getDeadlines } from "../modules/deadlines/deadlines.service.js";

/** The automatic notices, each an outbox kind of its own. */
export type DeadlineNoticeKind = Extract<OutboxKind, "pickup-customer-reminder" | "pickup-escalation" | "picklist-start-reminder">;

const TEMPLATES: Record<DeadlineNoticeKind, { type: TemplateType; title: TemplateTitle }> = {
  "pickup-customer-reminder": { type: "Lembrete automático", title: "Retirada em loja" },
  "pickup-escalation": { type: "Escalonamento", title: "Retirada em loja" },
  "picklist-start-reminder": { type: "Lembrete automático", title: "Lista de separação" },
};

/** One advisory lock for the whole check: whichever process takes it checks, the others skip this round. */
const CHECK_LOCK = 8_180_001;

export interface DeadlineCheckSummary {
  reminders: number;
  escalations: number;
  picklistReminders: number;
  /** Notices decided with nobody to send them to (no rule or recipients, or the customer e-mails switched off). */
  skipped: number;
}

interface Notice {
  kind: DeadlineNoticeKind;
  recordId: string;
  /** The reminder day; 0 for the notices that happen once per record. */
  day: number;
  /** Who gets it and what the template shows; no one: decided, nothing sent. */
  email(): Promise<{ to: string[]; record: Record<string, unknown> } | undefined>;
}

/**
 * Decides one notice: its row in deadline_notices and its e-mail in the outbox, in the caller's
 * transaction. A notice decided before (by this process or another) is left alone: each is sent
 * once, ever. Answers whether it was sent, skipped or already decided.
 */
async function decide(tx: Tx, context: RenderContext, notice: Notice, now: Date): Promise<"sent" | "skipped" | "known"> {
  const [row] = await tx
    .insert(deadlineNotices)
    .values({ recordId: notice.recordId, kind: notice.kind, day: notice.day, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: deadlineNotices.id });
  if (!row) return "known";
  const email = await notice.email();
  if (!email || email.to.length === 0) return "skipped";
  const { type, title } = TEMPLATES[notice.kind];
  const rendered = await renderEmail(tx, context, type, title, email.record);
  const eventKey = `${notice.kind}:${notice.recordId}:${notice.day}`;
  await enqueueEmail(tx, { eventKey, kind: notice.kind, recordId: notice.recordId, to: email.to, ...rendered }, now);
  const [queued] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.eventKey, eventKey));
  await tx.update(deadlineNotices).set({ outboxId: queued?.id ?? null }).where(eq(deadlineNotices.id, row.id));
  return "sent";
}

/**
 * The deadline check at `now`: the customer reminder of each reminder day reached (after a gap,
 * only the latest one reached: never a flood), the escalation to the store's rule recipients, and
 * the reminder of each list not started in time. Runs in one transaction under an advisory lock, so
 * that among several processes on one database exactly one checks at a time; answers undefined when
 * another process is checking.
 */
export async function runDeadlineCheck(db: Db, context: RenderContext, now = new Date()): Promise<DeadlineCheckSummary | undefined> {
  const summary = await db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${CHECK_LOCK}) as locked`);
    if (!(locked as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return undefined;
    const deadlines = await getDeadlines(tx);
    const summary: DeadlineCheckSummary = { reminders: 0, escalations: 0, picklistReminders: 0, skipped: 0 };
    const count = (outcome: "sent" | "skipped" | "known", field: "reminders" | "escalations" | "picklistReminders") => {
      if (outcome === "sent") summary[field]++;
      if (outcome === "skipped") summary.skipped++;
    };

    const firstDay = Math.min(...deadlines.reminderDays, deadlines.escalationDays);
    const waiting = await tx
      .select()
      .from(pickups)
      .where(and(eq(pickups.pickupStatus, AWAITING_PICKUP), isNotNull(pickups.waitingSince), lte(pickups.waitingSince, new Date(now.getTime() - firstDay * DAY_MS))));
    const known = await decidedNotices(tx, waiting.map((p) => p.id));
    const customerEmailsOn = (await customerEmailSwitches(tx)).notifyCustomerPickupReady;
    for (const row of waiting) {
      const since = row.waitingSince!;
      const pickup = toPickup(row, deadlines.overdueDays, now);
      const daysWaiting = waitedDays(since, now);
      const day = dueReminderDay(since, deadlines.reminderDays, now);
      if (day !== undefined && !known.has(`${row.id}:pickup-customer-reminder:${day}`)) {
        const outcome = await decide(
          tx,
          context,
          {
            kind: "pickup-customer-reminder",
            recordId: row.id,
            day,
            // The customer's own order: their full record may be shown to them.
            email: async () => (customerEmailsOn && row.customerEmail.trim() !== "" ? { to: [row.customerEmail.trim()], record: { ...pickup, daysWaiting } } : undefined),
          },
          now,
        );
        count(outcome, "reminders");
      }
      if (escalationDue(since, deadlines.escalationDays, now) && !known.has(`${row.id}:pickup-escalation:0`)) {
        const outcome = await decide(
          tx,
          context,
          {
            kind: "pickup-escalation",
            recordId: row.id,
            day: 0,
            email: async () => {
              const rule = await findStoreRule(tx, row.pickupStoreName);
              if (!rule?.notificationPickup) return undefined;
              return { to: await ruleRecipientEmails(tx, rule), record: { ...toPickupStoreView(pickup), daysWaiting } };
            },
          },
          now,
        );
        count(outcome, "escalations");
      }
    }

    const lateLists = await tx
      .select()
      .from(picklists)
      .where(and(eq(picklists.currentStatus, PICKLIST_NOT_STARTED), lte(picklists.sendDate, new Date(now.getTime() - deadlines.picklistStartHours * 3_600_000))));
    const knownLists = await decidedNotices(tx, lateLists.map((l) => l.id));
    for (const row of lateLists) {
      if (!picklistStartDue(row.sendDate, deadlines.picklistStartHours, now) || knownLists.has(`${row.id}:picklist-start-reminder:0`)) continue;
      const { previousDestinations: _previous, updatedAt: _updated, ...list } = row;
      const outcome = await decide(
        tx,
        context,
        {
          kind: "picklist-start-reminder",
          recordId: row.id,
          day: 0,
          email: async () => ({
            to: await alertRecipients(tx, "picklist", row.destination),
            record: { ...list, hoursSinceSent: Math.floor((now.getTime() - row.sendDate.getTime()) / 3_600_000) },
          }),
        },
        now,
      );
      count(outcome, "picklistReminders");
    }
    return summary;
  });
  if (summary && summary.reminders + summary.escalations + summary.picklistReminders > 0) nudgeOutbox();
  return summary;
}

/** `record:kind:day` of the notices already decided for these records. */
async function decidedNotices(tx: Tx, recordIds: string[]): Promise<Set<string>> {
  if (recordIds.length === 0) return new Set();
  const rows = await tx
    .select({ recordId: deadlineNotices.recordId, kind: deadlineNotices.kind, day: deadlineNotices.day })
    .from(deadlineNotices)
    .where(inArray(deadlineNotices.recordId, recordIds));
  return new Set(rows.map((r) => `${r.recordId}:${r.kind}:${r.day}`));
}

export interface DeadlineSchedulerOptions {
  db: Db;
  log: FastifyBaseLogger;
  context: RenderContext;
  intervalMs: number;
  /** The clock the check reads; tests move it. */
  now?: () => Date;
}

export interface DeadlineScheduler {
  /** Checks now, then every interval. */
  start(): void;
  /** No further check; waits for the one running. */
  stop(): Promise<void>;
}

/** Runs the deadline check in this process every interval; with several processes, each check is done by one. */
export function createDeadlineScheduler(options: DeadlineSchedulerOptions): DeadlineScheduler {
  const { db, log, context, intervalMs, now = () => new Date() } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopping = false;

  function tick() {
    if (stopping || running) return;
    running = runDeadlineCheck(db, context, now())
      .then((summary) => {
        if (summary && summary.reminders + summary.escalations + summary.picklistReminders + summary.skipped > 0) log.info(summary, "deadline notices decided");
      })
      .catch((err: unknown) => log.error({ err }, "deadline check failed"))
      .finally(() => {
        running = undefined;
        if (!stopping) {
          timer = setTimeout(tick, intervalMs);
          timer.unref();
        }
      });
  }

  return {
    start() {
      stopping = false;
      tick();
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
    },
  };
}
