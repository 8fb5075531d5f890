import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const ITEMS = ["TENIS RUNNER 42 123456-7X", "SANDALIA 37 654321-0Y", "TENIS RUNNER 42 123456-7X"];
const LONG_AGO = "2001-01-01T00:00:00.000Z";

interface Picklist {
  id: string;
  sender: string;
  destination: string;
  sendDate: string;
  timeStarted: string | null;
  timeCompleted: string | null;
  listItems: string[];
  completedItems: string[];
  uncompletedItems: string[];
  numberTransfer: string | null;
  currentStatus: string;
}

type Method = "GET" | "PUT" | "DELETE";
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
const update = (token: string, id: string, body: unknown) => call(token, "PUT", `/api/picklist/update/${id}`, body);
const read = async (id: string) => (await call(t.adminToken, "GET", `/api/picklist/getId/${id}`)).json().picklist as Picklist;

async function newList(destination: string, listItems = ITEMS): Promise<Picklist> {
  const res = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: bearer(t.adminToken), payload: { destination, listItems } });
  expect(res.statusCode).toBe(201);
  return res.json().picklist;
}

/** A store with one list sent to it, as the store's screen holds it. */
async function storeWithList(name?: string) {
  const store = await t.createStore(name);
  return { store, list: await newList(store.username) };
}

async function startedBy(token: string, list: Picklist): Promise<Picklist> {
  const res = await update(token, list.id, { ...list, currentStatus: "Em andamento", timeStarted: new Date().toISOString() });
  expect(res.statusCode).toBe(200);
  return res.json().picklist;
}

/** Runs fn between two clock readings, to check the server stamped its own "now". */
async function within<T>(fn: () => Promise<T>): Promise<{ result: T; isNow: (iso: string | null) => boolean }> {
  const before = Date.now();
  const result = await fn();
  const after = Date.now();
  return { result, isNow: (iso) => iso !== null && Date.parse(iso) >= before && Date.parse(iso) <= after };
}

describe("'Iniciar'", () => {
  it("starts the list: timeStarted is the server's now, every item uncompleted, whatever the body says", async () => {
    const { store, list } = await storeWithList("Loja Início");
    const { result: res, isNow } = await within(() =>
      update(store.token, list.id, {
        ...list,
        currentStatus: "Em andamento",
        timeStarted: LONG_AGO,
        timeCompleted: "",
        completedItems: [ITEMS[1]],
        uncompletedItems: [],
        numberTransfer: "123456",
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Lista de separação iniciada com sucesso!");
    const started = res.json().picklist as Picklist;
    expect(started).toMatchObject({ currentStatus: "Em andamento", completedItems: [], uncompletedItems: ITEMS, timeCompleted: null, numberTransfer: null, sendDate: list.sendDate });
    expect(isNow(started.timeStarted)).toBe(true);
    expect(await read(list.id)).toEqual(started);
  });

  it("needs nothing but the status", async () => {
    const { store, list } = await storeWithList("Loja Início Curto");
    const res = await update(store.token, list.id, { currentStatus: "Em andamento" });
    expect(res.json().picklist).toMatchObject({ currentStatus: "Em andamento", uncompletedItems: ITEMS });
  });

  it("happens once: starting again is 409", async () => {
    const { store, list } = await storeWithList("Loja Início Duplo");
    const started = await startedBy(store.token, list);
    for (const body of [{ currentStatus: "Em andamento" }, { ...list, currentStatus: "Em andamento", timeStarted: new Date().toISOString() }]) {
      const again = await update(store.token, list.id, body);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "Esta lista de separação já foi iniciada." });
    }
    expect(await read(list.id)).toEqual(started);
  });
});

describe("ticking items", () => {
  it("saves the split the store sends back with the whole record", async () => {
    const { store, list } = await storeWithList("Loja Ticks");
    const started = await startedBy(store.token, list);
    const res = await update(store.token, list.id, { ...started, completedItems: [ITEMS[0]], uncompletedItems: [ITEMS[1], ITEMS[2]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Lista de separação atualizada com sucesso!");
    expect(res.json().picklist).toMatchObject({ currentStatus: "Em andamento", completedItems: [ITEMS[0]], uncompletedItems: [ITEMS[1], ITEMS[2]], timeStarted: started.timeStarted });
  });

  it("fills in the other side when only one is sent", async () => {
    const { store, list } = await storeWithList("Loja Ticks Curtos");
    await startedBy(store.token, list);
    const res = await update(store.token, list.id, { completedItems: [ITEMS[1]] });
    expect(res.json().picklist).toMatchObject({ completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] });
    const back = await update(store.token, list.id, { uncompletedItems: ITEMS });
    expect(back.json().picklist).toMatchObject({ completedItems: [], uncompletedItems: ITEMS });
  });

  it("refuses a split that is not exactly the list's items", async () => {
    const { store, list } = await storeWithList("Loja Ticks Errados");
    const started = await startedBy(store.token, list);
    for (const split of [
      { completedItems: [ITEMS[0]], uncompletedItems: [ITEMS[1]] },
      { completedItems: [ITEMS[0], "OUTRO"], uncompletedItems: [ITEMS[1], ITEMS[2]] },
      { completedItems: ["OUTRO"] },
    ]) {
      const res = await update(store.token, list.id, split);
      expect(res.statusCode, JSON.stringify(split)).toBe(400);
      expect(res.json()).toEqual({ error: "Os itens separados e não separados devem ser exatamente os itens da lista." });
    }
    expect(await read(list.id)).toEqual(started);
  });

  it("only once started and while the products are available", async () => {
    const { store, list } = await storeWithList("Loja Ticks Cedo");
    const early = await update(store.token, list.id, { completedItems: [ITEMS[0]] });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "Inicie a lista de separação antes de separar os itens." });
    await startedBy(store.token, list);
    await update(store.token, list.id, { currentStatus: "Não concluído" });
    const blocked = await update(store.token, list.id, { completedItems: [ITEMS[0]] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toEqual({ error: 'Desative "Produtos indisponíveis" antes de separar os itens.' });
  });
});

describe("'Produtos indisponíveis'", () => {
  it("on: Não concluído with every item uncompleted; off: Em andamento with the split the store kept", async () => {
    const { store, list } = await storeWithList("Loja Indisponível");
    const started = await startedBy(store.token, list);
    const kept = { completedItems: [ITEMS[1]], uncompletedItems: [ITEMS[0], ITEMS[2]] };
    await update(store.token, list.id, { ...started, ...kept });

    const on = await update(store.token, list.id, { ...started, ...kept, currentStatus: "Não concluído" });
    expect(on.statusCode).toBe(200);
    expect(on.json().picklist).toMatchObject({ currentStatus: "Não concluído", completedItems: [], uncompletedItems: ITEMS, timeCompleted: null });

    const off = await update(store.token, list.id, { ...on.json().picklist, ...kept, currentStatus: "Em andamento" });
    expect(off.statusCode).toBe(200);
    expect(off.json().picklist).toMatchObject({ currentStatus: "Em andamento", ...kept, timeStarted: started.timeStarted });
  });

  it("off without a split leaves nothing separated", async () => {
    const { store, list } = await storeWithList("Loja Indisponível Simples");
    await startedBy(store.token, list);
    await update(store.token, list.id, { currentStatus: "Não concluído" });
    const off = await update(store.token, list.id, { currentStatus: "Em andamento" });
    expect(off.json().picklist).toMatchObject({ currentStatus: "Em andamento", completedItems: [], uncompletedItems: ITEMS });
  });

  it("is refused before the start and when already on", async () => {
    const { store, list } = await storeWithList("Loja Indisponível Cedo");
    const early = await update(store.token, list.id, { currentStatus: "Não concluído" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "Inicie a lista de separação antes de marcar produtos indisponíveis." });
    await startedBy(store.token, list);
    await update(store.token, list.id, { currentStatus: "Não concluído" });
    const twice = await update(store.token, list.id, { currentStatus: "Não concluído" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: "Os produtos desta lista já estão marcados como indisponíveis." });
  });
});

describe("'Finalizar'", () => {
  it("finishes as Concluído: timeCompleted is the server's now and the transfer number is kept", async () => {
    const { store, list } = await storeWithList("Loja Final");
    const started = await startedBy(store.token, list);
    const { result: res, isNow } = await within(() =>
      update(store.token, list.id, {
        ...started,
        completedItems: [ITEMS[0], ITEMS[2]],
        uncompletedItems: [ITEMS[1]],
        numberTransfer: "012345",
        timeCompleted: LONG_AGO,
        timeStarted: started.timeStarted,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Lista de separação finalizada com sucesso!");
    const done = res.json().picklist as Picklist;
    expect(done).toMatchObject({ currentStatus: "Concluído", numberTransfer: "012345", completedItems: [ITEMS[0], ITEMS[2]], uncompletedItems: [ITEMS[1]], timeStarted: started.timeStarted });
    expect(isNow(done.timeCompleted)).toBe(true);
  });

  it("takes status Concluído as the finish too", async () => {
    const { store, list } = await storeWithList("Loja Final Status");
    await startedBy(store.token, list);
    const res = await update(store.token, list.id, { currentStatus: "Concluído", numberTransfer: "654321" });
    expect(res.json().picklist).toMatchObject({ currentStatus: "Concluído", numberTransfer: "654321" });
    expect(res.json().picklist.timeCompleted).not.toBeNull();
  });

  it.each([[undefined], [""], [null], ["12345"], ["1234567"], ["12a456"]])(
    "needs a 6-digit transfer number for Concluído (not %j), and writes nothing otherwise",
    async (numberTransfer) => {
      const { store, list } = await storeWithList();
      const started = await startedBy(store.token, list);
      const res = await update(store.token, list.id, { currentStatus: "Concluído", numberTransfer, completedItems: ITEMS, uncompletedItems: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "O número da transferência deve conter 6 dígitos." });
      expect(await read(list.id)).toEqual(started);
    },
  );

  it("finishes a Não concluído list as Não concluído, with no transfer number needed", async () => {
    const { store, list } = await storeWithList("Loja Final Falha");
    await startedBy(store.token, list);
    const on = (await update(store.token, list.id, { currentStatus: "Não concluído" })).json().picklist as Picklist;
    const res = await update(store.token, list.id, { ...on, numberTransfer: "", timeCompleted: new Date().toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().picklist).toMatchObject({ currentStatus: "Não concluído", numberTransfer: null, uncompletedItems: ITEMS, completedItems: [] });
    expect(res.json().picklist.timeCompleted).not.toBeNull();
  });

  it("switching the products off and finishing in one request finishes as Não concluído", async () => {
    const { store, list } = await storeWithList("Loja Final Junto");
    const started = await startedBy(store.token, list);
    const res = await update(store.token, list.id, { ...started, currentStatus: "Não concluído", timeCompleted: new Date().toISOString() });
    expect(res.json().picklist).toMatchObject({ currentStatus: "Não concluído", completedItems: [], uncompletedItems: ITEMS });
    expect(res.json().picklist.timeCompleted).not.toBeNull();
  });

  it("is refused before the start", async () => {
    const { store, list } = await storeWithList("Loja Final Cedo");
    const res = await update(store.token, list.id, { currentStatus: "Concluído", numberTransfer: "123456" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Inicie a lista de separação antes de finalizá-la." });
    const byDate = await update(store.token, list.id, { ...list, timeCompleted: new Date().toISOString(), numberTransfer: "123456" });
    expect(byDate.statusCode).toBe(409);
  });

  it("locks the list: every later change is 409", async () => {
    const { store, list } = await storeWithList("Loja Final Trancada");
    const started = await startedBy(store.token, list);
    const done = (await update(store.token, list.id, { currentStatus: "Concluído", numberTransfer: "123456" })).json().picklist as Picklist;
    for (const body of [
      { currentStatus: "Concluído", numberTransfer: "999999" },
      { ...done },
      { currentStatus: "Em andamento" },
      { ...started, completedItems: ITEMS, uncompletedItems: [] },
      { currentStatus: "Não concluído" },
      { currentStatus: "Não iniciado" },
      {},
    ]) {
      const res = await update(store.token, list.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ error: "Esta lista de separação já foi finalizada." });
    }
    expect((await update(t.adminToken, list.id, { listItems: ["NOVO"] })).statusCode).toBe(409);
    expect(await read(list.id)).toEqual(done);
  });
});

describe("other moves", () => {
  it("a started list never goes back to Não iniciado", async () => {
    const { store, list } = await storeWithList("Loja Volta");
    await startedBy(store.token, list);
    const res = await update(store.token, list.id, { ...list, currentStatus: "Não iniciado" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Uma lista de separação já iniciada não pode voltar para Não iniciado." });
  });

  it("sending the record back unchanged changes nothing", async () => {
    const { store, list } = await storeWithList("Loja Eco");
    const res = await update(store.token, list.id, list);
    expect(res.statusCode).toBe(200);
    expect(res.json().picklist).toEqual(list);
    const started = await startedBy(store.token, list);
    expect((await update(store.token, list.id, {})).json().picklist).toEqual(started);
  });

  it.each([
    [{ currentStatus: "Pronto" }, "Status inválido."],
    [{ timeCompleted: "ontem" }, "Data inválida."],
    [{ completedItems: "TENIS" }, "Os itens separados e não separados devem ser listas de itens."],
    [{ numberTransfer: 123456 }, "O número da transferência deve conter 6 dígitos."],
    [{ listItems: [] }, "Adicione ao menos um item à lista."],
    [{ destination: "" }, "Selecione a loja de destino."],
    [[], "Envie os dados da lista de separação como um objeto JSON."],
  ])("refuses the malformed body %j with a Portuguese 400", async (body, error) => {
    const { list } = await storeWithList();
    const res = await update(t.adminToken, list.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("answers 404 for unknown and malformed ids", async () => {
    expect((await update(t.adminToken, "00000000-0000-4000-8000-000000000000", { currentStatus: "Em andamento" })).statusCode).toBe(404);
    expect((await update(t.adminToken, "abc", { currentStatus: "Em andamento" })).statusCode).toBe(404);
  });
});

describe("the administrator's edit", () => {
  it("changes items and sender while the list is not started, keeping sendDate", async () => {
    const { list } = await storeWithList("Loja Edição");
    const res = await update(t.adminToken, list.id, { ...list, sender: "CD Curitiba", listItems: ["  BOTA 40 111111-1A "], sendDate: LONG_AGO });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Lista de separação atualizada com sucesso!");
    expect(res.json().picklist).toMatchObject({ sender: "CD Curitiba", listItems: ["BOTA 40 111111-1A"], sendDate: list.sendDate, currentStatus: "Não iniciado" });
  });

  it("redirecting to another store sends the list anew: sendDate is now", async () => {
    const { list } = await storeWithList("Loja Origem");
    const target = await t.createStore("Loja Destino");
    const { result: res, isNow } = await within(() => update(t.adminToken, list.id, { ...list, destination: target.username }));
    expect(res.statusCode).toBe(200);
    expect(res.json().picklist.destination).toBe(target.username);
    expect(isNow(res.json().picklist.sendDate)).toBe(true);
    expect((await call(target.token, "GET", `/api/picklist/getId/${list.id}`)).statusCode).toBe(200);
  });

  it("only to an existing store", async () => {
    const { list } = await storeWithList("Loja Destino Válido");
    for (const destination of ["Loja Inexistente", "Administrador"]) {
      const res = await update(t.adminToken, list.id, { destination });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Selecione a loja de destino." });
    }
    expect((await read(list.id)).destination).toBe("Loja Destino Válido");
  });

  it("only before the store starts", async () => {
    const { store, list } = await storeWithList("Loja Edição Tarde");
    await t.createStore("Loja Edição Outra");
    await startedBy(store.token, list);
    for (const body of [{ listItems: ["NOVO"] }, { sender: "Outro" }, { destination: "Loja Edição Outra" }]) {
      const res = await update(t.adminToken, list.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({ error: "Só é possível editar uma lista que ainda não foi iniciada." });
    }
  });

  it("does not edit and move the list in the same request", async () => {
    const { list } = await storeWithList("Loja Edição Dupla");
    const res = await update(t.adminToken, list.id, { ...list, listItems: ["NOVO"], currentStatus: "Em andamento" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Edite a lista ou altere o seu andamento, não os dois ao mesmo tempo." });
    expect(await read(list.id)).toEqual(list);
  });

  it("may run the store's steps too", async () => {
    const { list } = await storeWithList("Loja Pelo Admin");
    expect((await update(t.adminToken, list.id, { currentStatus: "Em andamento" })).statusCode).toBe(200);
    const done = await update(t.adminToken, list.id, { currentStatus: "Concluído", numberTransfer: "777777" });
    expect(done.json().picklist).toMatchObject({ currentStatus: "Concluído", numberTransfer: "777777" });
  });
});

describe("a list redirected away from a store", () => {
  it("tells the old store where it went (409), and nothing else", async () => {
    const { store: old, list } = await storeWithList("Loja Antiga");
    const target = await t.createStore("Loja Nova");
    const stranger = await t.createStore("Loja Estranha");
    await update(t.adminToken, list.id, { ...list, destination: target.username });

    const start = await update(old.token, list.id, { ...list, currentStatus: "Em andamento" });
    expect(start.statusCode).toBe(409);
    expect(start.json()).toEqual({ error: "Lista de separação indisponível", destination: "Loja Nova" });
    const reread = await call(old.token, "GET", `/api/picklist/getId/${list.id}`);
    expect(reread.statusCode).toBe(409);
    expect(reread.json()).toEqual({ error: "Lista de separação indisponível", destination: "Loja Nova" });
    expect((await call(old.token, "GET", "/api/picklist/get")).json().picklists.map((p: Picklist) => p.id)).not.toContain(list.id);

    expect((await update(stranger.token, list.id, { currentStatus: "Em andamento" })).statusCode).toBe(404);
    expect((await read(list.id)).currentStatus).toBe("Não iniciado");
    expect((await update(target.token, list.id, { currentStatus: "Em andamento" })).statusCode).toBe(200);
  });
});

describe("two requests at once", () => {
  it("two starts: one wins, the other sees the started list and gets 409", async () => {
    const { store, list } = await storeWithList("Loja Corrida Início");
    const body = { ...list, currentStatus: "Em andamento", timeStarted: new Date().toISOString() };
    const results = await Promise.all([update(store.token, list.id, body), update(store.token, list.id, { currentStatus: "Em andamento" })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().picklist as Picklist;
    expect(results.find((r) => r.statusCode === 409)!.json()).toEqual({ error: "Esta lista de separação já foi iniciada." });
    expect(await read(list.id)).toEqual(winner);
  });

  it("two finishes: one wins, the other gets 409 and the winner's transfer number stays", async () => {
    const { store, list } = await storeWithList("Loja Corrida Final");
    await startedBy(store.token, list);
    const results = await Promise.all([
      update(store.token, list.id, { currentStatus: "Concluído", numberTransfer: "111111" }),
      update(t.adminToken, list.id, { currentStatus: "Concluído", numberTransfer: "222222" }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().picklist as Picklist;
    expect(await read(list.id)).toEqual(winner);
  });

  it("a redirect and the old store's start: the store either wins or learns where the list went", async () => {
    const { store, list } = await storeWithList("Loja Corrida Rota");
    await t.createStore("Loja Corrida Alvo");
    const [redirect, start] = await Promise.all([
      update(t.adminToken, list.id, { destination: "Loja Corrida Alvo" }),
      update(store.token, list.id, { currentStatus: "Em andamento" }),
    ]);
    const stored = await read(list.id);
    if (start.statusCode === 200) {
      expect(redirect.statusCode).toBe(409);
      expect(stored).toMatchObject({ destination: store.username, currentStatus: "Em andamento" });
    } else {
      expect(redirect.statusCode).toBe(200);
      expect(start.json()).toEqual({ error: "Lista de separação indisponível", destination: "Loja Corrida Alvo" });
      expect(stored).toMatchObject({ destination: "Loja Corrida Alvo", currentStatus: "Não iniciado" });
    }
  });
});
