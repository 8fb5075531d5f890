import type { PicklistStatus } from "@passo/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, picklists } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (token: string | undefined, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createList(destination: string, listItems = ["TENIS RUNNER 42 123456-7X"]) {
  const res = await call(t.adminToken, "POST", "/api/picklist/create", { destination, listItems });
  expect(res.statusCode).toBe(201);
  return res.json().picklist as { id: string; destination: string; sendDate: string };
}

/** A list sent at a chosen instant, for the date filters (the API always sends "now"). */
async function sentAt(destination: string, sendDate: string, currentStatus: PicklistStatus = "Não iniciado") {
  const [row] = await t.database.db
    .insert(picklists)
    .values({ destination, sendDate: new Date(sendDate), currentStatus, listItems: [`ITEM ${sendDate}`] })
    .returning({ id: picklists.id });
  return row!.id;
}

const ids = (res: { json(): { picklists: { id: string }[] } }) => res.json().picklists.map((p) => p.id);
const query = (params: Record<string, string | string[]>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) for (const v of [value].flat()) search.append(key, v);
  return `/api/picklist/get?${search}`;
};

describe("creating a list (administrator)", () => {
  beforeAll(() => t.createStore("Loja Validação"));

  it("takes the spec's client's whole payload and lets the server set dates, split and status", async () => {
    const store = await t.createStore("Loja Criação");
    const before = Date.now();
    const res = await call(t.adminToken, "POST", "/api/picklist/create", {
      sender: "E-commerce",
      destination: "Loja Criação",
      sendDate: "2001-01-01T00:00:00.000Z",
      timeStarted: "",
      timeCompleted: "",
      listItems: ["  TENIS RUNNER 42 123456-7X  ", "SANDALIA 37 654321-0Y"],
      completedItems: ["TENIS RUNNER 42 123456-7X"],
      uncompletedItems: [],
      numberTransfer: "999999",
      currentStatus: "Não iniciado",
    });
    expect(res.statusCode).toBe(201);
    const { message, picklist } = res.json();
    expect(message).toBe("Lista de separação criada com sucesso!");
    expect(picklist).toMatchObject({
      sender: "E-commerce",
      destination: store.username,
      timeStarted: null,
      timeCompleted: null,
      listItems: ["TENIS RUNNER 42 123456-7X", "SANDALIA 37 654321-0Y"],
      completedItems: [],
      uncompletedItems: [],
      numberTransfer: null,
      currentStatus: "Não iniciado",
    });
    expect(Date.parse(picklist.sendDate)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(picklist.sendDate)).toBeLessThanOrEqual(Date.now());
    expect(picklist).not.toHaveProperty("previousDestinations");
  });

  it("defaults the sender to E-commerce", async () => {
    await t.createStore("Loja Remetente");
    const res = await call(t.adminToken, "POST", "/api/picklist/create", { destination: "Loja Remetente", listItems: ["A"] });
    expect(res.json().picklist.sender).toBe("E-commerce");
  });

  it.each([
    ["no destination", { listItems: ["A"] }, "Selecione a loja de destino."],
    ["a blank destination", { destination: "  ", listItems: ["A"] }, "Selecione a loja de destino."],
    ["a destination that is no user", { destination: "Loja Fantasma", listItems: ["A"] }, "Selecione a loja de destino."],
    ["an administrator as destination", { destination: "Administrador", listItems: ["A"] }, "Selecione a loja de destino."],
    ["no items", { destination: "Loja Validação", listItems: [] }, "Adicione ao menos um item à lista."],
    ["items that are not a list", { destination: "Loja Validação", listItems: "A" }, "Adicione ao menos um item à lista."],
    ["a blank item", { destination: "Loja Validação", listItems: ["A", "   "] }, "Informe o item."],
    ["a blank sender", { destination: "Loja Validação", sender: "", listItems: ["A"] }, "Informe o remetente."],
    ["another starting status", { destination: "Loja Validação", listItems: ["A"], currentStatus: "Concluído" }, "Uma nova lista de separação começa com o status Não iniciado."],
  ])("refuses %s with the form's message", async (_case, body, error) => {
    const res = await call(t.adminToken, "POST", "/api/picklist/create", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("writes nothing, neither the list nor an audit line, for a destination that is not a store", async () => {
    const count = async () => ({
      lists: (await t.database.db.select({ id: picklists.id }).from(picklists)).length,
      audit: (await t.database.db.select({ id: auditLog.id }).from(auditLog)).length,
    });
    const before = await count();
    for (const destination of ["Loja Fantasma", "Administrador"]) {
      const res = await call(t.adminToken, "POST", "/api/picklist/create", { destination, listItems: ["A"] });
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toEqual(before);
    // A store's list, for contrast: one list, one audit line with its fields.
    await t.createStore("Loja Contraste");
    const withStore = await count();
    const created = (await call(t.adminToken, "POST", "/api/picklist/create", { destination: "Loja Contraste", listItems: ["A", "B"] })).json().picklist;
    expect(await count()).toEqual({ lists: withStore.lists + 1, audit: withStore.audit + 1 });
    const audit = (await call(t.adminToken, "GET", `/api/audit/picklist/${created.id}`)).json().entries;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", changes: { destination: "Loja Contraste", listItems: ["A", "B"], currentStatus: "Não iniciado", sender: "E-commerce" } });
  });

  it("answers a malformed body with a Portuguese 400", async () => {
    const garbled = await t.app.inject({
      method: "POST",
      url: "/api/picklist/create",
      headers: { ...bearer(t.adminToken), "content-type": "application/json" },
      payload: "{destination:",
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json()).toEqual({ error: "O corpo da requisição não é um JSON válido." });
    const notAnObject = await call(t.adminToken, "POST", "/api/picklist/create", ["Loja"]);
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json()).toEqual({ error: "Envie os dados da lista de separação como um objeto JSON." });
  });

  it("is the administrator's: a store gets 403, nobody signed in 401", async () => {
    const store = await t.createStore("Loja Sem Criar");
    const payload = { destination: store.username, listItems: ["A"] };
    expect((await call(store.token, "POST", "/api/picklist/create", payload)).statusCode).toBe(403);
    expect((await call(undefined, "POST", "/api/picklist/create", payload)).statusCode).toBe(401);
  });
});

describe("reading lists", () => {
  it("gives a store its own lists only, and the administrator all", async () => {
    const a = await t.createStore("Loja Leitura A");
    const b = await t.createStore("Loja Leitura B");
    const ofA = await createList(a.username);
    const ofB = await createList(b.username);

    const asA = await call(a.token, "GET", "/api/picklist/get");
    expect(asA.statusCode).toBe(200);
    expect(ids(asA)).toContain(ofA.id);
    expect(ids(asA)).not.toContain(ofB.id);
    expect(asA.json().picklists.every((p: { destination: string }) => p.destination === a.username)).toBe(true);
    expect(asA.json()).not.toHaveProperty("total");

    const asAdmin = await call(t.adminToken, "GET", "/api/picklist/get");
    expect(ids(asAdmin)).toEqual(expect.arrayContaining([ofA.id, ofB.id]));
  });

  it("answers a store naming another store with an empty list, not that store's lists", async () => {
    const a = await t.createStore("Loja Curiosa");
    const b = await t.createStore("Loja Vizinha");
    const ofA = await createList(a.username);
    await createList(b.username);
    expect((await call(a.token, "GET", query({ store: b.username }))).json()).toEqual({ picklists: [] });
    expect(ids(await call(a.token, "GET", query({ store: a.username })))).toEqual([ofA.id]);
    expect(ids(await call(a.token, "GET", query({ store: "all" })))).toEqual([ofA.id]);
    const paged = await call(a.token, "GET", query({ store: b.username, page: "1", pageSize: "8" }));
    expect(paged.json()).toEqual({ picklists: [], total: 0, page: 1, pageSize: 8 });
  });

  it("reads one list by id; another store gets 404, as do unknown and malformed ids", async () => {
    const a = await t.createStore("Loja Dona");
    const b = await t.createStore("Loja Alheia");
    const list = await createList(a.username, ["BOTA 40 111111-1A"]);

    const own = await call(a.token, "GET", `/api/picklist/getId/${list.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().picklist).toMatchObject({ id: list.id, listItems: ["BOTA 40 111111-1A"], currentStatus: "Não iniciado" });
    expect((await call(t.adminToken, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(200);

    const other = await call(b.token, "GET", `/api/picklist/getId/${list.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: "Lista de separação não encontrada." });
    expect((await call(t.adminToken, "GET", "/api/picklist/getId/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call(t.adminToken, "GET", "/api/picklist/getId/nao-e-um-id")).statusCode).toBe(404);
    expect((await call(undefined, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(401);
    expect((await call(undefined, "GET", "/api/picklist/get")).statusCode).toBe(401);
  });
});

describe("filtering the history", () => {
  // America/Sao_Paulo is UTC-3: its 10 March 2024 runs from 03:00Z on the 10th to 03:00Z on the 11th.
  const store = "Loja Filtros";
  let ninthLate: string;
  let tenthEarly: string;
  let tenthLate: string;
  let eleventhEarly: string;

  beforeAll(async () => {
    await t.createStore(store);
    ninthLate = await sentAt(store, "2024-03-10T02:59:59.000Z", "Não iniciado");
    tenthEarly = await sentAt(store, "2024-03-10T03:00:00.000Z", "Em andamento");
    tenthLate = await sentAt(store, "2024-03-11T02:59:59.000Z", "Concluído");
    eleventhEarly = await sentAt(store, "2024-03-11T03:00:00.000Z", "Não concluído");
  });

  it("lists the newest sent first", async () => {
    const all = await call(t.adminToken, "GET", query({ store }));
    expect(ids(all)).toEqual([eleventhEarly, tenthLate, tenthEarly, ninthLate]);
  });

  it("from/to are whole days in APP_TIMEZONE, inclusive", async () => {
    expect(ids(await call(t.adminToken, "GET", query({ store, from: "2024-03-10", to: "2024-03-10" })))).toEqual([tenthLate, tenthEarly]);
    expect(ids(await call(t.adminToken, "GET", query({ store, from: "2024-03-10" })))).toEqual([eleventhEarly, tenthLate, tenthEarly]);
    expect(ids(await call(t.adminToken, "GET", query({ store, to: "2024-03-09" })))).toEqual([ninthLate]);
    expect(ids(await call(t.adminToken, "GET", query({ store, from: "2024-03-11T02:59:59.000Z" })))).toEqual([eleventhEarly, tenthLate]);
  });

  it("status repeats, in either spelling, and 'all' lifts the filter", async () => {
    expect(ids(await call(t.adminToken, "GET", query({ store, status: "Concluído" })))).toEqual([tenthLate]);
    expect(ids(await call(t.adminToken, "GET", query({ store, status: ["Não iniciado", "Em andamento"] })))).toEqual([tenthEarly, ninthLate]);
    expect(ids(await call(t.adminToken, "GET", query({ store, "status[]": ["Concluído", "Não concluído"] })))).toEqual([eleventhEarly, tenthLate]);
    expect(ids(await call(t.adminToken, "GET", query({ store, status: "all" })))).toHaveLength(4);
  });

  it("pending=<day> keeps the open lists sent before that day began", async () => {
    const pending = await call(t.adminToken, "GET", query({ store, status: ["Não iniciado", "Em andamento"], pending: "2024-03-11" }));
    expect(ids(pending)).toEqual([tenthEarly, ninthLate]);
    expect(ids(await call(t.adminToken, "GET", query({ store, pending: "2024-03-10" })))).toEqual([ninthLate]);
  });

  it("the store sees the same filters on its own lists", async () => {
    const other = await t.createStore("Loja Filtros Outra");
    await sentAt(other.username, "2024-03-10T12:00:00.000Z", "Concluído");
    const res = await call(other.token, "GET", query({ from: "2024-03-10", to: "2024-03-10", status: "Concluído" }));
    expect(res.json().picklists).toHaveLength(1);
    expect(res.json().picklists[0].destination).toBe(other.username);
  });

  it("pages in sendDate order and tells the total", async () => {
    const first = await call(t.adminToken, "GET", query({ store, page: "1", pageSize: "3" }));
    expect(first.json()).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(ids(first)).toEqual([eleventhEarly, tenthLate, tenthEarly]);
    const second = await call(t.adminToken, "GET", query({ store, page: "2", pageSize: "3" }));
    expect(second.json()).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(ids(second)).toEqual([ninthLate]);
    const beyond = await call(t.adminToken, "GET", query({ store, page: "5", pageSize: "3" }));
    expect(beyond.json()).toEqual({ picklists: [], total: 4, page: 5, pageSize: 3 });
    const filtered = await call(t.adminToken, "GET", query({ store, status: "Concluído", page: "1", pageSize: "8" }));
    expect(filtered.json()).toMatchObject({ total: 1, page: 1, pageSize: 8 });
    const defaultSize = await call(t.adminToken, "GET", query({ store, page: "1" }));
    expect(defaultSize.json()).toMatchObject({ total: 4, pageSize: 8 });
  });

  it.each([
    [{ status: "Pronto" }, "Status inválido."],
    [{ from: "2024-02-30" }, "Data inválida. Use AAAA-MM-DD."],
    [{ to: "amanhã" }, "Data inválida. Use AAAA-MM-DD."],
    [{ pending: "2024-03-11T00:00:00Z" }, "Data inválida. Use AAAA-MM-DD."],
    [{ page: "0" }, "Página inválida."],
    [{ pageSize: "abc" }, "Tamanho de página inválido."],
  ])("refuses the filter %j with a Portuguese 400", async (params, error) => {
    const res = await call(t.adminToken, "GET", query(params));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });
});

describe("deleting a list", () => {
  it("removes a list not yet started", async () => {
    const store = await t.createStore("Loja Exclusão");
    const list = await createList(store.username);
    const res = await call(t.adminToken, "DELETE", `/api/picklist/delete/${list.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Lista de separação excluída com sucesso!" });
    expect((await call(t.adminToken, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(404);
    expect((await call(t.adminToken, "DELETE", `/api/picklist/delete/${list.id}`)).statusCode).toBe(404);
    expect((await call(t.adminToken, "DELETE", "/api/picklist/delete/123")).statusCode).toBe(404);
  });

  it("keeps a list the store has started", async () => {
    const store = await t.createStore("Loja Iniciada");
    const list = await createList(store.username);
    await call(store.token, "PUT", `/api/picklist/update/${list.id}`, { currentStatus: "Em andamento" });
    const res = await call(t.adminToken, "DELETE", `/api/picklist/delete/${list.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Só é possível excluir uma lista que ainda não foi iniciada." });
    expect((await call(t.adminToken, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(200);
  });
});

describe("who may do what", () => {
  it("nobody signed in gets 401 everywhere", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/picklist/get"],
      ["GET", `/api/picklist/getId/${id}`],
      ["POST", "/api/picklist/create"],
      ["PUT", `/api/picklist/update/${id}`],
      ["DELETE", `/api/picklist/delete/${id}`],
    ] as const) {
      const res = await call(undefined, method, url, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("store B never reads nor changes store A's list: 404, and the list is untouched", async () => {
    const a = await t.createStore("Loja Matriz A");
    const b = await t.createStore("Loja Matriz B");
    const list = await createList(a.username, ["CHINELO 39 222222-2B"]);
    const update = `/api/picklist/update/${list.id}`;

    expect((await call(b.token, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(404);
    expect(ids(await call(b.token, "GET", "/api/picklist/get"))).not.toContain(list.id);
    for (const body of [
      { currentStatus: "Em andamento" },
      { currentStatus: "Não concluído" },
      { currentStatus: "Concluído", numberTransfer: "123456" },
      { completedItems: ["CHINELO 39 222222-2B"], uncompletedItems: [] },
      { destination: b.username },
      {},
    ]) {
      const res = await call(b.token, "PUT", update, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ error: "Lista de separação não encontrada." });
    }
    expect((await call(b.token, "DELETE", `/api/picklist/delete/${list.id}`)).statusCode).toBe(403);

    expect((await call(a.token, "PUT", update, { currentStatus: "Em andamento" })).statusCode).toBe(200);
    for (const body of [{ currentStatus: "Concluído", numberTransfer: "123456" }, { completedItems: ["CHINELO 39 222222-2B"] }]) {
      expect((await call(b.token, "PUT", update, body)).statusCode).toBe(404);
    }
    const stored = (await call(a.token, "GET", `/api/picklist/getId/${list.id}`)).json().picklist;
    expect(stored).toMatchObject({ currentStatus: "Em andamento", completedItems: [], timeCompleted: null });
  });

  it("a store cannot create, delete nor edit, even its own list", async () => {
    const a = await t.createStore("Loja Limitada");
    const list = await createList(a.username);
    expect((await call(a.token, "POST", "/api/picklist/create", { destination: a.username, listItems: ["A"] })).statusCode).toBe(403);
    expect((await call(a.token, "DELETE", `/api/picklist/delete/${list.id}`)).statusCode).toBe(403);
    for (const body of [{ listItems: ["OUTRO"] }, { sender: "Loja Limitada" }, { destination: "Loja Matriz A" }]) {
      const res = await call(a.token, "PUT", `/api/picklist/update/${list.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json()).toEqual({ error: "Somente o administrador pode alterar a loja, o remetente ou os itens da lista." });
    }
    const stored = (await call(a.token, "GET", `/api/picklist/getId/${list.id}`)).json().picklist;
    expect(stored).toMatchObject({ destination: a.username, sender: "E-commerce", listItems: ["TENIS RUNNER 42 123456-7X"] });
  });
});

describe("the store's open lists", () => {
  it("open=true keeps the lists not finished yet, including one marked 'Produtos indisponíveis'", async () => {
    const store = await t.createStore();
    const admin = bearer(t.adminToken);
    const create = async () =>
      (
        await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: admin, payload: { destination: store.username, listItems: ["TENIS 40 12345678"] } })
      ).json().picklist.id as string;
    const put = (id: string, payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/picklist/update/${id}`, headers: bearer(store.token), payload });
    const unavailable = await create();
    await put(unavailable, { currentStatus: "Em andamento" });
    await put(unavailable, { currentStatus: "Não concluído" });
    const finished = await create();
    await put(finished, { currentStatus: "Em andamento" });
    await put(finished, { currentStatus: "Não concluído" });
    expect((await put(finished, { currentStatus: "Não concluído", timeCompleted: new Date().toISOString() })).statusCode).toBe(200);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/picklist/get?status=N%C3%A3o%20conclu%C3%ADdo&open=true",
      headers: bearer(store.token),
    });
    expect(res.json().picklists.map((p: { id: string }) => p.id)).toEqual([unavailable]);
    const closed = await t.app.inject({ method: "GET", url: "/api/picklist/get?open=false", headers: bearer(store.token) });
    expect(closed.json().picklists.map((p: { id: string }) => p.id)).toEqual([finished]);
  });

  it("order=started pages the lists being worked on first, however long ago they were sent, then the newest", async () => {
    const store = await t.createStore();
    const oldStarted = await sentAt(store.username, "2026-01-05T12:00:00Z", "Em andamento");
    await t.database.db.update(picklists).set({ timeStarted: new Date("2026-01-05T13:00:00Z") }).where(eq(picklists.id, oldStarted));
    const older = await sentAt(store.username, "2026-02-01T12:00:00Z");
    const newer = await sentAt(store.username, "2026-03-01T12:00:00Z");
    const page = (n: number) => call(store.token, "GET", query({ open: "true", order: "started", page: String(n), pageSize: "2" }));
    const first = await page(1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(ids(first)).toEqual([oldStarted, newer]);
    expect(ids(await page(2))).toEqual([older]);
    // Without it, the lists' own order: newest sent first.
    expect(ids(await call(store.token, "GET", query({ open: "true" })))).toEqual([newer, older, oldStarted]);
    const wrong = await call(store.token, "GET", query({ open: "true", order: "oldest" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "Ordem inválida." });
  });
});

describe("'Produtos não encontrados' (GET /api/picklist/not-found)", () => {
  /** A list as the store left it, sent at a chosen instant. */
  async function leftAs(destination: string, sendDate: string, currentStatus: PicklistStatus, listItems: string[], uncompletedItems: string[]) {
    const [row] = await t.database.db
      .insert(picklists)
      .values({
        destination,
        sendDate: new Date(sendDate),
        currentStatus,
        listItems,
        uncompletedItems,
        completedItems: listItems.filter((i) => !uncompletedItems.includes(i)),
        timeStarted: new Date(sendDate),
        timeCompleted: currentStatus === "Concluído" ? new Date(sendDate) : null,
      })
      .returning({ id: picklists.id });
    return row!.id;
  }

  it("lists one row per item not separated, of the day's finished or unavailable lists, newest list first", async () => {
    const store = (await t.createStore("Loja Faltas")).username;
    const done = await leftAs(store, "2024-05-20T15:00:00.000Z", "Concluído", ["TENIS 40 1", "BOTA 38 2", "CHINELO 37 3"], ["BOTA 38 2", "CHINELO 37 3"]);
    const gaveUp = await leftAs(store, "2024-05-20T18:00:00.000Z", "Não concluído", ["SANDALIA 36 4"], ["SANDALIA 36 4"]);
    await leftAs(store, "2024-05-20T16:00:00.000Z", "Concluído", ["TENIS 41 5"], []);
    await leftAs(store, "2024-05-20T17:00:00.000Z", "Em andamento", ["TENIS 42 6"], ["TENIS 42 6"]);
    await leftAs(store, "2024-05-19T12:00:00.000Z", "Concluído", ["ONTEM 7"], ["ONTEM 7"]);

    const res = await call(t.adminToken, "GET", "/api/picklist/not-found?from=2024-05-20&to=2024-05-20");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { picklistId: gaveUp, destination: store, sendDate: "2024-05-20T18:00:00.000Z", item: "SANDALIA 36 4" },
        { picklistId: done, destination: store, sendDate: "2024-05-20T15:00:00.000Z", item: "BOTA 38 2" },
        { picklistId: done, destination: store, sendDate: "2024-05-20T15:00:00.000Z", item: "CHINELO 37 3" },
      ],
    });

    const second = await call(t.adminToken, "GET", "/api/picklist/not-found?from=2024-05-20&to=2024-05-20&page=2&pageSize=2");
    expect(second.json()).toEqual({
      items: [{ picklistId: done, destination: store, sendDate: "2024-05-20T15:00:00.000Z", item: "CHINELO 37 3" }],
      total: 3,
      page: 2,
      pageSize: 2,
    });
  });

  it("narrows to one product and one store when asked: only that product's rows, the total counting them", async () => {
    const store = (await t.createStore("Loja Faltas Produto")).username;
    const other = (await t.createStore("Loja Faltas Outra")).username;
    const twice = await leftAs(store, "2024-06-10T15:00:00.000Z", "Concluído", ["BOTA 38 9", "TENIS 40 9"], ["BOTA 38 9", "TENIS 40 9"]);
    const once = await leftAs(store, "2024-06-11T15:00:00.000Z", "Não concluído", ["BOTA 38 9"], ["BOTA 38 9"]);
    await leftAs(other, "2024-06-11T16:00:00.000Z", "Concluído", ["BOTA 38 9"], ["BOTA 38 9"]);

    const res = await call(t.adminToken, "GET", `/api/picklist/not-found?from=2024-06-01&to=2024-06-30&store=${encodeURIComponent(store)}&item=BOTA%2038%209&page=1&pageSize=8`);
    expect(res.json()).toEqual({
      items: [
        { picklistId: once, destination: store, sendDate: "2024-06-11T15:00:00.000Z", item: "BOTA 38 9" },
        { picklistId: twice, destination: store, sendDate: "2024-06-10T15:00:00.000Z", item: "BOTA 38 9" },
      ],
      total: 2,
      page: 1,
      pageSize: 8,
    });
    // A page past the end has no row to carry the total: it is counted alone, the product's rows still.
    const pastTheEnd = await call(t.adminToken, "GET", `/api/picklist/not-found?from=2024-06-01&to=2024-06-30&store=${encodeURIComponent(store)}&item=BOTA%2038%209&page=3&pageSize=8`);
    expect(pastTheEnd.json()).toEqual({ items: [], total: 2, page: 3, pageSize: 8 });
    const everyStore = await call(t.adminToken, "GET", "/api/picklist/not-found?from=2024-06-01&to=2024-06-30&item=BOTA%2038%209");
    expect(everyStore.json().items).toHaveLength(3);
    const tooLong = await call(t.adminToken, "GET", `/api/picklist/not-found?item=${"X".repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ error: "Produto inválido." });
  });

  it("is the administrator's: a store is refused, bad dates are explained", async () => {
    const store = await t.createStore("Loja Sem Faltas");
    expect((await call(store.token, "GET", "/api/picklist/not-found")).statusCode).toBe(403);
    const bad = await call(t.adminToken, "GET", "/api/picklist/not-found?from=2024-02-30");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Data inválida. Use AAAA-MM-DD." });
  });
});

describe("'Lista nº' (number)", () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    tokens.a = (await t.createStore("Loja Número A")).token;
    tokens.b = (await t.createStore("Loja Número B")).token;
  });

  it("numbers each new list from a sequence, one number per list, served beside the spec's fields", async () => {
    const first = await call(t.adminToken, "POST", "/api/picklist/create", { destination: "Loja Número A", listItems: ["A"] });
    const second = await call(t.adminToken, "POST", "/api/picklist/create", { destination: "Loja Número A", listItems: ["B"] });
    const a = first.json().picklist;
    const b = second.json().picklist;
    expect(Number.isInteger(a.number) && a.number > 0).toBe(true);
    expect(b.number).toBeGreaterThan(a.number);
    expect((await call(t.adminToken, "GET", `/api/picklist/getId/${a.id}`)).json().picklist.number).toBe(a.number);
    const listed = (await call(t.adminToken, "GET", "/api/picklist/get?store=Loja%20N%C3%BAmero%20A")).json().picklists;
    expect(listed.map((p: { id: string; number: number }) => [p.id, p.number])).toEqual([
      [b.id, b.number],
      [a.id, a.number],
    ]);
    await expect(t.database.db.insert(picklists).values({ number: a.number, destination: "Loja Número A", listItems: ["C"] })).rejects.toThrow();
  });

  it("finds a list by its number, typed or scanned; a store only its own", async () => {
    const list = await createList("Loja Número A");
    const { number } = (await call(t.adminToken, "GET", `/api/picklist/getId/${list.id}`)).json().picklist;
    expect(ids(await call(t.adminToken, "GET", query({ number: String(number) })))).toEqual([list.id]);
    expect(ids(await call(tokens.a!, "GET", query({ number: String(number) })))).toEqual([list.id]);
    expect(ids(await call(tokens.b!, "GET", query({ number: String(number) })))).toEqual([]);
    const bad = await call(t.adminToken, "GET", query({ number: "12a" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Informe o número da lista com dígitos." });
  });
});

describe("a transfer number already used (GET /api/picklist/transfer-number)", () => {
  it("names the other list that carries it, among the store's own lists only, and refuses nothing", async () => {
    const storeA = (await t.createStore("Loja TR A")).token;
    const storeB = (await t.createStore("Loja TR B")).token;
    const used = await createList("Loja TR A");
    expect((await call(storeA, "PUT", `/api/picklist/update/${used.id}`, { currentStatus: "Em andamento" })).statusCode).toBe(200);
    const finished = await call(storeA, "PUT", `/api/picklist/update/${used.id}`, {
      completedItems: ["TENIS RUNNER 42 123456-7X"],
      uncompletedItems: [],
      numberTransfer: "654321",
      currentStatus: "Concluído",
    });
    expect(finished.statusCode).toBe(200);
    const usedNumber = finished.json().picklist.number;
    const next = await createList("Loja TR A");
    const check = (token: string, params: string) => call(token, "GET", `/api/picklist/transfer-number?${params}`);

    const seen = await check(storeA, `numberTransfer=654321&except=${next.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ picklist: { id: used.id, number: usedNumber } });
    expect((await check(t.adminToken, "numberTransfer=%20654321%20")).json()).toEqual({ picklist: { id: used.id, number: usedNumber } });
    expect((await check(storeA, `numberTransfer=654321&except=${used.id}`)).json()).toEqual({ picklist: null });
    expect((await check(storeA, "numberTransfer=111111")).json()).toEqual({ picklist: null });
    expect((await check(storeB, "numberTransfer=654321")).json()).toEqual({ picklist: null });
    expect((await check(storeA, "numberTransfer=")).json()).toEqual({ error: "O número da transferência deve conter 6 dígitos." });

    expect((await call(storeA, "PUT", `/api/picklist/update/${next.id}`, { currentStatus: "Em andamento" })).statusCode).toBe(200);
    const again = await call(storeA, "PUT", `/api/picklist/update/${next.id}`, {
      completedItems: ["TENIS RUNNER 42 123456-7X"],
      uncompletedItems: [],
      numberTransfer: "654321",
      currentStatus: "Concluído",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().picklist.numberTransfer).toBe("654321");
  });
});
