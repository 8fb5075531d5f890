import { STAFF_UNNAMED, SUPERVISOR } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";
import { insertPickupRow } from "../../testing/pickups.js";

// Issue 31, "Who did what, measured": 'Por atendente', for the store itself, its Supervisor and the office.
const t = useTestApp();

type Store = { username: string; token: string; email: string };
let batel: Store;
let centro: Store;
let outra: Store;
let supervisor: Store;
const MARCH = "from=2026-03-01&to=2026-03-31";
const at = (iso: string) => new Date(iso);

async function finishedList(store: string, finishedBy: string | null, sent: string, startedMinutesAfter: number, pickMinutes: number) {
  const sendDate = at(sent);
  const timeStarted = new Date(sendDate.getTime() + startedMinutesAfter * 60_000);
  await t.database.db.insert(picklists).values({
    sender: "Escritório",
    destination: store,
    sendDate,
    timeStarted,
    timeCompleted: new Date(timeStarted.getTime() + pickMinutes * 60_000),
    listItems: ["TENIS RUNNER 42 123456-7X"],
    completedItems: ["TENIS RUNNER 42 123456-7X"],
    uncompletedItems: [],
    numberTransfer: "123456",
    currentStatus: "Concluído",
    finishedBy,
  });
}

async function handedOver(store: string, handedOverBy: string | null, when: string) {
  await insertPickupRow(t, store, { pickupStatus: "Retirado", scheduledPickupDate: at(when), actualPickupDate: at(when), handedOverBy });
}

const get = async (url: string, token: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  batel = await t.createStore("Loja Pessoas Batel");
  centro = await t.createStore("Loja Pessoas Centro");
  outra = await t.createStore("Loja Pessoas Outra");
  supervisor = await t.createUserAndLogin("Paula Supervisora", SUPERVISOR);
  const admin = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: "POST", url, headers: bearer(t.adminToken), payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  await admin("/api/recipients/create", { username: "Paula", email: supervisor.email, role: "Supervisor" });
  await admin("/api/recipients/create", { username: "Gerente Qualquer", email: "gerente.qualquer@passo.test", role: "Gerente" });
  await admin("/api/notifications/create", { store: batel.username, supervisor: "Paula", manager: "Gerente Qualquer", assistantManager: null });
  await admin("/api/notifications/create", { store: outra.username, supervisor: "Gerente Qualquer", manager: "Gerente Qualquer", assistantManager: null });

  // Batel in March: Ana finished two lists (10 and 30 minutes) and handed over one pickup; Bruno one
  // list (20 minutes) and two pickups; one list and one handover signed with no PIN (the store's own
  // name on a handover, as before PINs); one list of April, outside the period.
  await finishedList(batel.username, "Ana", "2026-03-02T12:00:00Z", 5, 10);
  await finishedList(batel.username, "Ana", "2026-03-03T12:00:00Z", 5, 30);
  await finishedList(batel.username, "Bruno", "2026-03-04T12:00:00Z", 5, 20);
  await finishedList(batel.username, null, "2026-03-05T12:00:00Z", 5, 15);
  await finishedList(batel.username, "Ana", "2026-04-02T12:00:00Z", 5, 50);
  await handedOver(batel.username, "Ana", "2026-03-10T15:00:00Z");
  await handedOver(batel.username, "Bruno", "2026-03-11T15:00:00Z");
  await handedOver(batel.username, "Bruno", "2026-03-12T15:00:00Z");
  await handedOver(batel.username, batel.username, "2026-03-13T15:00:00Z");
  // Another store's people never show at Batel.
  await finishedList(centro.username, "Carla", "2026-03-02T12:00:00Z", 5, 12);
});

const BATEL_MARCH = [
  { name: "Ana", named: true, picklistsFinished: 2, medianPickSeconds: 1200, handovers: 1 },
  { name: "Bruno", named: true, picklistsFinished: 1, medianPickSeconds: 1200, handovers: 2 },
  { name: STAFF_UNNAMED, named: false, picklistsFinished: 1, medianPickSeconds: 900, handovers: 1 },
];

describe("GET /api/metrics/staff ('Por atendente')", () => {
  it("gives a store its own people: lists finished, the median picking time and the handovers of the period", async () => {
    const res = await get(`/api/metrics/staff?${MARCH}`, batel.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ store: batel.username, staff: BATEL_MARCH });
  });

  it("keeps a store to its own people, whatever store it names", async () => {
    const res = await get(`/api/metrics/staff?${MARCH}&store=${encodeURIComponent(centro.username)}`, batel.token);
    expect(res.body.store).toBe(batel.username);
    expect(res.body.staff.map((s: { name: string }) => s.name)).not.toContain("Carla");
  });

  // After the store's own question naming another store (above): a Supervisor of that one store asks
  // the same question and must not be answered the store's (the figures' cache keys by role too).
  it("gives a Supervisor the people of its stores, and answers another store as one that does not exist", async () => {
    const mine = await get(`/api/metrics/staff?${MARCH}&store=${encodeURIComponent(batel.username)}`, supervisor.token);
    expect(mine.status).toBe(200);
    expect(mine.body.staff).toEqual(BATEL_MARCH);
    const other = await get(`/api/metrics/staff?${MARCH}&store=${encodeURIComponent(centro.username)}`, supervisor.token);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: "Loja não encontrada." });
    const outside = await get(`/api/metrics/staff?${MARCH}&store=${encodeURIComponent(outra.username)}`, supervisor.token);
    expect(outside.status).toBe(404);
  });

  it("lets the office choose any store, and asks for one", async () => {
    const res = await get(`/api/metrics/staff?${MARCH}&store=${encodeURIComponent(centro.username)}`, t.adminToken);
    expect(res.body.staff).toEqual([{ name: "Carla", named: true, picklistsFinished: 1, medianPickSeconds: 720, handovers: 0 }]);
    const none = await get(`/api/metrics/staff?${MARCH}`, t.adminToken);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: "Escolha uma loja." });
  });

  it("answers an empty list for a period with no work", async () => {
    const res = await get("/api/metrics/staff?from=2025-01-01&to=2025-01-31", batel.token);
    expect(res.body).toEqual({ store: batel.username, staff: [] });
  });
});
