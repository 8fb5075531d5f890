import { PICKLIST_MESSAGES, PICKLIST_REPLAY_MESSAGES } from "@passo/domain";
import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

// Changes a store's tablets made offline, replayed when the connection returns
// (docs/state-machines.md, "Changes made offline, replayed").
const t = useTestApp();

const TENIS = "TENIS RUNNER 42 123456-7X";
const SANDALIA = "SANDALIA 37 654321-0Y";
const BOTA = "BOTA 40 111111-1Z";
const ITEMS = [TENIS, SANDALIA, TENIS, BOTA];

interface Picklist {
  id: string;
  destination: string;
  timeStarted: string | null;
  listItems: string[];
  completedItems: string[];
  uncompletedItems: string[];
  numberTransfer: string | null;
  currentStatus: string;
  version: string;
}

const update = (token: string, id: string, body: unknown, key?: string) =>
  t.app.inject({ method: "PUT", url: `/api/picklist/update/${id}`, headers: { ...bearer(token), ...(key ? { "idempotency-key": key } : {}) }, payload: body as object });
const read = async (id: string) => (await t.app.inject({ method: "GET", url: `/api/picklist/getId/${id}`, headers: bearer(t.adminToken) })).json().picklist as Picklist;

async function storeWithList(name: string) {
  const store = await t.createStore(name);
  const res = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: bearer(t.adminToken), payload: { destination: store.username, listItems: ITEMS } });
  expect(res.statusCode).toBe(201);
  return { store, list: res.json().picklist as Picklist };
}

/** A list started by the store (online), as its tablets last saw it. */
async function startedList(name: string) {
  const { store, list } = await storeWithList(name);
  const res = await update(store.token, list.id, { currentStatus: "Em andamento" });
  expect(res.statusCode).toBe(200);
  return { store, list: res.json().picklist as Picklist };
}

const start = (seen: Picklist) => ({ currentStatus: "Em andamento", baseStatus: "Não iniciado", baseVersion: seen.version });
const finish = (seen: Picklist, numberTransfer = "123456") => ({ currentStatus: "Concluído", numberTransfer, baseStatus: "Em andamento", baseVersion: seen.version });

describe("the list's version", () => {
  it("comes with every answer that serves a list, and changes with every write", async () => {
    const { store, list } = await storeWithList("Loja Versão");
    expect(Date.parse(list.version)).not.toBeNaN();
    expect((await read(list.id)).version).toBe(list.version);
    const page = (await t.app.inject({ method: "GET", url: "/api/picklist/get", headers: bearer(store.token) })).json();
    expect(page.picklists[0].version).toBe(list.version);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const started = (await update(store.token, list.id, { currentStatus: "Em andamento" })).json().picklist as Picklist;
    expect(started.version).not.toBe(list.version);
    expect((await read(list.id)).version).toBe(started.version);
  });
});

describe("two tablets of one store working the same list offline", () => {
  it("merge their ticks of different items, both made on the same older version", async () => {
    const { store, list } = await startedList("Loja Duas Mesas");
    const first = await update(store.token, list.id, { separate: [SANDALIA], baseVersion: list.version });
    expect(first.statusCode).toBe(200);
    const second = await update(store.token, list.id, { separate: [BOTA, TENIS], baseVersion: list.version });
    expect(second.statusCode).toBe(200);
    expect(second.json().picklist).toMatchObject({ completedItems: [SANDALIA, BOTA, TENIS], uncompletedItems: [TENIS] });
    expect(await read(list.id)).toMatchObject({ completedItems: [SANDALIA, BOTA, TENIS], uncompletedItems: [TENIS] });
  });

  it("ticking the same box twice is no change: the list is answered as it is", async () => {
    const { store, list } = await startedList("Loja Mesma Caixa");
    const ticked = (await update(store.token, list.id, { separate: [SANDALIA], baseVersion: list.version })).json().picklist as Picklist;
    const again = await update(store.token, list.id, { separate: [SANDALIA], baseVersion: list.version });
    expect(again.statusCode).toBe(200);
    expect(again.json().picklist).toMatchObject({ completedItems: [SANDALIA], version: ticked.version });
  });

  it("a start replayed on a list the other tablet started is no change", async () => {
    const { store, list } = await storeWithList("Loja Dois Inícios");
    const first = (await update(store.token, list.id, start(list))).json().picklist as Picklist;
    const second = await update(store.token, list.id, start(list));
    expect(second.statusCode).toBe(200);
    expect(second.json().picklist).toMatchObject({ currentStatus: "Em andamento", timeStarted: first.timeStarted, version: first.version });
  });

  it("'Produtos indisponíveis' replayed after the other tablet finished is refused", async () => {
    const { store, list } = await startedList("Loja Indisponível Tarde");
    expect((await update(store.token, list.id, finish(list))).statusCode).toBe(200);
    const late = await update(store.token, list.id, { currentStatus: "Não concluído", baseStatus: "Em andamento", baseVersion: list.version });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: PICKLIST_MESSAGES.alreadyFinished });
  });

  it("a finish whose only changes since were the store's own ticks is applied, with the ticks sent with it", async () => {
    const { store, list } = await startedList("Loja Final Limpo");
    await update(store.token, list.id, { separate: [SANDALIA], baseVersion: list.version });
    const done = await update(store.token, list.id, { ...finish(list), separate: [BOTA] });
    expect(done.statusCode).toBe(200);
    expect(done.json().picklist).toMatchObject({ currentStatus: "Concluído", numberTransfer: "123456", completedItems: [SANDALIA, BOTA], uncompletedItems: [TENIS, TENIS] });
  });
});

describe("the office changed the list while the store was offline", () => {
  async function editedAfterSeen(name: string) {
    const { store, list } = await storeWithList(name);
    const edit = await update(t.adminToken, list.id, { listItems: [TENIS, BOTA] });
    expect(edit.statusCode).toBe(200);
    return { store, seen: list };
  }

  it("a tick of a text no longer on the list is refused; ticks of texts still there merge", async () => {
    const { store, seen } = await editedAfterSeen("Loja Item Removido");
    expect((await update(store.token, seen.id, start(seen))).statusCode).toBe(200);
    const gone = await update(store.token, seen.id, { separate: [SANDALIA], baseVersion: seen.version });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toEqual({ error: PICKLIST_REPLAY_MESSAGES.itemGone(SANDALIA) });
    expect((await update(store.token, seen.id, { separate: [BOTA], baseVersion: seen.version })).json().picklist.completedItems).toEqual([BOTA]);
  });

  it("a finish made on a version older than the office's edit is refused, and nothing is finished", async () => {
    const { store, seen } = await editedAfterSeen("Loja Final Antigo");
    expect((await update(store.token, seen.id, start(seen))).statusCode).toBe(200);
    const late = await update(store.token, seen.id, finish(seen));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: PICKLIST_REPLAY_MESSAGES.changedByOffice });
    expect(await read(seen.id)).toMatchObject({ currentStatus: "Em andamento", numberTransfer: null });
    // Made again on the list as it is now, the finish goes through.
    const now = await read(seen.id);
    expect((await update(store.token, seen.id, finish(now))).statusCode).toBe(200);
  });

  it("a change on a list redirected to another store learns where it went", async () => {
    const { store, list } = await storeWithList("Loja Antes");
    const other = await t.createStore("Loja Depois");
    expect((await update(t.adminToken, list.id, { destination: other.username })).statusCode).toBe(200);
    const res = await update(store.token, list.id, start(list));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: PICKLIST_MESSAGES.redirected, destination: other.username });
  });

  it("a queue entry older than the list's deletion finds no list", async () => {
    const { store, list } = await storeWithList("Loja Lista Excluída");
    const del = await t.app.inject({ method: "DELETE", url: `/api/picklist/delete/${list.id}`, headers: bearer(t.adminToken) });
    expect(del.statusCode).toBe(200);
    const res = await update(store.token, list.id, start(list));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: PICKLIST_MESSAGES.notFound });
  });
});

describe("a transfer number typed twice", () => {
  it("the same finish sent again with its Idempotency-Key answers the first answer again", async () => {
    const { store, list } = await startedList("Loja Nº TR Duas Vezes");
    const first = await update(store.token, list.id, finish(list), "fila-1-final");
    expect(first.statusCode).toBe(200);
    const again = await update(store.token, list.id, finish(list), "fila-1-final");
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
  });

  it("a second finish with another key is refused: the list is already finished", async () => {
    const { store, list } = await startedList("Loja Nº TR Outra Chave");
    expect((await update(store.token, list.id, finish(list), "fila-2-a")).statusCode).toBe(200);
    const second = await update(store.token, list.id, finish(list, "654321"), "fila-2-b");
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: PICKLIST_MESSAGES.alreadyFinished });
    expect((await read(list.id)).numberTransfer).toBe("123456");
  });
});

describe("the replay's wire", () => {
  it("a tick replayed with its Idempotency-Key moves one copy, however many times it is sent", async () => {
    const { store, list } = await startedList("Loja Um Tênis");
    for (let i = 0; i < 3; i++) expect((await update(store.token, list.id, { separate: [TENIS], baseVersion: list.version }, "fila-3-tenis")).statusCode).toBe(200);
    expect(await read(list.id)).toMatchObject({ completedItems: [TENIS], uncompletedItems: [SANDALIA, TENIS, BOTA] });
  });

  it("the same key with another change, or on another list, is refused with 422", async () => {
    const { store, list } = await startedList("Loja Chave Repetida");
    expect((await update(store.token, list.id, { separate: [TENIS], baseVersion: list.version }, "fila-4")).statusCode).toBe(200);
    const other = await update(store.token, list.id, { separate: [BOTA], baseVersion: list.version }, "fila-4");
    expect(other.statusCode).toBe(422);
  });

  it("a replayed change with the whole split is refused with 400, as is a malformed version", async () => {
    const { store, list } = await startedList("Loja Corpo Misto");
    const mixed = await update(store.token, list.id, { separate: [TENIS], completedItems: [TENIS], baseVersion: list.version });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toEqual({ error: PICKLIST_REPLAY_MESSAGES.wholeRecord });
    const bad = await update(store.token, list.id, { separate: [TENIS], baseVersion: "ontem" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Versão da lista inválida.");
  });

  it("the web app's whole record, sent back with its version, is read as before", async () => {
    const { store, list } = await startedList("Loja Registro Inteiro");
    const res = await update(store.token, list.id, { ...list, completedItems: [SANDALIA], uncompletedItems: [TENIS, TENIS, BOTA] });
    expect(res.statusCode).toBe(200);
    expect(res.json().picklist.completedItems).toEqual([SANDALIA]);
  });
});
