import { todayIn } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const CUSTOMER_CPF = "52998224725";
const THIRD_PARTY_CPF = "11144477735";
const STRANGER_CPF = "98765432100";
const OTHER_CUSTOMER_CPF = "12345678909";
const NOT_AUTHORIZED = "O CPF inserido é inválido ou não pertence ao titular ou a um terceiro autorizado.";

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
let invoice: string;
let orderCounter = 0;

const uploadInvoice = () => t.uploadInvoice();

function nextOrderNumber() {
  return `PED${String(++orderCounter).padStart(13, "0")}`;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    pickupStoreName: storeA.username,
    scheduledPickupDate: todayIn(t.config.timezone),
    pickupType: "Envio realizado via Correios",
    orderNumber: nextOrderNumber(),
    trackingCode: "AA123456789BR",
    invoiceFileName: invoice,
    customerFullName: "Maria da Silva",
    customerCPF: "529.982.247-25",
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    authorizedThirdPartyPickup: false,
    orderItems: ["TENIS RUNNER 42 123456-7X"],
    ...overrides,
  };
}

const withThirdParty = { authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: "111.444.777-35" };

function create(payload: unknown, token = t.adminToken) {
  return t.app.inject({ method: "POST", url: "/api/pickup/create", headers: bearer(token), payload: payload as object });
}

async function createPickup(overrides: Record<string, unknown> = {}) {
  const res = await create(form(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().pickup;
}

function update(id: string, payload: unknown, token: string) {
  return t.app.inject({ method: "PUT", url: `/api/pickup/update/${id}`, headers: bearer(token), payload: payload as object });
}

function getById(id: string, token: string) {
  return t.app.inject({ method: "GET", url: `/api/pickup/getId/${id}`, headers: bearer(token) });
}

async function list(query: string, token = t.adminToken) {
  const res = await t.app.inject({ method: "GET", url: `/api/pickup/get${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A store's confirmation of receipt, sending back its own view of the record as the original client does. */
async function confirmReceiptAs(token: string, id: string) {
  const view = (await getById(id, token)).json().pickup;
  return update(id, { ...view, pickupStatus: "Aguardando retirada" }, token);
}

beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Norte");
  invoice = await uploadInvoice();
});

describe("creating a pickup", () => {
  it("dates a posted order itself and starts it in transit", async () => {
    const before = Date.now();
    const res = await create(
      form({ orderDispatchDate: "2020-01-01T00:00:00.000Z", pickupStatus: "Pedido retirado", actualPickupDate: "2020-01-02T00:00:00.000Z" }),
    );
    expect(res.statusCode).toBe(201);
    const { message, pickup } = res.json();
    expect(message).toBe("Retirada em loja criada com sucesso!");
    expect(pickup).toMatchObject({
      orderOrigin: "E-commerce",
      pickupStoreName: "Loja Centro",
      pickupStatus: "Em trânsito",
      customerCPF: CUSTOMER_CPF,
      customerPhone: "(41) 99999-9999",
      authorizedThirdPartyPickup: false,
      authorizedThirdPartyFullName: null,
      authorizedThirdPartyCPF: null,
      orderReceivedAtStoreDate: null,
      actualPickupDate: null,
      invoiceFileName: invoice,
    });
    expect(Date.parse(pickup.orderDispatchDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(pickup.orderDispatchDate)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("starts an order available in the store as awaiting pickup", async () => {
    const pickup = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR1234" });
    expect(pickup.pickupStatus).toBe("Aguardando retirada");
  });

  it("keeps an authorised third party's trimmed name and CPF digits", async () => {
    const pickup = await createPickup({ ...withThirdParty, authorizedThirdPartyFullName: "  João Souza " });
    expect(pickup).toMatchObject({ authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: "João Souza", authorizedThirdPartyCPF: THIRD_PARTY_CPF });
  });

  it("keeps an order origin other than the default", async () => {
    expect((await createPickup({ orderOrigin: " Televendas " })).orderOrigin).toBe("Televendas");
    expect((await createPickup({ orderOrigin: null })).orderOrigin).toBe("E-commerce");
  });

  it("names the store as it is registered", async () => {
    const pickup = await createPickup({ pickupStoreName: "loja centro" });
    expect(pickup.pickupStoreName).toBe("Loja Centro");
  });

  it.each([
    [{ pickupStoreName: "" }, "Selecione a loja de retirada."],
    [{ scheduledPickupDate: undefined }, "Informe a data prevista para retirada."],
    [{ scheduledPickupDate: "2020-01-01" }, "A data prevista para retirada não pode estar no passado."],
    [{ pickupType: undefined }, "Selecione o tipo de operação."],
    [{ orderNumber: "" }, "Informe o número do pedido."],
    [{ orderNumber: "PED000000000001" }, "Número do pedido deve conter 16 caracteres."],
    [{ orderNumber: "PED00000000000001" }, "Número do pedido deve conter 16 caracteres."],
    [{ trackingCode: "" }, "Informe o código de rastreamento."],
    [{ trackingCode: "AB123" }, "Código de rastreamento deve ter no mínimo 6 caracteres."],
    [{ trackingCode: "AA123456789BRX" }, "Código de rastreamento deve ter no máximo 13 caracteres."],
    [{ pickupType: "Disponível na loja", trackingCode: "TR12345" }, "Código de rastreamento deve ter 6 caracteres para retirada na loja."],
    [{ trackingCode: "AA12345678BR" }, "Código de rastreamento deve ter 13 caracteres para envio pelos Correios."],
    [{ invoiceFileName: "" }, "Selecione a nota fiscal do pedido."],
    [{ customerFullName: "" }, "Informe o nome do cliente."],
    [{ customerFullName: " Al " }, "O nome do cliente deve ter no mínimo 3 caracteres."],
    [{ customerCPF: "" }, "Informe o CPF do cliente."],
    [{ customerCPF: "529.982.247-2" }, "CPF deve conter exatamente 11 dígitos."],
    [{ customerCPF: "529.982.247-26" }, "CPF inválido."],
    [{ customerCPF: "000.000.000-00" }, "CPF inválido."],
    [{ customerPhone: "" }, "Informe o telefone do cliente."],
    [{ customerPhone: "41 99999-9999" }, "Formato de telefone inválido. Ex: (41) 99999-9999"],
    [{ customerEmail: "" }, "Informe o e-mail do cliente."],
    [{ customerEmail: "maria@" }, "Informe um e-mail válido."],
    [{ orderItems: [] }, "Informe ao menos um item no pedido."],
    [{ ...withThirdParty, authorizedThirdPartyFullName: " Jo " }, "Nome do terceiro deve ter ao menos 3 caracteres."],
    [{ ...withThirdParty, authorizedThirdPartyCPF: "111.444.777-36" }, "CPF do terceiro inválido."],
    [{ ...withThirdParty, authorizedThirdPartyCPF: "1114447773" }, "CPF do terceiro inválido."],
  ])("refuses %j with the spec's message", async (overrides, message) => {
    const res = await create(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it("answers the first failing rule of several", async () => {
    const res = await create(form({ trackingCode: "AB", customerFullName: "", orderItems: [] }));
    expect(res.json()).toEqual({ error: "Código de rastreamento deve ter no mínimo 6 caracteres." });
  });

  it("accepts a phone without the space", async () => {
    const pickup = await createPickup({ customerPhone: "(41)99999-9999" });
    expect(pickup.customerPhone).toBe("(41)99999-9999");
  });

  it("refuses a store that does not exist or is not a store", async () => {
    for (const pickupStoreName of ["Loja Fantasma", "Administrador"]) {
      const res = await create(form({ pickupStoreName }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Selecione a loja de retirada." });
    }
  });

  it("refuses an invoice that was never uploaded", async () => {
    const res = await create(form({ invoiceFileName: "inexistente.pdf" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Selecione a nota fiscal do pedido." });
  });

  it("answers malformed bodies with a Portuguese 400", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/pickup/create",
      headers: { ...bearer(t.adminToken), "content-type": "application/json" },
      payload: "{pickup",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: "O corpo da requisição não é um JSON válido." });
    const array = await create(["x"]);
    expect(array.json()).toEqual({ error: "Dados da retirada inválidos." });
    const wrongTypes = await create(form({ authorizedThirdPartyPickup: "sim", orderItems: "um item" }));
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toEqual({ error: "Informe ao menos um item no pedido." });
  });
});

describe("who may do what", () => {
  let pickupA: { id: string };

  beforeAll(async () => {
    pickupA = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0001" });
  });

  it("asks anonymous callers to sign in on every pickup endpoint", async () => {
    const calls = [
      { method: "GET", url: "/api/pickup/get" },
      { method: "GET", url: `/api/pickup/getId/${pickupA.id}` },
      { method: "POST", url: "/api/pickup/create", payload: form() },
      { method: "PUT", url: `/api/pickup/update/${pickupA.id}`, payload: { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF } },
      { method: "DELETE", url: `/api/pickup/delete/${pickupA.id}` },
      { method: "POST", url: `/api/pickup/check-withdrawal/${pickupA.id}`, payload: { withdrawalCPF: CUSTOMER_CPF } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await getById(pickupA.id, t.adminToken)).json().pickup.pickupStatus).toBe("Aguardando retirada");
  });

  it("lets only an administrator create and delete", async () => {
    expect((await create(form(), storeA.token)).statusCode).toBe(403);
    const del = await t.app.inject({ method: "DELETE", url: `/api/pickup/delete/${pickupA.id}`, headers: bearer(storeA.token) });
    expect(del.statusCode).toBe(403);
  });

  it("shows a store its own pickups only", async () => {
    const ofA = await list("", storeA.token);
    expect(ofA.pickups.length).toBeGreaterThan(0);
    expect(ofA.pickups.every((p: { pickupStoreName: string }) => p.pickupStoreName === "Loja Centro")).toBe(true);
    const forcedOther = await list(`?store=${encodeURIComponent("Loja Centro")}`, storeB.token);
    expect(forcedOther.pickups).toEqual([]);
  });

  it("hides another store's pickup from store B as if it did not exist", async () => {
    expect((await getById(pickupA.id, storeB.token)).statusCode).toBe(404);
    const confirm = await update(pickupA.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeB.token);
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json()).toEqual({ error: "Retirada não encontrada." });
    const check = await t.app.inject({
      method: "POST",
      url: `/api/pickup/check-withdrawal/${pickupA.id}`,
      headers: bearer(storeB.token),
      payload: { withdrawalCPF: CUSTOMER_CPF },
    });
    expect(check.statusCode).toBe(404);
    expect((await getById(pickupA.id, storeA.token)).json().pickup.pickupStatus).toBe("Aguardando retirada");
  });

  it("answers an unknown or malformed id with 404", async () => {
    expect((await getById("00000000-0000-4000-8000-000000000000", t.adminToken)).statusCode).toBe(404);
    expect((await getById("não-é-um-id", t.adminToken)).statusCode).toBe(404);
    expect((await update("1; DROP TABLE pickups", { pickupStatus: "Em trânsito" }, t.adminToken)).statusCode).toBe(404);
  });
});

describe("what a store is shown", () => {
  it("masks the CPFs and leaves out the customer's phone and e-mail", async () => {
    const created = await createPickup(withThirdParty);
    const { pickup } = (await getById(created.id, storeA.token)).json();
    expect(pickup.customerCPF).toBe("***.***.247-25");
    expect(pickup.authorizedThirdPartyCPF).toBe("***.***.777-35");
    expect(pickup).not.toHaveProperty("customerPhone");
    expect(pickup).not.toHaveProperty("customerEmail");
    const listed = (await list("", storeA.token)).pickups.find((p: { id: string }) => p.id === created.id);
    expect(listed).toEqual(pickup);
    const body = JSON.stringify(await list("", storeA.token));
    expect(body).not.toContain(CUSTOMER_CPF);
    expect(body).not.toContain("maria@example.com");
  });

  it("serves an administrator everything", async () => {
    const created = await createPickup(withThirdParty);
    const { pickup } = (await getById(created.id, t.adminToken)).json();
    expect(pickup).toMatchObject({ customerCPF: CUSTOMER_CPF, authorizedThirdPartyCPF: THIRD_PARTY_CPF, customerEmail: "maria@example.com" });
  });
});

describe("searching and filtering", () => {
  const SEARCH_STORE = "Loja Busca";
  let searchStore: { username: string; token: string };
  let mine: { id: string; orderNumber: string };
  let theirs: { id: string };
  let awaiting: { id: string };

  beforeAll(async () => {
    searchStore = await t.createStore(SEARCH_STORE);
    mine = await createPickup({ pickupStoreName: SEARCH_STORE, customerCPF: OTHER_CUSTOMER_CPF, ...withThirdParty });
    awaiting = await createPickup({ pickupStoreName: SEARCH_STORE, customerCPF: OTHER_CUSTOMER_CPF, pickupType: "Disponível na loja", trackingCode: "TR7777" });
    theirs = await createPickup({ pickupStoreName: storeB.username, customerCPF: OTHER_CUSTOMER_CPF });
  });

  const ids = (body: { pickups: { id: string }[] }) => body.pickups.map((p) => p.id);

  it("finds the customer's pickups by a full CPF, with or without punctuation", async () => {
    for (const search of [OTHER_CUSTOMER_CPF, "123.456.789-09", " 123.456.789-09 "]) {
      const found = ids(await list(`?search=${encodeURIComponent(search)}`));
      expect(found).toEqual(expect.arrayContaining([mine.id, awaiting.id, theirs.id]));
      expect(found).toHaveLength(3);
    }
  });

  it("finds the pickups a third party may collect by the third party's CPF", async () => {
    const found = ids(await list(`?search=${encodeURIComponent("111.444.777-35")}&store=${encodeURIComponent(SEARCH_STORE)}`));
    expect(found).toEqual([mine.id]);
  });

  it("finds a pickup by its exact order number", async () => {
    expect(ids(await list(`?search=${mine.orderNumber}`))).toEqual([mine.id]);
    expect(ids(await list(`?search=${mine.orderNumber.slice(0, 10)}`))).toEqual([]);
  });

  it("lets a store search by a full CPF among its own pickups only", async () => {
    const found = ids(await list(`?search=${OTHER_CUSTOMER_CPF}`, searchStore.token));
    expect(found.sort()).toEqual([mine.id, awaiting.id].sort());
    expect(ids(await list(`?search=${encodeURIComponent("***.***.789-09")}`, searchStore.token))).toEqual([]);
  });

  it("filters by status, repeated or not, and treats 'all' as no filter", async () => {
    const store = `store=${encodeURIComponent(SEARCH_STORE)}`;
    expect(ids(await list(`?${store}&status=${encodeURIComponent("Aguardando retirada")}`))).toEqual([awaiting.id]);
    const both = ids(await list(`?${store}&status=${encodeURIComponent("Aguardando retirada")}&status=${encodeURIComponent("Em trânsito")}`));
    expect(both.sort()).toEqual([mine.id, awaiting.id].sort());
    const bracketed = ids(await list(`?${store}&status[]=${encodeURIComponent("Em trânsito")}`));
    expect(bracketed).toEqual([mine.id]);
    expect(ids(await list(`?${store}&status=all`)).sort()).toEqual([mine.id, awaiting.id].sort());
    const wrong = await t.app.inject({ method: "GET", url: "/api/pickup/get?status=Perdido", headers: bearer(t.adminToken) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: "Status inválido." });
  });

  it("filters by dispatch day and pages the newest first", async () => {
    const today = todayIn(t.config.timezone);
    const store = `store=${encodeURIComponent(SEARCH_STORE)}`;
    expect(ids(await list(`?${store}&from=${today}&to=${today}`)).sort()).toEqual([mine.id, awaiting.id].sort());
    expect(ids(await list(`?${store}&to=2020-01-01`))).toEqual([]);
    const first = await list(`?${store}&page=1&pageSize=1`);
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(ids(first)).toEqual([awaiting.id]);
    expect(ids(await list(`?${store}&page=2&pageSize=1`))).toEqual([mine.id]);
    const bad = await t.app.inject({ method: "GET", url: "/api/pickup/get?from=ontem", headers: bearer(t.adminToken) });
    expect(bad.json()).toEqual({ error: "Data inválida. Use AAAA-MM-DD." });
  });
});

describe("receiving and handing over an order", () => {
  it("lets the store confirm receipt, dated by the server whatever the body says", async () => {
    const created = await createPickup(withThirdParty);
    const view = (await getById(created.id, storeA.token)).json().pickup;
    const before = Date.now();
    const res = await update(
      created.id,
      { ...view, pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: "2020-01-01T00:00:00.000Z", actualPickupDate: "2020-01-01T00:00:00.000Z" },
      storeA.token,
    );
    expect(res.statusCode).toBe(200);
    const { message, pickup } = res.json();
    expect(message).toBe("Recebimento confirmado com sucesso!");
    expect(pickup).toMatchObject({ pickupStatus: "Aguardando retirada", actualPickupDate: null, customerCPF: "***.***.247-25" });
    expect(pickup).not.toHaveProperty("customerPhone");
    expect(Date.parse(pickup.orderReceivedAtStoreDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("hands the order over to the customer or the authorised third party only", async () => {
    const created = await createPickup({ ...withThirdParty, pickupType: "Disponível na loja", trackingCode: "TR0002" });
    const missing = await update(created.id, { pickupStatus: "Pedido retirado" }, storeA.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Informe o CPF de quem está retirando o pedido." });
    for (const withdrawalCPF of [STRANGER_CPF, "***.***.247-25", "529.982.247-26"]) {
      const refused = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF }, storeA.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: NOT_AUTHORIZED });
    }
    expect((await getById(created.id, t.adminToken)).json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", actualPickupDate: null });

    const before = Date.now();
    const res = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: "111.444.777-35", actualPickupDate: "2020-01-01T00:00:00.000Z" }, storeA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Retirada confirmada com sucesso!");
    expect(res.json().pickup.pickupStatus).toBe("Pedido retirado");
    expect(Date.parse(res.json().pickup.actualPickupDate)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("lets the customer collect with the CPF typed without punctuation", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0003" });
    const res = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    expect(res.statusCode).toBe(200);
  });

  it("refuses a third party whose authorisation was withdrawn", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0004" });
    const res = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: THIRD_PARTY_CPF }, storeA.token);
    expect(res.statusCode).toBe(403);
  });

  it("refuses moves the states do not allow", async () => {
    const inTransit = await createPickup();
    const skip = await update(inTransit.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ error: "Só é possível confirmar a retirada de um pedido aguardando retirada." });

    const waiting = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0005" });
    const back = await update(waiting.id, { pickupStatus: "Em trânsito" }, t.adminToken);
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ error: 'Não é possível passar a retirada de "Aguardando retirada" para "Em trânsito".' });
    const again = await confirmReceiptAs(storeA.token, waiting.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "O recebimento deste pedido já foi confirmado." });

    await update(waiting.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    const twice = await update(waiting.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    expect(twice.statusCode).toBe(409);
    const receiptAfter = await update(waiting.id, { pickupStatus: "Aguardando retirada" }, t.adminToken);
    expect(receiptAfter.statusCode).toBe(409);
  });

  it("lets a store do nothing but these two confirmations", async () => {
    const created = await createPickup(withThirdParty);
    const view = (await getById(created.id, storeA.token)).json().pickup;
    for (const change of [
      { trackingCode: "BB123456789BR" },
      { orderItems: ["OUTRO ITEM"] },
      { pickupStoreName: storeB.username },
      { customerPhone: "(11) 91111-1111" },
      { authorizedThirdPartyCPF: "***.***.000-00" },
      { authorizedThirdPartyPickup: false },
    ]) {
      const res = await update(created.id, { ...view, ...change, pickupStatus: "Aguardando retirada" }, storeA.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    const stored = (await getById(created.id, t.adminToken)).json().pickup;
    expect(stored).toMatchObject({ pickupStatus: "Em trânsito", trackingCode: "AA123456789BR", orderReceivedAtStoreDate: null });
    const nothing = await update(created.id, {}, storeA.token);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ error: "Informe o novo status da retirada." });
  });

  it("lets the administrator confirm too", async () => {
    const created = await createPickup();
    const res = await update(created.id, { pickupStatus: "Aguardando retirada" }, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup.customerCPF).toBe(CUSTOMER_CPF);
  });

  it("lets only one of two simultaneous confirmations win", async () => {
    const created = await createPickup();
    const receipts = await Promise.all([confirmReceiptAs(storeA.token, created.id), confirmReceiptAs(storeA.token, created.id)]);
    expect(receipts.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const pickups = await Promise.all([
      update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token),
      update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, t.adminToken),
    ]);
    expect(pickups.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe("checking a CPF at the counter", () => {
  function check(id: string, withdrawalCPF: unknown, token = storeA.token) {
    return t.app.inject({ method: "POST", url: `/api/pickup/check-withdrawal/${id}`, headers: bearer(token), payload: { withdrawalCPF } });
  }

  it("names who may collect, in the spec's words", async () => {
    const created = await createPickup({ ...withThirdParty, pickupType: "Disponível na loja", trackingCode: "TR0006" });
    const third = await check(created.id, "111.444.777-35");
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({
      authorized: true,
      name: "João Souza",
      title: "Autorizado!",
      message: "João Souza está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário.",
    });
    expect((await check(created.id, CUSTOMER_CPF)).json()).toMatchObject({ authorized: true, name: "Maria da Silva" });
    expect((await check(created.id, STRANGER_CPF)).json()).toEqual({ authorized: false, title: "Não autorizado!", message: NOT_AUTHORIZED });
    expect((await getById(created.id, t.adminToken)).json().pickup.pickupStatus).toBe("Aguardando retirada");
  });

  it("only checks an order that waits in the store", async () => {
    const created = await createPickup();
    const res = await check(created.id, CUSTOMER_CPF);
    expect(res.statusCode).toBe(409);
  });

  it("stops a store from working out a CPF by trying one after another", async () => {
    const guesser = await t.createStore("Loja Palpite");
    const created = await createPickup({ pickupStoreName: guesser.username, pickupType: "Disponível na loja", trackingCode: "TR0011" });
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await check(created.id, STRANGER_CPF, guesser.token)).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await check(created.id, STRANGER_CPF, t.adminToken)).statusCode).toBe(200);
  });

  it("refuses a body without a CPF", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0007" });
    const res = await check(created.id, 52998224725);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: NOT_AUTHORIZED });
  });
});

describe("the administrator's edit", () => {
  it("changes the dialog's fields and accepts the rest sent back unchanged", async () => {
    const created = await createPickup();
    const res = await update(
      created.id,
      { ...created, customerPhone: "(11) 98888-7777", customerEmail: "nova@example.com", orderItems: ["A", "B"], ...withThirdParty },
      t.adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Retirada atualizada com sucesso!",
      pickup: { customerPhone: "(11) 98888-7777", customerEmail: "nova@example.com", orderItems: ["A", "B"], authorizedThirdPartyCPF: THIRD_PARTY_CPF },
    });
    const off = await update(created.id, { authorizedThirdPartyPickup: false }, t.adminToken);
    expect(off.json().pickup).toMatchObject({ authorizedThirdPartyPickup: false, authorizedThirdPartyFullName: null, authorizedThirdPartyCPF: null });
  });

  it("re-derives the status when the type changes before the order reached the store", async () => {
    const created = await createPickup();
    const toStore = await update(created.id, { ...created, pickupType: "Disponível na loja", trackingCode: "TR0008" }, t.adminToken);
    expect(toStore.statusCode).toBe(200);
    expect(toStore.json().pickup).toMatchObject({ pickupStatus: "Aguardando retirada", orderReceivedAtStoreDate: null });
    const back = await update(created.id, { ...toStore.json().pickup, pickupType: "Envio realizado via Correios", trackingCode: "AA123456789BR" }, t.adminToken);
    expect(back.json().pickup.pickupStatus).toBe("Em trânsito");
  });

  it("checks the tracking code against the resulting type", async () => {
    const created = await createPickup();
    const res = await update(created.id, { pickupType: "Disponível na loja" }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Código de rastreamento deve ter 6 caracteres para retirada na loja." });
    const bad = await update(created.id, { customerPhone: "41 98888-7777" }, t.adminToken);
    expect(bad.json()).toEqual({ error: "Formato de telefone inválido. Ex: (41) 99999-9999" });
  });

  it("moves a pickup to another store, which then sees it instead", async () => {
    const created = await createPickup();
    const res = await update(created.id, { pickupStoreName: storeB.username }, t.adminToken);
    expect(res.json().pickup.pickupStoreName).toBe(storeB.username);
    expect((await getById(created.id, storeA.token)).statusCode).toBe(404);
    expect((await getById(created.id, storeB.token)).statusCode).toBe(200);
    const unknown = await update(created.id, { pickupStoreName: "Loja Fantasma" }, t.adminToken);
    expect(unknown.json()).toEqual({ error: "Selecione a loja de retirada." });
  });

  it("refuses to change what the dialog does not offer", async () => {
    const created = await createPickup();
    const res = await update(created.id, { ...created, orderNumber: "PED9999999999999" }, t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "O número do pedido não pode ser alterado." });
    const cpf = await update(created.id, { customerCPF: "529.982.247-25" }, t.adminToken);
    expect(cpf.statusCode).toBe(200);
  });

  it("leaves a collected order as it is", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0009" });
    const done = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    const res = await update(created.id, { ...done.json().pickup, customerPhone: "(11) 98888-7777" }, t.adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Uma retirada já concluída não pode ser alterada." });
  });

  it("refuses a malformed update body", async () => {
    const created = await createPickup();
    const status = await update(created.id, { pickupStatus: "Perdido" }, t.adminToken);
    expect(status.json()).toEqual({ error: "Status da retirada inválido." });
    const array = await update(created.id, [1, 2], t.adminToken);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ error: "Dados da retirada inválidos." });
  });
});

describe("deleting a pickup", () => {
  function remove(id: string, token = t.adminToken) {
    return t.app.inject({ method: "DELETE", url: `/api/pickup/delete/${id}`, headers: bearer(token) });
  }

  it("deletes a pending pickup", async () => {
    const created = await createPickup();
    const res = await remove(created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Retirada excluída com sucesso!" });
    expect((await getById(created.id, t.adminToken)).statusCode).toBe(404);
    expect((await remove(created.id)).statusCode).toBe(404);
  });

  it("keeps a collected order: it is history", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0010" });
    await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    const res = await remove(created.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Uma retirada já concluída não pode ser excluída." });
  });
});
