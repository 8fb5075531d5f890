import { DAY_MS } from "@passo/domain";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, pickups } from "../../db/schema/index.js";
import { pickupsKit } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

// The deadlines' settings and what they make of a pickup; the reminders and escalations they lead to
// are the deadline job's (jobs/deadline-scheduler.test.ts).

const t = useTestApp();

const CUSTOMER_EMAIL = "maria@cliente.test";

let store: { username: string; token: string };
let invoice: string;

const kit = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));

async function waitingPickup(overrides: Record<string, unknown> = {}) {
  const pickup = await kit.createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001", customerEmail: CUSTOMER_EMAIL, ...overrides });
  expect(pickup.waitingSince).toEqual(expect.any(String));
  return pickup as { id: string; orderNumber: string; waitingSince: string };
}

function putDeadlines(payload: unknown, token = t.adminToken) {
  return t.app.inject({ method: "PUT", url: "/api/deadlines/update", headers: bearer(token), payload: payload as object });
}

beforeAll(async () => {
  store = await t.createStore("Loja Centro");
  invoice = await t.uploadInvoice();
});

describe("the deadlines settings", () => {
  it("start at the defaults, which a store may read too", async () => {
    for (const token of [t.adminToken, store.token]) {
      const res = await t.app.inject({ method: "GET", url: "/api/deadlines/get", headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deadlines: { reminderDays: [3, 7], escalationDays: 10, overdueDays: 15, picklistStartHours: 24 } });
    }
  });

  it("are changed by an administrator only, with the days sorted, and the change is audited", async () => {
    expect((await putDeadlines({ overdueDays: 20 }, store.token)).statusCode).toBe(403);
    const res = await putDeadlines({ reminderDays: "7, 2", overdueDays: "20" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Prazos atualizados com sucesso!",
      deadlines: { reminderDays: [2, 7], escalationDays: 10, overdueDays: 20, picklistStartHours: 24 },
    });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, "deadlines"), eq(auditLog.action, "update")));
    expect(entry?.changes).toEqual({ reminderDays: { from: [3, 7], to: [2, 7] }, overdueDays: { from: 15, to: 20 } });
    expect((await putDeadlines({ reminderDays: [3, 7], overdueDays: 15 })).statusCode).toBe(200);
  });

  it("refuse what makes no sense, in Portuguese", async () => {
    const cases: [unknown, string][] = [
      [{ reminderDays: [3, 3] }, "Os dias de lembrete não podem se repetir."],
      [{ reminderDays: [0] }, "Os dias de lembrete devem ser números inteiros entre 1 e 60."],
      [{ reminderDays: [2.5] }, "Os dias de lembrete devem ser números inteiros entre 1 e 60."],
      [{ escalationDays: -1 }, "O dia do escalonamento deve ser um número inteiro entre 1 e 90."],
      [{ overdueDays: 5 }, "O prazo de retirada não pode vencer antes do dia do escalonamento."],
      [{ reminderDays: [3, 12] }, "Os dias de lembrete devem vir antes do dia do escalonamento."],
      [{ escalationDays: 7 }, "Os dias de lembrete devem vir antes do dia do escalonamento."],
      [{ picklistStartHours: "muitas" }, "O prazo para iniciar a lista deve ser um número inteiro entre 1 e 720 horas."],
    ];
    for (const [payload, error] of cases) {
      const res = await putDeadlines(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });
});

describe("how long a pickup has waited", () => {
  it("starts when it is received, or when it is created in the store, and stops when it is collected", async () => {
    const posted = await kit.createPickup();
    expect(posted).toMatchObject({ waitingSince: null, overdue: false });
    const received = (await kit.confirmReceiptAs(store.token, posted.id)).json().pickup;
    expect(received.waitingSince).toBe(received.orderReceivedAtStoreDate);
    const collected = (await kit.update(posted.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "529.982.247-25" }, store.token)).json().pickup;
    expect(collected).toMatchObject({ pickupStatus: "Pedido retirado", waitingSince: null, overdue: false });

    const inStore = await waitingPickup();
    expect(inStore.waitingSince).toBe((inStore as unknown as { orderDispatchDate: string }).orderDispatchDate);
  });

  it("is overdue past the pickup deadline, can be listed oldest first and filtered to the overdue ones", async () => {
    const old = await waitingPickup();
    const older = await waitingPickup();
    const fresh = await waitingPickup();
    await t.database.db.update(pickups).set({ waitingSince: new Date(Date.now() - 16 * DAY_MS) }).where(eq(pickups.id, old.id));
    await t.database.db.update(pickups).set({ waitingSince: new Date(Date.now() - 20 * DAY_MS) }).where(eq(pickups.id, older.id));

    expect((await kit.getById(old.id, store.token)).json().pickup).toMatchObject({ overdue: true });
    expect((await kit.getById(fresh.id, t.adminToken)).json().pickup).toMatchObject({ overdue: false });

    const oldestFirst = (await kit.list("?order=waiting&status=Aguardando%20retirada")).pickups.map((p: { id: string }) => p.id);
    expect(oldestFirst.indexOf(older.id)).toBeLessThan(oldestFirst.indexOf(old.id));
    expect(oldestFirst.indexOf(old.id)).toBeLessThan(oldestFirst.indexOf(fresh.id));

    const overdue = (await kit.list("?overdue=1", store.token)).pickups.map((p: { id: string }) => p.id);
    expect(overdue).toEqual(expect.arrayContaining([old.id, older.id]));
    expect(overdue).not.toContain(fresh.id);
    // Out of the way of the stories below, which run the check at later dates.
    await t.database.db.update(pickups).set({ pickupStatus: "Pedido retirado", waitingSince: null }).where(eq(pickups.customerEmail, "maria@example.com"));
    for (const p of [old, older, fresh]) await t.database.db.update(pickups).set({ pickupStatus: "Pedido retirado", waitingSince: null }).where(eq(pickups.id, p.id));
  });
});
