import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_CPF, NOT_AUTHORIZED, STRANGER_CPF, THIRD_PARTY_CPF, pickupsKit, withThirdParty } from "../../testing/pickups.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
let invoice: string;

const { form, create, createPickup, update, getById, list, confirmReceiptAs } = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: invoice }));

beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Norte");
  invoice = await t.uploadInvoice();
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
    // Who collected it (the third party, by their CPF) and who handed it over are recorded, and audited.
    expect(res.json().pickup).toMatchObject({ collectedBy: "thirdParty", handedOverBy: storeA.username });
    const audit = await t.app.inject({ method: "GET", url: `/api/audit/pickup/${created.id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    const handover = (audit.json().entries as { action: string; changes: Record<string, { to: unknown }> }[]).find((entry) => entry.action === "confirm-pickup");
    expect(handover?.changes).toMatchObject({ collectedBy: { to: "thirdParty" }, handedOverBy: { to: storeA.username } });
  });

  it("lets the customer collect with the CPF typed without punctuation", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0003" });
    const res = await update(created.id, { pickupStatus: "Pedido retirado", withdrawalCPF: CUSTOMER_CPF }, storeA.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup).toMatchObject({ collectedBy: "customer", handedOverBy: storeA.username });
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

  it("names who may collect, in the words the counter shows", async () => {
    const created = await createPickup({ ...withThirdParty, pickupType: "Disponível na loja", trackingCode: "TR0006" });
    const third = await check(created.id, "111.444.777-35");
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({
      authorized: true,
      name: "João Souza",
      title: "Autorizado!",
      message: "João Souza está autorizado a realizar a retirada do pedido. Imprima a NF-e e entregue ao cliente, se necessário.",
      signatureRequired: false,
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

  it("limits a store's CPF checks a minute, and says when to try again", async () => {
    const busy = await t.createStore("Loja Apressada");
    const created = await createPickup({ pickupStoreName: busy.username, pickupType: "Disponível na loja", trackingCode: "TR0011" });
    // Typos no CPF has (wrong check digits) cost the pickup no try, but count a minute.
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) answers.push((await check(created.id, "123.456.789-00", busy.token)).statusCode);
    expect(answers.every((status) => status === 200)).toBe(true);
    const limited = await check(created.id, CUSTOMER_CPF, busy.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await check(created.id, STRANGER_CPF, t.adminToken)).statusCode).toBe(200);
  });

  it("refuses a body without a CPF", async () => {
    const created = await createPickup({ pickupType: "Disponível na loja", trackingCode: "TR0007" });
    const res = await check(created.id, 52998224725);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: NOT_AUTHORIZED });
  });
});
