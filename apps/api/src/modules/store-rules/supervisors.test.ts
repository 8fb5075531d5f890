import { SUPERVISOR } from "@passo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPERVISOR_READS_ONLY } from "../../lib/auth.js";
import { openStream, type OpenStream } from "../../testing/live-stream.js";
import { pickupsKit } from "../../testing/pickups.js";
import { returnsKit } from "../../testing/returns.js";
import { STORE_PASSWORD, bearer, useTestApp } from "../../testing/test-app.js";

// Issue 31, "Supervisors sign in": a Supervisor reads, and never changes, the records of the stores whose
// notification rule names its e-mail (as supervisor, manager or assistant manager); docs/api.md "Supervisor".
const t = useTestApp({ liveMaxStreamsPerUser: 20 });
const MASKED = /^\*\*\*\.\*\*\*\.\d{3}-\d{2}$/;

type Store = { username: string; email: string; token: string; id: string };
let north: Store;
let south: Store;
let west: Store;
let supervisor: Store;
let invoice = "";
let base = "";
const rules = {} as Record<"north" | "south" | "west", string>;
const pickups = pickupsKit(t, () => ({ pickupStoreName: north.username, invoiceFileName: invoice }));
const returnsApi = returnsKit(t);
const streams: OpenStream[] = [];

const as = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const admin = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) => {
  const res = await as(t.adminToken, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

async function createList(destination: string): Promise<{ id: string }> {
  return (await admin("POST", "/api/picklist/create", { destination, listItems: ["TENIS RUNNER 42 123456-7X"] })).picklist;
}

async function receivedReturn(store: Store): Promise<{ id: string }> {
  const created = await returnsApi.createReturn();
  const res = await as(store.token, "PUT", `/api/return/update/${created.id}`, { returnStatus: "Devolvido em loja física" });
  expect(res.statusCode, res.body).toBe(200);
  return created;
}

async function rule(store: Store, people: { supervisor: string; manager: string; assistantManager?: string | null }) {
  return (await admin("POST", "/api/notifications/create", { store: store.username, assistantManager: null, ...people })).notification.id as string;
}

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  north = await t.createStore("Loja Norte Supervisionada");
  south = await t.createStore("Loja Sul Supervisionada");
  west = await t.createStore("Loja Oeste Alheia");
  invoice = await t.uploadInvoice();
  supervisor = await t.createUserAndLogin("Sofia Supervisora", SUPERVISOR);
  // The same person as two recipients (the e-mail is what matches): supervisor of one store, manager of another.
  await admin("POST", "/api/recipients/create", { username: "Sofia", email: supervisor.email, role: "Supervisor" });
  await admin("POST", "/api/recipients/create", { username: "Sofia Gerente", email: supervisor.email.toUpperCase(), role: "Gerente" });
  await admin("POST", "/api/recipients/create", { username: "Outro Supervisor", email: "outro@passo.test", role: "Supervisor" });
  await admin("POST", "/api/recipients/create", { username: "Outra Gerente", email: "outra@passo.test", role: "Gerente" });
  rules.north = await rule(north, { supervisor: "Sofia", manager: "Outra Gerente" });
  rules.south = await rule(south, { supervisor: "Outro Supervisor", manager: "Sofia Gerente" });
  rules.west = await rule(west, { supervisor: "Outro Supervisor", manager: "Outra Gerente" });
});
afterAll(() => {
  for (const s of streams) s.close();
});

describe("a Supervisor user", () => {
  it("is created by an administrator like any user; an unknown role keeps the spec's message", async () => {
    const created = await as(t.adminToken, "POST", "/api/users/create", {
      username: "Carlos Supervisor",
      email: `carlos.supervisor@${t.config.companyEmailDomain}`,
      password: STORE_PASSWORD,
      role: "Supervisor",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().user).toMatchObject({ username: "Carlos Supervisor", role: "Supervisor" });
    const listed = await admin("GET", "/api/users/get?role=Supervisor");
    expect(listed.users.map((u: { username: string }) => u.username)).toContain("Carlos Supervisor");
    const wrong = await as(t.adminToken, "POST", "/api/users/create", { username: "Gerente X", email: `gx@${t.config.companyEmailDomain}`, password: STORE_PASSWORD, role: "Gerente" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("Selecione o tipo de permissão do usuário.");
    // The spec's default is untouched: a user created without a role is a store.
    const plain = await as(t.adminToken, "POST", "/api/users/create", { username: "Loja Sem Papel", email: `sem.papel@${t.config.companyEmailDomain}`, password: STORE_PASSWORD });
    expect(plain.json().user.role).toBe("Usuário básico");
  });

  it("reads the lists, pickups and returns of the stores whose rule names its e-mail, and nothing of a third; customers' data as a store sees it", async () => {
    const lists = { north: await createList(north.username), south: await createList(south.username), west: await createList(west.username) };
    const pickup = { north: await pickups.createPickup(), west: await pickups.createPickup({ pickupStoreName: west.username }) };
    const returned = { south: await receivedReturn(south), west: await receivedReturn(west) };

    const listed = (await as(supervisor.token, "GET", "/api/picklist/get")).json().picklists as { id: string; destination: string }[];
    expect(new Set(listed.map((l) => l.destination))).toEqual(new Set([north.username, south.username]));
    expect(listed.map((l) => l.id)).not.toContain(lists.west.id);
    expect((await as(supervisor.token, "GET", `/api/picklist/getId/${lists.south.id}`)).statusCode).toBe(200);
    expect((await as(supervisor.token, "GET", `/api/picklist/getId/${lists.west.id}`)).statusCode).toBe(404);

    const seen = (await as(supervisor.token, "GET", "/api/pickup/get")).json().pickups as Record<string, unknown>[];
    expect(seen.map((p) => p.pickupStoreName)).toEqual([north.username]);
    expect(seen[0]!.customerCPF).toMatch(MASKED);
    expect(seen[0]).not.toHaveProperty("customerPhone");
    expect(seen[0]).not.toHaveProperty("customerEmail");
    expect((await as(supervisor.token, "GET", `/api/pickup/getId/${pickup.north.id}`)).json().pickup.customerCPF).toMatch(MASKED);
    expect((await as(supervisor.token, "GET", `/api/pickup/getId/${pickup.west.id}`)).statusCode).toBe(404);
    // The invoice of its store's pickup opens; another store's does not exist.
    expect((await as(supervisor.token, "GET", `/uploads/${pickup.north.invoiceFileName}`)).statusCode).toBe(200);

    const got = (await as(supervisor.token, "GET", "/api/return/get")).json().returns as Record<string, unknown>[];
    expect(got.map((r) => r.returnStore)).toEqual([south.username]);
    expect(got[0]!.customerCPF).toMatch(MASKED);
    expect((await as(supervisor.token, "GET", `/api/return/getId/${returned.west.id}`)).statusCode).toBe(404);
    // A pending return belongs to no store yet: not even its exact CPF finds it for a Supervisor.
    const pending = await returnsApi.createReturn();
    const search = (await as(supervisor.token, "GET", `/api/return/get?search=${pending.customerCPF}`)).json().returns;
    expect(search).toEqual([]);
  });

  it("filters among its stores; a store outside them selects nothing", async () => {
    const one = (await as(supervisor.token, "GET", `/api/picklist/get?store=${encodeURIComponent(south.username)}`)).json().picklists as { destination: string }[];
    expect(one.length).toBeGreaterThan(0);
    expect(new Set(one.map((l) => l.destination))).toEqual(new Set([south.username]));
    for (const flow of ["picklist", "pickup", "return"]) {
      const res = await as(supervisor.token, "GET", `/api/${flow}/get?store=${encodeURIComponent(west.username)}`);
      expect(res.statusCode).toBe(200);
      expect(Object.values(res.json()).find(Array.isArray)).toEqual([]);
    }
  });

  it("exports its stores' rows only, with CPFs masked", async () => {
    const lists = await as(supervisor.token, "GET", "/api/picklist/export");
    expect(lists.statusCode).toBe(200);
    expect(lists.body).toContain(north.username);
    expect(lists.body).toContain(south.username);
    expect(lists.body).not.toContain(west.username);
    const pickupsCsv = (await as(supervisor.token, "GET", "/api/pickup/export")).body;
    expect(pickupsCsv).toContain(north.username);
    expect(pickupsCsv).not.toContain(west.username);
    expect(pickupsCsv).not.toContain("529.982.247-25");
    const returnsCsv = (await as(supervisor.token, "GET", "/api/return/export")).body;
    expect(returnsCsv).toContain(south.username);
    expect(returnsCsv).not.toContain(west.username);
  });

  it("sees its stores' figures side by side with the chain's median, never a third store's", async () => {
    const { stores, medianStore, chain } = (await as(supervisor.token, "GET", "/api/metrics/stores")).json();
    expect(stores.map((s: { store: string }) => s.store).sort()).toEqual([north.username, south.username].sort());
    expect(medianStore).toHaveProperty("picklistsSent");
    expect(chain.picklistsSent).toBeGreaterThanOrEqual(3);
    const asked = (await as(supervisor.token, "GET", `/api/metrics/stores?store=${encodeURIComponent(west.username)}`)).json();
    expect(asked.stores).toEqual([]);
    const age = (await as(supervisor.token, "GET", "/api/metrics/pickups-age")).json();
    expect(age.stores.map((s: { store: string }) => s.store).sort()).toEqual([north.username, south.username].sort());
    for (const url of ["/api/metrics/daily", "/api/metrics/refusals", "/api/metrics/not-found-products", "/api/metrics/not-found-products/export"]) {
      expect((await as(supervisor.token, "GET", url)).statusCode, url).toBe(200);
    }
  });

  it("is refused every change with 403 {error}, before anything is looked up; its settings' reads too", async () => {
    const list = await createList(north.username);
    const pickup = await pickups.createPickup();
    const pending = await returnsApi.createReturn();
    const changes: [("POST" | "PUT" | "DELETE"), string, object?][] = [
      ["POST", "/api/picklist/create", { destination: north.username, listItems: ["X 1 1"] }],
      ["PUT", `/api/picklist/update/${list.id}`, { currentStatus: "Em andamento" }],
      ["DELETE", `/api/picklist/delete/${list.id}`],
      ["PUT", `/api/pickup/update/${pickup.id}`, { pickupStatus: "Aguardando retirada" }],
      ["POST", `/api/pickup/check-withdrawal/${pickup.id}`, { withdrawalCPF: "52998224725" }],
      ["POST", `/api/pickup/resend-ready/${pickup.id}`],
      ["PUT", `/api/return/update/${pending.id}`, { returnStatus: "Devolvido em loja física" }],
      ["POST", "/api/return/create", returnsApi.form()],
      ["PUT", `/api/notifications/update/${rules.north}`, { notificationPickup: true }],
      ["PUT", `/api/users/update/${supervisor.id}`, { role: "Administrador" }],
      ["POST", "/api/products/import", { rows: [{ sku: "SUP1", description: "Tênis" }] }],
    ];
    for (const [method, url, payload] of changes) {
      const res = await as(supervisor.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: SUPERVISOR_READS_ONLY });
    }
    expect((await as(t.adminToken, "GET", `/api/picklist/getId/${list.id}`)).json().picklist.currentStatus).toBe("Não iniciado");
    for (const url of ["/api/users/get", "/api/notifications/get", "/api/recipients/get", "/api/audit/get"]) {
      expect((await as(supervisor.token, "GET", url)).statusCode, url).toBe(403);
    }
  });

  it("changes its own password and signs out like anyone", async () => {
    const me = await t.createUserAndLogin("Sara Supervisora", SUPERVISOR);
    const changed = await as(me.token, "PUT", `/api/users/change-password/${me.id}`, {
      password: STORE_PASSWORD,
      newPassword: "nova-senha-123",
      confirmNewPassword: "nova-senha-123",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const token = changed.json().token as string;
    expect((await as(token, "GET", "/api/auth/mfa")).statusCode).toBe(200);
    expect((await as(token, "POST", "/api/auth/logout")).statusCode).toBe(200);
    expect((await as(token, "GET", "/api/picklist/get")).statusCode).toBe(401);
  });

  it("loses a store at once when its rule is removed or names someone else, or its recipient's e-mail changes", async () => {
    const stores = async () => new Set(((await as(supervisor.token, "GET", "/api/metrics/stores")).json().stores as { store: string }[]).map((s) => s.store));
    const pickupsOf = async () => ((await as(supervisor.token, "GET", "/api/pickup/get")).json().pickups as unknown[]).length;
    expect(await pickupsOf()).toBeGreaterThan(0);

    await admin("PUT", `/api/notifications/update/${rules.north}`, { supervisor: "Outro Supervisor" });
    expect(await stores()).toEqual(new Set([south.username]));
    expect(await pickupsOf()).toBe(0);
    await admin("PUT", `/api/notifications/update/${rules.north}`, { assistantManager: "Sofia" });
    expect(await stores()).toEqual(new Set([north.username, south.username]));

    const recipients = (await admin("GET", "/api/recipients/get?search=Sofia%20Gerente")).recipients as { id: string }[];
    await admin("PUT", `/api/recipients/update/${recipients[0]!.id}`, { email: "outra.pessoa@passo.test" });
    expect(await stores()).toEqual(new Set([north.username]));

    await admin("DELETE", `/api/notifications/delete/${rules.north}`);
    expect(await stores()).toEqual(new Set());
    expect(await pickupsOf()).toBe(0);
    expect((await as(supervisor.token, "GET", "/api/picklist/get")).json().picklists).toEqual([]);

    rules.north = await rule(north, { supervisor: "Sofia", manager: "Outra Gerente" });
    await admin("PUT", `/api/recipients/update/${recipients[0]!.id}`, { email: supervisor.email });
  });
});

describe("a Supervisor's live updates", () => {
  const open = async (token: string) => {
    const s = await openStream(base, token, { viaTicket: true });
    streams.push(s);
    expect(s.status).toBe(200);
    return s;
  };

  it("carry its stores' changes and not a third's, and drop a store at once when its rule is removed", async () => {
    const s = await open(supervisor.token);
    const west1 = await createList(west.username);
    const north1 = await createList(north.username);
    expect((await s.next((e) => e.data.id === north1.id)).data).toMatchObject({ action: "create", store: north.username });
    // Events come in order: had the third store's come, it would be here already.
    expect(s.events.some((e) => e.data.id === west1.id)).toBe(false);

    await admin("DELETE", `/api/notifications/delete/${rules.north}`);
    const north2 = await createList(north.username);
    const south1 = await createList(south.username);
    expect((await s.next((e) => e.data.id === south1.id)).data).toMatchObject({ store: south.username });
    expect(s.events.some((e) => e.data.id === north2.id || e.data.store === west.username)).toBe(false);

    // Given back: the next change of the store comes again, on the same stream.
    rules.north = await rule(north, { supervisor: "Sofia", manager: "Outra Gerente" });
    const north3 = await createList(north.username);
    expect((await s.next((e) => e.data.id === north3.id)).data).toMatchObject({ store: north.username });
  });

  it("replays after a Last-Event-ID only its stores' missed events", async () => {
    const first = await open(supervisor.token);
    const mark = await createList(south.username);
    const seq = (await first.next((e) => e.data.id === mark.id)).seq;
    first.close();
    const missedWest = await createList(west.username);
    const missedNorth = await createList(north.username);
    const again = await openStream(base, supervisor.token, { viaTicket: true, headers: { "last-event-id": String(seq) } });
    streams.push(again);
    expect((await again.next((e) => e.data.id === missedNorth.id)).data.store).toBe(north.username);
    expect(again.events.some((e) => e.data.id === missedWest.id)).toBe(false);
  });
});
