import { describe, expect, it } from "vitest";
import { AWAITING_PICKUP, IN_TRANSIT, PICKED_UP } from "./pickup.js";
import { DAY_MS, deadlinesSchema, dueReminderDay, escalationDue, isPickupOverdue, picklistStartDue, waitedDays, waitingSinceAfter } from "./deadlines.js";

const since = new Date("2026-03-02T15:00:00.000Z");
const at = (days: number) => new Date(since.getTime() + days * DAY_MS);
const firstMessage = (input: unknown) => deadlinesSchema.safeParse(input).error?.issues[0]?.message;
const valid = { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 };

describe("the deadlines form", () => {
  it("takes the reminder days as typed, trimmed and sorted", () => {
    expect(deadlinesSchema.parse({ ...valid, reminderDays: " 7, 3 ", escalationDays: " 10 " })).toEqual(valid);
    expect(deadlinesSchema.parse({ ...valid, reminderDays: "" }).reminderDays).toEqual([]);
  });

  it("refuses repeated, fractional, zero or absurd values", () => {
    expect(firstMessage({ ...valid, reminderDays: [3, 3] })).toBe("Os dias de lembrete não podem se repetir.");
    expect(firstMessage({ ...valid, reminderDays: "3, x" })).toBe("Os dias de lembrete devem ser números inteiros entre 1 e 60.");
    expect(firstMessage({ ...valid, escalationDays: 0 })).toBe("O dia do escalonamento deve ser um número inteiro entre 1 e 90.");
    expect(firstMessage({ ...valid, overdueDays: 1.5 })).toBe("O prazo de retirada deve ser um número inteiro entre 1 e 180 dias.");
    expect(firstMessage({ ...valid, overdueDays: 9 })).toBe("O prazo de retirada não pode vencer antes do dia do escalonamento.");
    expect(firstMessage({ ...valid, picklistStartHours: 1000 })).toBe("O prazo para iniciar a lista deve ser um número inteiro entre 1 e 720 horas.");
  });

  it("wants every reminder day before the escalation day, and the escalation no later than the deadline", () => {
    const messages = (input: unknown) => deadlinesSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages({ ...valid, reminderDays: [3, 10] })).toEqual([["reminderDays", "Os dias de lembrete devem vir antes do dia do escalonamento."]]);
    expect(messages({ ...valid, reminderDays: "12", escalationDays: 10, overdueDays: 9 })).toEqual([
      ["reminderDays", "Os dias de lembrete devem vir antes do dia do escalonamento."],
      ["overdueDays", "O prazo de retirada não pode vencer antes do dia do escalonamento."],
    ]);
    expect(deadlinesSchema.safeParse({ ...valid, reminderDays: [9], escalationDays: 10, overdueDays: 10 }).success).toBe(true);
  });
});

describe("the pickup clock", () => {
  it("counts whole days and is overdue only past the deadline", () => {
    expect(waitedDays(null, at(3))).toBeNull();
    expect(waitedDays(since, at(3.9))).toBe(3);
    expect(isPickupOverdue(since, 15, at(15))).toBe(false);
    expect(isPickupOverdue(since, 15, at(15.01))).toBe(true);
    expect(isPickupOverdue(null, 15, at(100))).toBe(false);
  });

  it("gives the latest reminder day reached, and the escalation and list reminder once due", () => {
    expect(dueReminderDay(since, [3, 7], at(2.9))).toBeUndefined();
    expect(dueReminderDay(since, [3, 7], at(3))).toBe(3);
    expect(dueReminderDay(since, [3, 7], at(12))).toBe(7);
    expect(escalationDue(since, 10, at(9.9))).toBe(false);
    expect(escalationDue(since, 10, at(10))).toBe(true);
    expect(picklistStartDue(since, 24, at(0.99))).toBe(false);
    expect(picklistStartDue(since, 24, at(1))).toBe(true);
  });

  it("starts when the order begins to wait, keeps while it waits, and stops when it no longer does", () => {
    const now = at(1);
    expect(waitingSinceAfter(undefined, AWAITING_PICKUP, now)).toEqual(now);
    expect(waitingSinceAfter({ pickupStatus: IN_TRANSIT, waitingSince: null }, AWAITING_PICKUP, now)).toEqual(now);
    expect(waitingSinceAfter({ pickupStatus: AWAITING_PICKUP, waitingSince: since }, AWAITING_PICKUP, now)).toEqual(since);
    expect(waitingSinceAfter({ pickupStatus: AWAITING_PICKUP, waitingSince: since }, PICKED_UP, now)).toBeNull();
  });
});
