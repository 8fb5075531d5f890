/**
 * Two API processes on one PostgreSQL database (one JWT secret): what one writes the other serves, an invoice
 * uploaded through one is served by the other, and two stores finishing the same transition at once, one through
 * each process, cannot both win.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_CPF, PDF, bySize, cpfFor, createStores, pickupBody, returnBody, runId, uploadInvoice, type Store } from "./support/chain.js";
import { databaseProblems, withPostgres } from "./support/db-checks.js";
import { startPrivatePostgres, type PrivatePostgres } from "./support/private-postgres.js";
import { ADMIN, api, login, startServer, type ApiClient, type RunningServer } from "./support/servers.js";

const RACES = bySize(12, 4);

let cluster: PrivatePostgres | undefined;
let a: RunningServer;
let b: RunningServer;
let databaseUrl: string;
let adminToken: string;
let adminA: ApiClient;
let adminB: ApiClient;
let store1: Store;
let store2: Store;
let invoice: string;
let counter = 0;
const id = runId();

beforeAll(async () => {
  cluster = await startPrivatePostgres();
  databaseUrl = await cluster.createDatabase("passo_two");
  // One after the other: the first migrates the empty database and creates the administrator.
  a = await startServer({ databaseUrl });
  b = await startServer({ databaseUrl });
  adminToken = await login(a.url, ADMIN.email, ADMIN.password);
  adminA = api(a.url, adminToken);
  adminB = api(b.url, adminToken);
  [store1, store2] = (await createStores(a.url, adminToken, 2, id)) as [Store, Store];
  const upload = await uploadInvoice(adminA);
  expect(upload.status).toBe(201);
  invoice = upload.filename!;
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await cluster?.destroy();
}, 60_000);

/** Exactly one 2xx, and the other a 409 with a Portuguese error. Returns which one won (0 or 1). */
function oneWinner(results: { status: number; body: { error?: string } }[], what: string): number {
  const statuses = results.map((r) => r.status).sort();
  expect(statuses, `${what}: ${JSON.stringify(results.map((r) => r.body))}`).toEqual([200, 409]);
  const loser = results.find((r) => r.status === 409)!;
  expect(loser.body).toEqual({ error: expect.any(String) });
  expect(loser.body.error!.length).toBeGreaterThan(10);
  return results.findIndex((r) => r.status === 200);
}

/** Sends both requests at once, the one through A first on even rounds and the one through B first on odd ones. */
async function both<T>(round: number, throughA: () => Promise<T>, throughB: () => Promise<T>): Promise<[T, T]> {
  if (round % 2 === 0) return Promise.all([throughA(), throughB()]);
  const [fromB, fromA] = await Promise.all([throughB(), throughA()]);
  return [fromA, fromB];
}

describe("two API processes on one PostgreSQL", () => {
  it("a change made through one process is seen through the other", async () => {
    const created = await adminA.post("/api/picklist/create", { destination: store1.username, listItems: [`DOIS ${id} 1`] });
    expect(created.status).toBe(201);
    const listId = created.body.picklist.id as string;
    const seen = await adminB.get(`/api/picklist/getId/${listId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.picklist).toMatchObject({ id: listId, destination: store1.username, listItems: [`DOIS ${id} 1`], currentStatus: "Não iniciado" });

    // The store starts it through B; A serves the new state at once.
    const started = await api(b.url, store1.token).put(`/api/picklist/update/${listId}`, { currentStatus: "Em andamento" });
    expect(started.status).toBe(200);
    expect((await api(a.url, store1.token).get(`/api/picklist/getId/${listId}`)).body.picklist).toMatchObject({ currentStatus: "Em andamento" });

    // A user created through A signs in through B.
    const email = `nova.${id.toLowerCase()}@exemplo.com.br`;
    const user = await adminA.post("/api/users/create", { username: `Loja Nova ${id}`, email, password: "senha-da-loja-nova", role: "Usuário básico" });
    expect(user.status).toBe(201);
    expect((await api(b.url).post("/api/auth/login", { email, password: "senha-da-loja-nova" })).status).toBe(200);
  });

  it("an invoice uploaded through one process is served by the other", async () => {
    const content = new TextEncoder().encode(`%PDF-1.4\n% dois processos ${id}\n%%EOF\n`);
    const upload = await uploadInvoice(adminA, content);
    expect(upload.status).toBe(201);
    const res = await fetch(`${b.url}/uploads/${upload.filename}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
    // And the first invoice, uploaded before, through B as well.
    const first = await fetch(`${b.url}/uploads/${invoice}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(PDF))).toBe(true);
  });

  it(`two stores accepting one pending return at once, one through each process: one wins (${RACES} times)`, async () => {
    const wins = [0, 0];
    for (let i = 0; i < RACES; i++) {
      const n = ++counter;
      const created = await adminA.post("/api/return/create", returnBody(`DR${id}${String(n).padStart(8, "0")}`, cpfFor(1000 + n)));
      expect(created.status).toBe(201);
      const returnId = created.body.return.id as string;
      const body = { returnStatus: "Devolvido em loja física" };
      const results = await both(i, () => api(a.url, store1.token).put(`/api/return/update/${returnId}`, body), () => api(b.url, store2.token).put(`/api/return/update/${returnId}`, body));
      const winner = oneWinner(results, `return ${returnId}`);
      wins[winner]!++;
      const stored = (await adminB.get(`/api/return/getId/${returnId}`)).body.return;
      expect(stored).toMatchObject({ returnStatus: "Devolvido em loja física", returnStore: [store1, store2][winner]!.username });
    }
    console.log(`[two-processes] return races: won through A ${wins[0]}, through B ${wins[1]}`);
  });

  it(`one picklist finished twice at once, through A and through B: one wins (${RACES} times)`, async () => {
    for (let i = 0; i < RACES; i++) {
      const items = [`CORRIDA ${id} ${i} A`, `CORRIDA ${id} ${i} B`];
      const created = await adminB.post("/api/picklist/create", { destination: store1.username, listItems: items });
      expect(created.status).toBe(201);
      const listId = created.body.picklist.id as string;
      expect((await api(a.url, store1.token).put(`/api/picklist/update/${listId}`, { currentStatus: "Em andamento" })).status).toBe(200);
      const finish = (numberTransfer: string, completedItems: string[], uncompletedItems: string[]) => ({
        currentStatus: "Concluído",
        numberTransfer,
        completedItems,
        uncompletedItems,
      });
      const bodies = [finish("111111", items, []), finish("222222", [items[1]!], [items[0]!])];
      const results = await both(i, () => api(a.url, store1.token).put(`/api/picklist/update/${listId}`, bodies[0]), () => api(b.url, store1.token).put(`/api/picklist/update/${listId}`, bodies[1]));
      const winner = oneWinner(results, `picklist ${listId}`);
      const stored = (await adminA.get(`/api/picklist/getId/${listId}`)).body.picklist;
      // The winner's finish, whole: never one request's transfer number with the other's split.
      expect(stored).toMatchObject({ ...bodies[winner], timeCompleted: expect.any(String) });
    }
  });

  it(`one pickup confirmed twice at once, through A and through B: one wins (${RACES} times)`, async () => {
    for (let i = 0; i < RACES; i++) {
      const n = ++counter;
      const created = await adminA.post("/api/pickup/create", pickupBody(store2.username, `PR${id}${String(n).padStart(8, "0")}`, invoice));
      expect(created.status).toBe(201);
      const pickupId = created.body.pickup.id as string;
      const receipt = { pickupStatus: "Aguardando retirada" };
      oneWinner(
        await both(i, () => api(a.url, store2.token).put(`/api/pickup/update/${pickupId}`, receipt), () => api(b.url, store2.token).put(`/api/pickup/update/${pickupId}`, receipt)),
        `pickup receipt ${pickupId}`,
      );
      const pickup = { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF };
      oneWinner(
        await both(i + 1, () => api(a.url, store2.token).put(`/api/pickup/update/${pickupId}`, pickup), () => api(b.url, store2.token).put(`/api/pickup/update/${pickupId}`, pickup)),
        `pickup collection ${pickupId}`,
      );
      expect((await adminB.get(`/api/pickup/getId/${pickupId}`)).body.pickup).toMatchObject({ pickupStatus: "Pedido retirado", actualPickupDate: expect.any(String) });
    }
  });

  it(`one creation with one Idempotency-Key sent to both processes at once: one record, one answer (${RACES} times)`, async () => {
    let replayed = 0;
    for (let i = 0; i < RACES; i++) {
      const n = ++counter;
      const orderNumber = `PI${id}${String(n).padStart(8, "0")}`;
      const body = pickupBody(store1.username, orderNumber, invoice);
      const headers = { "idempotency-key": `corrida-${id}-${n}` };
      const [fromA, fromB] = await both(
        i,
        () => adminA.request("POST", "/api/pickup/create", body, { headers }),
        () => adminB.request("POST", "/api/pickup/create", body, { headers }),
      );
      expect([fromA.status, fromB.status]).toEqual([201, 201]);
      expect(fromB.body).toEqual(fromA.body);
      replayed += [fromA, fromB].filter((r) => r.headers.get("idempotent-replayed") === "true").length;
      const found = (await adminA.get(`/api/pickup/get?search=${orderNumber}`)).body.pickups as unknown[];
      expect(found).toHaveLength(1);
    }
    expect(replayed).toBe(RACES);
    console.log(`[two-processes] idempotent creation races: ${RACES}, each one record, ${replayed} answers replayed`);
  });

  it("leaves nothing half-written and one e-mail per event", async () => {
    expect(await withPostgres(databaseUrl, databaseProblems)).toEqual([]);
    const duplicates = await withPostgres(databaseUrl, (query) => query("select event_key, count(*)::int from notification_outbox group by event_key having count(*) > 1"));
    expect(duplicates).toEqual([]);
  });
});
