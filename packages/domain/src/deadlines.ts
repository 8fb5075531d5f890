import { z } from "zod";
import { AWAITING_PICKUP, type PickupStatus } from "./pickup.js";

/**
 * How long a pickup may wait in the store before the chain acts: the customer is reminded on
 * each reminder day, the store's supervisors are told on the escalation day, and past the
 * pickup deadline the order is 'Atrasado'. A list not started within its hours gets one
 * automatic reminder. Days are whole 24-hour periods counted from `waitingSince`.
 */
export interface Deadlines {
  reminderDays: number[];
  escalationDays: number;
  overdueDays: number;
  picklistStartHours: number;
}

export const DEFAULT_DEADLINES: Deadlines = { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 };

export const DEADLINE_LIMITS = { reminderDays: 60, reminderCount: 10, escalationDays: 90, overdueDays: 180, picklistStartHours: 720 } as const;

export const DEADLINE_MESSAGES = {
  reminderDays: `Os dias de lembrete devem ser números inteiros entre 1 e ${DEADLINE_LIMITS.reminderDays}.`,
  reminderRepeated: "Os dias de lembrete não podem se repetir.",
  reminderCount: `Informe no máximo ${DEADLINE_LIMITS.reminderCount} dias de lembrete.`,
  escalationDays: `O dia do escalonamento deve ser um número inteiro entre 1 e ${DEADLINE_LIMITS.escalationDays}.`,
  overdueDays: `O prazo de retirada deve ser um número inteiro entre 1 e ${DEADLINE_LIMITS.overdueDays} dias.`,
  overdueBeforeEscalation: "O prazo de retirada não pode vencer antes do dia do escalonamento.",
  reminderAfterEscalation: "Os dias de lembrete devem vir antes do dia do escalonamento.",
  picklistStartHours: `O prazo para iniciar a lista deve ser um número inteiro entre 1 e ${DEADLINE_LIMITS.picklistStartHours} horas.`,
  updated: "Prazos atualizados com sucesso!",
} as const;

/** A whole number typed in a form (a trimmed string) or sent as JSON (a number). */
function wholeNumber(message: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" && /^\s*\d+\s*$/.test(v) ? Number(v.trim()) : v),
    z.number({ error: message }).int(message).min(1, message).max(max, message),
  );
}

/** The reminder days as a list, or as the form types them ("3, 7"); kept in ascending order. */
const reminderDaysSchema = z
  .preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(/[,;\s]+/)
            .map((part) => part.trim())
            .filter((part) => part !== "")
        : v,
    z.array(wholeNumber(DEADLINE_MESSAGES.reminderDays, DEADLINE_LIMITS.reminderDays), { error: DEADLINE_MESSAGES.reminderDays }),
  )
  .pipe(
    z
      .array(z.number())
      .max(DEADLINE_LIMITS.reminderCount, DEADLINE_MESSAGES.reminderCount)
      .refine((days) => new Set(days).size === days.length, DEADLINE_MESSAGES.reminderRepeated)
      .transform((days) => [...days].sort((a, b) => a - b)),
  );

const fields = {
  reminderDays: reminderDaysSchema,
  escalationDays: wholeNumber(DEADLINE_MESSAGES.escalationDays, DEADLINE_LIMITS.escalationDays),
  overdueDays: wholeNumber(DEADLINE_MESSAGES.overdueDays, DEADLINE_LIMITS.overdueDays),
  picklistStartHours: wholeNumber(DEADLINE_MESSAGES.picklistStartHours, DEADLINE_LIMITS.picklistStartHours),
};

/**
 * The whole settings, as the 'Prazos' form saves them and as they are stored. The customer is reminded
 * before the store is escalated, and the escalation comes before the order is overdue: a reminder on or
 * after the escalation day would reach the customer after the store was already told off.
 */
export const deadlinesSchema = z
  .object(fields)
  .refine((d) => d.reminderDays.every((day) => day < d.escalationDays), {
    message: DEADLINE_MESSAGES.reminderAfterEscalation,
    path: ["reminderDays"],
  })
  .refine((d) => d.overdueDays >= d.escalationDays, { message: DEADLINE_MESSAGES.overdueBeforeEscalation, path: ["overdueDays"] });
export type DeadlinesInput = z.input<typeof deadlinesSchema>;

/** `PUT /deadlines/update`: a field left out keeps its stored value; the merged whole is checked again. */
export const deadlinesUpdateSchema = z.object(fields).partial();
export type DeadlinesUpdate = z.output<typeof deadlinesUpdateSchema>;

const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Whole days a pickup has waited (0 on its first day), or null while it does not wait. */
export function waitedDays(waitingSince: Date | null, now: Date): number | null {
  if (!waitingSince) return null;
  return Math.max(0, Math.floor((now.getTime() - waitingSince.getTime()) / DAY_MS));
}

/** Waiting longer than the pickup deadline. */
export function isPickupOverdue(waitingSince: Date | null, overdueDays: number, now: Date): boolean {
  return waitingSince !== null && now.getTime() - waitingSince.getTime() > overdueDays * DAY_MS;
}

/**
 * The reminder day whose reminder is due now: the latest one reached. After a downtime that
 * skipped a reminder day, only the latest is sent, not one per missed day.
 */
export function dueReminderDay(waitingSince: Date, reminderDays: readonly number[], now: Date): number | undefined {
  const waited = now.getTime() - waitingSince.getTime();
  return reminderDays.filter((day) => waited >= day * DAY_MS).at(-1);
}

export function escalationDue(waitingSince: Date, escalationDays: number, now: Date): boolean {
  return now.getTime() - waitingSince.getTime() >= escalationDays * DAY_MS;
}

/** A list still not started this long after it was sent gets its automatic reminder. */
export function picklistStartDue(sendDate: Date, picklistStartHours: number, now: Date): boolean {
  return now.getTime() - sendDate.getTime() >= picklistStartHours * HOUR_MS;
}

/**
 * When the pickup started waiting, after a change: now when it has just become 'Aguardando
 * retirada', unchanged while it keeps waiting, null once it no longer waits.
 */
export function waitingSinceAfter(before: { pickupStatus: PickupStatus; waitingSince: Date | null } | undefined, status: PickupStatus, now: Date): Date | null {
  if (status !== AWAITING_PICKUP) return null;
  if (before?.pickupStatus === AWAITING_PICKUP) return before.waitingSince ?? now;
  return now;
}

/** The settings as the API serves them. */
export const deadlinesViewSchema = z.object({
  reminderDays: z.array(z.number().int()),
  escalationDays: z.number().int(),
  overdueDays: z.number().int(),
  picklistStartHours: z.number().int(),
});
