import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, staff } from "../../db/schema/index.js";
import { CUSTOMER_CPF, pickupsKit } from "../../testing/pickups.js";
import { returnsKit } from "../../testing/returns.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

type Store = { username: string; token: string; id: string };
let invoice: string;
let pickupStore: Store;

const NO_PIN = { error: "Informe o PIN do atendente." };
const WRONG_PIN = { error: "PIN inválido." };
const ITEMS = ["TENIS RUNNER 42 123456-7X"];

const { createPickup, update: updatePickup } = pickupsKit(t, () => ({ pickupStoreName: pickupStore.username, invoiceFileName: invoice }));
const returnsTest = returnsKit(t);

const call = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function addStaff(store: string, name: string, pin: string, manager = false) {
  const res = await call(t.adminToken, "POST", "/api/staff/create", { name, store, pin, manager });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().staff as { id: string; name: string; store: string; active: boolean; manager: boolean };
}

const requirePin = (store: Store, requireStaffPin = true) => call(t.adminToken, "PUT", `/api/users/update/${store.id}`, { requireStaffPin });

/** A list sent to the store and started by it, as its screen holds it before 'Finalizar'. */
async function startedList(store: Store) {
  const created = await call(t.adminToken, "POST", "/api/picklist/create", { destination: store.username, listItems: ITEMS });
  expect(created.statusCode).toBe(201);
  const list = created.json().picklist;
  const started = await call(store.token, "PUT", `/api/picklist/update/${list.id}`, { ...list, currentStatus: "Em andamento", timeStarted: new Date().toISOString() });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().picklist;
}

const finish = (store: Store, list: { id: string }, extra: Record<string, unknown> = {}) =>
  call(store.token, "PUT", `/api/picklist/update/${list.id}`, { ...list, completedItems: ITEMS, uncompletedItems: [], numberTransfer: "123456", currentStatus: "Concluído", ...extra });

beforeAll(async () => {
  invoice = await t.uploadInvoice();
  pickupStore = await t.createStore("Loja Balcão");
});

describe("staff ('Atendentes') managed by an administrator", () => {
  it("creates, lists, updates and deletes a store's staff, never answering the PIN or its hash", async () => {
    const store = await t.createStore("Loja Equipe");
    const created = await call(t.adminToken, "POST", "/api/staff/create", { name: "Ana Lima", store: store.username, pin: "1234", manager: true });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ message: "Atendente criado com sucesso!", staff: { id: expect.any(String), name: "Ana Lima", store: store.username, active: true, manager: true } });
    const id = created.json().staff.id;
    await addStaff(store.username, "Bruno Reis", "98765");

    const listed = await call(t.adminToken, "GET", `/api/staff/get?store=${encodeURIComponent(store.username)}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().staff.map((s: { name: string }) => s.name)).toEqual(["Ana Lima", "Bruno Reis"]);
    expect(listed.body).not.toMatch(/1234|98765|scrypt|pin/i);

    const updated = await call(t.adminToken, "PUT", `/api/staff/update/${id}`, { name: "Ana L.", pin: "4321", manager: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: "Atendente atualizado com sucesso!", staff: { id, name: "Ana L.", store: store.username, active: true, manager: false } });

    const removed = await call(t.adminToken, "DELETE", `/api/staff/delete/${id}`);
    expect(removed.json()).toEqual({ message: "Atendente excluído com sucesso!" });
    expect((await call(t.adminToken, "GET", `/api/staff/get?store=${encodeURIComponent(store.username)}`)).json().staff.map((s: { name: string }) => s.name)).toEqual(["Bruno Reis"]);
    expect((await call(t.adminToken, "DELETE", `/api/staff/delete/${id}`)).statusCode).toBe(404);

    // The audit log names the staff member and says only that a PIN changed.
    const lines = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, "staff"));
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(["create", "update", "delete"]));
    const text = JSON.stringify(lines);
    expect(text).toContain("Ana Lima");
    expect(text).not.toMatch(/1234|4321|98765|scrypt\$/);
  });

  it("keeps PINs 4 to 6 digits and unique within the store (another store may use the same)", async () => {
    const store = await t.createStore("Loja PIN Único");
    const other = await t.createStore("Loja PIN Outra");
    await addStaff(store.username, "Carla", "5555");
    for (const pin of ["123", "1234567", "12a4", "", 1234]) {
      const res = await call(t.adminToken, "POST", "/api/staff/create", { name: "Dora", store: store.username, pin });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "O PIN deve ter de 4 a 6 dígitos." });
    }
    const taken = await call(t.adminToken, "POST", "/api/staff/create", { name: "Dora", store: store.username, pin: "5555" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: "Este PIN já é usado por outro atendente da loja." });
    await addStaff(other.username, "Dora", "5555");
    const unknown = await call(t.adminToken, "POST", "/api/staff/create", { name: "Eva", store: "Loja Que Não Existe", pin: "1111" });
    expect(unknown.json()).toEqual({ error: "Loja não encontrada." });
    const blank = await call(t.adminToken, "POST", "/api/staff/create", { name: "  ", store: store.username, pin: "1111" });
    expect(blank.json()).toEqual({ error: "Informe o nome do atendente." });
    // Its own PIN again is no clash; a removed member's PIN is free again.
    const [carla] = await t.database.db.select().from(staff).where(eq(staff.name, "Carla"));
    expect((await call(t.adminToken, "PUT", `/api/staff/update/${carla!.id}`, { pin: "5555" })).statusCode).toBe(200);
    await call(t.adminToken, "DELETE", `/api/staff/delete/${carla!.id}`);
    await addStaff(store.username, "Dora", "5555");
  });
});

describe("a store manages its own staff with a manager's PIN", () => {
  let store: Store;
  let other: Store;
  beforeAll(async () => {
    store = await t.createStore("Loja Gerente");
    other = await t.createStore("Loja Vizinha");
    await addStaff(store.username, "Gina Gerente", "2468", true);
    await addStaff(store.username, "Hugo", "1357");
  });

  it("refuses without a PIN, with a wrong one, and with a PIN that is not a manager's", async () => {
    expect((await call(store.token, "GET", "/api/staff/get")).json()).toEqual(NO_PIN);
    const wrong = await call(store.token, "GET", "/api/staff/get?staffPin=0000");
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(WRONG_PIN);
    const clerk = await call(store.token, "POST", "/api/staff/create", { name: "Ivo", store: store.username, pin: "1111", staffPin: "1357" });
    expect(clerk.statusCode).toBe(403);
    expect(clerk.json()).toEqual({ error: "Só um gerente da loja pode alterar os atendentes." });
  });

  it("adds, edits and removes its staff with its manager's PIN, and never another store's", async () => {
    const listed = await call(store.token, "GET", "/api/staff/get?staffPin=2468");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().staff.map((s: { name: string }) => s.name)).toEqual(["Gina Gerente", "Hugo"]);
    const created = await call(store.token, "POST", "/api/staff/create", { name: "Ivo", store: store.username, pin: "1111", staffPin: "2468" });
    expect(created.statusCode).toBe(201);
    const id = created.json().staff.id;
    expect((await call(store.token, "PUT", `/api/staff/update/${id}`, { name: "Ivo Souza", staffPin: "2468" })).json().staff.name).toBe("Ivo Souza");
    expect((await call(store.token, "DELETE", `/api/staff/delete/${id}?staffPin=2468`)).statusCode).toBe(200);

    const elsewhere = await call(store.token, "POST", "/api/staff/create", { name: "Jo", store: other.username, pin: "2222", staffPin: "2468" });
    expect(elsewhere.statusCode).toBe(403);
    const theirs = await addStaff(other.username, "Kai", "3333");
    expect((await call(store.token, "PUT", `/api/staff/update/${theirs.id}`, { name: "X", staffPin: "2468" })).statusCode).toBe(404);
    expect((await call(store.token, "DELETE", `/api/staff/delete/${theirs.id}?staffPin=2468`)).statusCode).toBe(404);
    expect((await call(store.token, "GET", `/api/staff/get?store=${encodeURIComponent(other.username)}&staffPin=2468`)).statusCode).toBe(403);
  });
});

describe("requireStaffPin on the store's user", () => {
  it("is set by an administrator, read in GET /api/users/get and by the store itself; a store cannot set it", async () => {
    const store = await t.createStore("Loja Exige");
    const set = await requirePin(store);
    expect(set.statusCode).toBe(200);
    expect(set.json().user.requireStaffPin).toBe(true);
    const users = (await call(t.adminToken, "GET", "/api/users/get")).json().users;
    expect(users.find((u: { id: string }) => u.id === store.id).requireStaffPin).toBe(true);
    expect((await call(store.token, "GET", "/api/staff/settings")).json()).toEqual({ requireStaffPin: true });
    expect((await call(t.adminToken, "GET", "/api/staff/settings")).json()).toEqual({ requireStaffPin: false });
    expect((await call(store.token, "PUT", `/api/users/update/${store.id}`, { requireStaffPin: false })).statusCode).toBe(403);
    expect((await call(t.adminToken, "PUT", `/api/users/update/${store.id}`, { requireStaffPin: "sim" })).json()).toEqual({ error: "Informe se a loja exige o PIN do atendente." });
  });
});

describe("the five changes at the counter", () => {
  let store: Store;
  beforeAll(async () => {
    store = await t.createStore("Loja Caixa");
    await requirePin(store);
    await addStaff(store.username, "Lia Caixa", "8080");
  });

  it("'Finalizar': no PIN → 403, wrong → 403, right → finished and named in finishedBy, the audit line and the CSV", async () => {
    const list = await startedList(store);
    const none = await finish(store, list);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual(NO_PIN);
    const wrong = await finish(store, list, { staffPin: "1111" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(WRONG_PIN);
    const right = await finish(store, list, { staffPin: "8080" });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().picklist).toMatchObject({ currentStatus: "Concluído", finishedBy: "Lia Caixa" });

    const [line] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, list.id), eq(auditLog.action, "finish")));
    expect(line!.changes).toMatchObject({ finishedBy: { from: null, to: "Lia Caixa" } });
    expect(JSON.stringify(line)).not.toContain("8080");

    const csv = await call(t.adminToken, "GET", `/api/picklist/export?store=${encodeURIComponent(store.username)}`);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header!.split(";").at(-1)).toBe("Finalizado por");
    expect(row!.split(";").at(-1)).toBe("Lia Caixa");
  });

  it("pickups: 'Confirmar recebimento' names receivedBy and 'Confirmar retirada' handedOverBy", async () => {
    await requirePin(pickupStore);
    await addStaff(pickupStore.username, "Mia Balcão", "7070");
    const pickup = await createPickup({ pickupType: "Envio realizado via Correios" });
    const receipt = (extra: Record<string, unknown>) => updatePickup(pickup.id, { pickupStatus: "Aguardando retirada", ...extra }, pickupStore.token);
    expect((await receipt({})).json()).toEqual(NO_PIN);
    expect((await receipt({ staffPin: "0001" })).json()).toEqual(WRONG_PIN);
    const received = await receipt({ staffPin: "7070" });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", receivedBy: "Mia Balcão" });

    const handover = (extra: Record<string, unknown>) =>
      updatePickup(pickup.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF, ...extra }, pickupStore.token);
    expect((await handover({})).json()).toEqual(NO_PIN);
    expect((await handover({ staffPin: "0002" })).json()).toEqual(WRONG_PIN);
    const handed = await handover({ staffPin: "7070" });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().pickup).toMatchObject({ pickupStatus: "Pedido retirado", receivedBy: "Mia Balcão", handedOverBy: "Mia Balcão" });

    const csv = await call(t.adminToken, "GET", `/api/pickup/export?store=${encodeURIComponent(pickupStore.username)}`);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(header!.split(";").slice(-2)).toEqual(["Recebido por", "Entregue por"]);
    expect(row!.split(";").slice(-2)).toEqual(["Mia Balcão", "Mia Balcão"]);
    await requirePin(pickupStore, false);
  });

  it("returns: accepting and refusing ('Concluír') name receivedBy", async () => {
    const accepted = await returnsTest.createReturn();
    const refused = await returnsTest.createReturn();
    const accept = (extra: Record<string, unknown>) =>
      returnsTest.put(accepted.id, store.token, { returnStatus: "Devolvido em loja física", returnStore: store.username, ...extra });
    expect((await accept({})).json()).toEqual(NO_PIN);
    expect((await accept({ staffPin: "9999" })).json()).toEqual(WRONG_PIN);
    const ok = await accept({ staffPin: "8080" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().return).toMatchObject({ returnStatus: "Devolvido em loja física", receivedBy: "Lia Caixa" });

    const refuse = (extra: Record<string, unknown>) =>
      returnsTest.put(refused.id, store.token, { returnStatus: "Devolução recusada", reasonForRefusal: "Produto sem a nota fiscal", returnStore: store.username, ...extra });
    expect((await refuse({})).json()).toEqual(NO_PIN);
    const no = await refuse({ staffPin: "8080" });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().return).toMatchObject({ returnStatus: "Devolução recusada", receivedBy: "Lia Caixa" });
  });

  it("a store that does not require a PIN changes as before, and names the staff member when a right PIN comes", async () => {
    const free = await t.createStore("Loja Livre");
    await addStaff(free.username, "Nina", "4040");
    const plain = await finish(free, await startedList(free));
    expect(plain.statusCode).toBe(200);
    expect(plain.json().picklist.finishedBy).toBeNull();
    const signed = await finish(free, await startedList(free), { staffPin: "4040" });
    expect(signed.json().picklist.finishedBy).toBe("Nina");
    expect((await finish(free, await startedList(free), { staffPin: "4041" })).json()).toEqual(WRONG_PIN);
  });

  it("five wrong PINs in 10 minutes → 429 for the store, right PINs included; other stores go on", async () => {
    const locked = await t.createStore("Loja Travada");
    await requirePin(locked);
    await addStaff(locked.username, "Otto", "6060");
    const list = await startedList(locked);
    for (let i = 0; i < 5; i++) {
      const res = await finish(locked, list, { staffPin: `100${i}` });
      expect(res.statusCode).toBe(403);
    }
    const sixth = await finish(locked, list, { staffPin: "6060" });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(/^Muitas tentativas de PIN\. Tente novamente em 10 minutos\.$/);
    expect(Number(sixth.headers["retry-after"])).toBeGreaterThan(500);
    // The store's manager calls go through the same counter.
    expect((await call(locked.token, "GET", "/api/staff/get?staffPin=6060")).statusCode).toBe(429);
    // Another store is not locked out.
    expect((await finish(store, await startedList(store), { staffPin: "8080" })).statusCode).toBe(200);
  });

  it("a deleted staff member stays named in the records they signed", async () => {
    const gone = await addStaff(store.username, "Paulo Saiu", "5151");
    const list = await startedList(store);
    expect((await finish(store, list, { staffPin: "5151" })).json().picklist.finishedBy).toBe("Paulo Saiu");
    await call(t.adminToken, "DELETE", `/api/staff/delete/${gone.id}`);
    const read = await call(t.adminToken, "GET", `/api/picklist/getId/${list.id}`);
    expect(read.json().picklist.finishedBy).toBe("Paulo Saiu");
    // The removed member's PIN no longer signs anything.
    expect((await finish(store, await startedList(store), { staffPin: "5151" })).json()).toEqual(WRONG_PIN);
  });
});
