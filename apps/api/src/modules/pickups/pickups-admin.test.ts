import { todayIn } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_CPF, OTHER_CUSTOMER_CPF, THIRD_PARTY_CPF, pickupsKit, withThirdParty } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
let invoice: string;

const { form, create, createPickup, update, getById, list } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: invoice }));

beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Norte");
  invoice = await t.uploadInvoice();
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
    [{ ...withThirdParty, authorizedThirdPartyFullName: "Jo", authorizedThirdPartyCPF: "123" }, "Nome do terceiro deve ter ao menos 3 caracteres."],
  ])("refuses %j with the rule's message", async (overrides, message) => {
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
