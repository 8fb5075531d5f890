import type { PickupStatus, ReturnStatus } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { returns } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { insertPickupRow } from "../../testing/pickups.js";

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;
const USE = "Produto com sinais de uso";
const NO_INVOICE = "Produto sem a nota fiscal";
const NO_BOX = "Produto sem a caixa original";

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };

async function pickup(store: string, status: PickupStatus, waitingDays: number | null) {
  await insertPickupRow(t, store, { pickupStatus: status, waitingSince: waitingDays === null ? null : new Date(Date.now() - waitingDays * DAY) });
}

async function returnOrder(store: string, status: ReturnStatus, reasonForRefusal: string, dateOfCreation: string) {
  await t.database.db.insert(returns).values({
    orderNumber: "PED0000000000002",
    customerCPF: "52998224725",
    customerFullName: "Maria da Silva",
    customerPhone: "41999999999",
    customerEmail: "maria@example.com",
    returnStatus: status,
    returnStore: store,
    reasonForRefusal,
    dateOfCreation: new Date(dateOfCreation),
  });
}

const get = async (url: string, token: string | null = t.adminToken) => {
  const res = await t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
  return { status: res.statusCode, body: res.json() };
};
const MARCH = "from=2026-03-01&to=2026-03-31";

beforeAll(async () => {
  storeA = await t.createStore("Loja Faixas A");
  storeB = await t.createStore("Loja Faixas B");
  const storeC = await t.createStore("Loja Faixas C");
  await t.createStore("Loja Faixas D");
  const [A, B, C] = [storeA.username, storeB.username, storeC.username];

  // Waiting 1 and 2.5 days (0–2), 4 days (3–6), 20 days (15 or more); one already collected.
  await pickup(A, "Aguardando retirada", 1);
  await pickup(A, "Aguardando retirada", 2.5);
  await pickup(A, "Aguardando retirada", 4);
  await pickup(A, "Aguardando retirada", 20);
  await pickup(A, "Pedido retirado", null);
  await pickup(B, "Aguardando retirada", 8);
  await pickup(B, "Aguardando retirada", 16);
  await pickup(C, "Aguardando retirada", 0.5);

  await returnOrder(A, "Devolução recusada", USE, "2026-03-05T15:00:00Z");
  await returnOrder(A, "Devolução recusada", USE, "2026-03-20T15:00:00Z");
  await returnOrder(A, "Devolução recusada", NO_INVOICE, "2026-03-31T15:00:00Z");
  await returnOrder(A, "Devolvido em loja física", "", "2026-03-06T15:00:00Z");
  await returnOrder(A, "Devolução recusada", NO_BOX, "2026-04-01T12:00:00Z");
  await returnOrder(B, "Devolução recusada", NO_INVOICE, "2026-03-10T15:00:00Z");
  await returnOrder(B, "Devolução recusada", NO_BOX, "2026-03-11T15:00:00Z");
  // 23:00 on 28 February in São Paulo: before March.
  await returnOrder(C, "Devolução recusada", NO_INVOICE, "2026-03-01T02:00:00Z");
});

describe("pickups waiting by age", () => {
  it("gives the administrator every store's bands and the median store's, zeros included", async () => {
    const { status, body } = await get("/api/metrics/pickups-age");
    expect(status).toBe(200);
    expect(body).toEqual({
      stores: [
        { store: "Loja Faixas A", days0to2: 2, days3to6: 1, days7to14: 0, days15plus: 1 },
        { store: "Loja Faixas B", days0to2: 0, days3to6: 0, days7to14: 1, days15plus: 1 },
        { store: "Loja Faixas C", days0to2: 1, days3to6: 0, days7to14: 0, days15plus: 0 },
        { store: "Loja Faixas D", days0to2: 0, days3to6: 0, days7to14: 0, days15plus: 0 },
      ],
      // 0–2: 0, 0, 1, 2 → 0.5 (an even count); 15 or more: 0, 0, 1, 1 → 0.5.
      chainMedian: { days0to2: 0.5, days3to6: 0, days7to14: 0, days15plus: 0.5 },
    });
  });

  it("answers the administrator one store when asked, the median still the chain's", async () => {
    const { body } = await get("/api/metrics/pickups-age?store=Loja%20Faixas%20B");
    expect(body.stores).toEqual([{ store: "Loja Faixas B", days0to2: 0, days3to6: 0, days7to14: 1, days15plus: 1 }]);
    expect(body.chainMedian.days0to2).toBe(0.5);
  });

  it("gives a store only its own bands, whatever store it asks for", async () => {
    const { status, body } = await get(`/api/metrics/pickups-age?store=${encodeURIComponent(storeB.username)}`, storeA.token);
    expect(status).toBe(200);
    expect(body.stores).toEqual([{ store: "Loja Faixas A", days0to2: 2, days3to6: 1, days7to14: 0, days15plus: 1 }]);
  });

  it("refuses a store name too long with a Portuguese 400, and a caller without a session with 401", async () => {
    const long = await get(`/api/metrics/pickups-age?store=${"x".repeat(81)}`);
    expect(long).toEqual({ status: 400, body: { error: "Loja inválida." } });
    expect((await get("/api/metrics/pickups-age", null)).status).toBe(401);
  });
});

describe("refusal reasons", () => {
  it("counts the chain's refusals of the period by reason, every offered reason shown, with the median store's", async () => {
    const { status, body } = await get(`/api/metrics/refusals?${MARCH}`);
    expect(status).toBe(200);
    expect(body.reasons).toEqual([
      { reason: USE, count: 2, chainMedian: 0 }, // 2, 0, 0, 0
      { reason: NO_INVOICE, count: 2, chainMedian: 0.5 }, // 1, 1, 0, 0: the one of 28 February is not March's
      { reason: NO_BOX, count: 1, chainMedian: 0 }, // the one of 1 April is not March's
    ]);
  });

  it("gives a store only its own refusals, whatever store it asks for", async () => {
    const { body } = await get(`/api/metrics/refusals?${MARCH}&store=${encodeURIComponent(storeA.username)}`, storeB.token);
    expect(body.reasons).toEqual([
      { reason: NO_BOX, count: 1, chainMedian: 0 },
      { reason: NO_INVOICE, count: 1, chainMedian: 0.5 },
      { reason: USE, count: 0, chainMedian: 0 },
    ]);
  });

  it("answers the administrator one store when asked, and nothing for a store that does not exist", async () => {
    const one = await get(`/api/metrics/refusals?${MARCH}&store=${encodeURIComponent(storeA.username)}`);
    expect(one.body.reasons.map((r: { reason: string; count: number }) => [r.reason, r.count])).toEqual([
      [USE, 2],
      [NO_INVOICE, 1],
      [NO_BOX, 0],
    ]);
    const none = await get(`/api/metrics/refusals?${MARCH}&store=Loja%20Inexistente`);
    expect(none.body.reasons.map((r: { count: number }) => r.count)).toEqual([0, 0, 0]);
  });

  it("refuses a day that does not exist with a Portuguese 400", async () => {
    const { status, body } = await get("/api/metrics/refusals?from=2026-02-30&to=2026-03-31");
    expect(status).toBe(400);
    expect(body.error).toBe("Data inválida. Use AAAA-MM-DD.");
  });
});
