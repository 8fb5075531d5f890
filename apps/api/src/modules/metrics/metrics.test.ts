import type { PicklistStatus, PickupStatus, ReturnStatus } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists, returns } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { insertPickupRow } from "../../testing/pickups.js";

const t = useTestApp();

const T = Date.parse("2026-03-10T12:00:00Z");
const at = (seconds: number) => new Date(T + seconds * 1000);
const DAY = 24 * 60 * 60 * 1000;

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };

async function list(destination: string, status: PicklistStatus, items: string[], done: string[], missing: string[], start?: number, pick?: number, sendDate = at(0)) {
  await t.database.db.insert(picklists).values({
    destination,
    sendDate,
    currentStatus: status,
    listItems: items,
    completedItems: done,
    uncompletedItems: missing,
    timeStarted: start === undefined ? null : new Date(sendDate.getTime() + start * 1000),
    timeCompleted: start === undefined || pick === undefined ? null : new Date(sendDate.getTime() + (start + pick) * 1000),
  });
}

async function pickup(store: string, status: PickupStatus, waitingDays: number | null) {
  await insertPickupRow(t, store, { pickupStatus: status, waitingSince: waitingDays === null ? null : new Date(Date.now() - waitingDays * DAY) });
}

async function returnOrder(store: string | null, status: ReturnStatus, dateOfCreation = at(0)) {
  await t.database.db.insert(returns).values({
    orderNumber: "PED0000000000002",
    customerCPF: "52998224725",
    customerFullName: "Maria da Silva",
    customerPhone: "41999999999",
    customerEmail: "maria@example.com",
    returnStatus: status,
    returnStore: store,
    dateOfCreation,
  });
}

const get = async (url: string, token = t.adminToken) => {
  const res = await t.app.inject({ method: "GET", url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
};
const PERIOD = "from=2026-03-01&to=2026-03-31";

beforeAll(async () => {
  storeA = await t.createStore("Loja Métricas A");
  storeB = await t.createStore("Loja Métricas B");
  await t.createStore("Loja Métricas C");
  const A = storeA.username;
  // Started 60, 120, 180 and 600 s after sending; the three finished ones picked in 300, 600 and 900 s.
  await list(A, "Concluído", ["a", "b"], ["a", "b"], [], 60, 300);
  await list(A, "Concluído", ["a", "b", "c", "X1"], ["a", "b", "c"], ["X1"], 120, 600);
  await list(A, "Não concluído", ["X1", "X2"], [], ["X1", "X2"], 180, 900);
  await list(A, "Em andamento", ["a"], [], [], 600);
  await list(A, "Não iniciado", ["a"], [], []);
  // 23:00 on 28 February in São Paulo (02:00 UTC on 1 March): before the period.
  await list(A, "Concluído", ["Z"], [], ["Z"], 1, 1, new Date("2026-03-01T02:00:00Z"));
  await list(storeB.username, "Não iniciado", ["a"], [], []);

  await pickup(A, "Aguardando retirada", 20);
  await pickup(A, "Aguardando retirada", 2);
  await pickup(A, "Pedido retirado", null);
  await pickup(storeB.username, "Aguardando retirada", 16);

  await returnOrder(A, "Devolvido em loja física");
  await returnOrder(A, "Devolução concluída");
  await returnOrder(A, "Devolução recusada");
  await returnOrder(storeB.username, "Devolução recusada", new Date("2026-04-01T03:00:00Z"));
  await returnOrder(null, "Devolução pendente");
});

describe("store metrics", () => {
  it("gives the administrator every store's figures over the period, medians continuous, nulls when none", async () => {
    const { status, body } = await get(`/api/metrics/stores?${PERIOD}`);
    expect(status).toBe(200);
    expect(body.stores).toEqual([
      {
        store: "Loja Métricas A",
        picklistsSent: 5,
        picklistsFinished: 3,
        medianStartSeconds: 150, // (120 + 180) / 2: an even count
        medianPickSeconds: 600, // 300, 600, 900: an odd count
        fillRate: 0.625, // 5 completed of 8 items
        notFoundItems: 3,
        pickupsWaiting: 2,
        pickupsOverdue: 1,
        returnsReceived: 2,
        returnsRefused: 1,
      },
      {
        store: "Loja Métricas B",
        picklistsSent: 1,
        picklistsFinished: 0,
        medianStartSeconds: null,
        medianPickSeconds: null,
        fillRate: null,
        notFoundItems: 0,
        pickupsWaiting: 1,
        pickupsOverdue: 1,
        returnsReceived: 0,
        returnsRefused: 0,
      },
      {
        store: "Loja Métricas C",
        picklistsSent: 0,
        picklistsFinished: 0,
        medianStartSeconds: null,
        medianPickSeconds: null,
        fillRate: null,
        notFoundItems: 0,
        pickupsWaiting: 0,
        pickupsOverdue: 0,
        returnsReceived: 0,
        returnsRefused: 0,
      },
    ]);
    expect(body.chain).toMatchObject({ picklistsSent: 6, picklistsFinished: 3, medianStartSeconds: 150, medianPickSeconds: 600, fillRate: 0.625, pickupsWaiting: 3, pickupsOverdue: 2 });
  });

  it("counts the list sent late on 28 February (São Paulo) in February's day, not March's", async () => {
    const { body } = await get(`/api/metrics/stores?from=2026-02-28&to=2026-02-28&store=${encodeURIComponent(storeA.username)}`);
    expect(body.stores).toHaveLength(1);
    expect(body.stores[0]).toMatchObject({ picklistsSent: 1, picklistsFinished: 1, medianPickSeconds: 1, medianStartSeconds: 1, fillRate: 0, notFoundItems: 1 });
  });

  it("answers the administrator one store when asked", async () => {
    const { body } = await get(`/api/metrics/stores?${PERIOD}&store=${encodeURIComponent(storeB.username)}`);
    expect(body.stores.map((s: { store: string }) => s.store)).toEqual([storeB.username]);
  });

  it("gives a store only its own row, whatever store it asks for, beside the chain's figures", async () => {
    const { status, body } = await get(`/api/metrics/stores?${PERIOD}&store=${encodeURIComponent(storeA.username)}`, storeB.token);
    expect(status).toBe(200);
    expect(body.stores).toHaveLength(1);
    expect(body.stores[0]).toMatchObject({ store: storeB.username, picklistsSent: 1, pickupsWaiting: 1 });
    expect(JSON.stringify(body)).not.toContain(storeA.username);
    expect(body.chain.medianPickSeconds).toBe(600);
  });

  it("gives a store the median store to compare with: each figure the median of the three stores' own", async () => {
    const { body } = await get(`/api/metrics/stores?${PERIOD}`, storeB.token);
    // Sent 5, 1, 0: the median store sent 1 (the chain's sum is 6); one store has a pick time (600 s).
    expect(body.medianStore).toEqual({
      picklistsSent: 1,
      picklistsFinished: 0,
      medianStartSeconds: 150,
      medianPickSeconds: 600,
      fillRate: 0.625,
      notFoundItems: 0,
      pickupsWaiting: 1,
      pickupsOverdue: 1,
      returnsReceived: 0,
      returnsRefused: 0,
    });
  });

  it("refuses a day that does not exist with a Portuguese 400", async () => {
    const { status, body } = await get("/api/metrics/stores?from=2026-02-30");
    expect(status).toBe(400);
    expect(body.error).toBe("Data inválida. Use AAAA-MM-DD.");
  });
});

describe("daily metrics", () => {
  it("counts the lists sent per day by status, the day's median pick time and the frequent unfound products", async () => {
    const { status, body } = await get(`/api/metrics/daily?from=2026-02-28&to=2026-03-31`);
    expect(status).toBe(200);
    expect(body.days).toEqual([
      { day: "2026-02-28", byStatus: { Concluído: 1 }, picklistsSent: 1, medianPickSeconds: 1 },
      { day: "2026-03-10", byStatus: { Concluído: 2, "Não concluído": 1, "Em andamento": 1, "Não iniciado": 2 }, picklistsSent: 6, medianPickSeconds: 600 },
    ]);
    expect(body.notFound).toEqual([
      { item: "X1", count: 2 },
      { item: "X2", count: 1 },
      { item: "Z", count: 1 },
    ]);
  });

  it("gives a store only its own days", async () => {
    const { body } = await get(`/api/metrics/daily?${PERIOD}&store=all`, storeB.token);
    expect(body.days).toEqual([{ day: "2026-03-10", byStatus: { "Não iniciado": 1 }, picklistsSent: 1, medianPickSeconds: null }]);
    expect(body.notFound).toEqual([]);
  });
});
