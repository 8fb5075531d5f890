import { beforeAll, describe, expect, it } from "vitest";
import { DAY, returnsKit } from "../../testing/returns.js";
import { useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
const { newCpf, masked, newOrderNumber, form, get, put, del, post, createReturn, backdate, search } = returnsKit(t);

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Batel");
});

describe("a store receiving a return", () => {
  it("finds a pending return only by the exact CPF or order number, masked", async () => {
    const created = await createReturn();
    const cpf = created.customerCPF;
    const byFormattedCpf = await search(storeA.token, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`);
    const byBareCpf = await search(storeA.token, cpf);
    const byOrder = await search(storeB.token, created.orderNumber);
    for (const found of [byFormattedCpf, byBareCpf, byOrder]) {
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ id: created.id, customerCPF: masked(cpf), customerFullName: "Maria da Silva", returnStatus: "Devolução pendente" });
      expect(found[0]).not.toHaveProperty("customerPhone");
      expect(found[0]).not.toHaveProperty("customerEmail");
    }
    expect(await search(storeA.token, cpf.slice(0, 9))).toEqual([]);
    expect(await search(storeA.token, created.orderNumber.slice(0, 10))).toEqual([]);
    const withoutSearch = await get("/return/get", storeA.token);
    expect(withoutSearch.json().returns.map((r: { id: string }) => r.id)).not.toContain(created.id);
    expect((await get(`/return/getId/${created.id}`, storeA.token)).statusCode).toBe(404);
  });

  it("accepts it by sending back its view with the new status; the server dates it", async () => {
    const created = await createReturn();
    const [view] = await search(storeA.token, created.orderNumber);
    const before = Date.now();
    const res = await put(created.id, storeA.token, {
      ...view,
      returnStatus: "Devolvido em loja física",
      returnStore: storeA.username,
      dateOfReturn: "2020-01-01T00:00:00.000Z",
      dateOfTransfer: "2020-01-01T00:00:00.000Z",
    });
    expect(res.statusCode).toBe(200);
    const { message, return: accepted } = res.json();
    expect(message).toBe("Devolução recebida com sucesso!");
    expect(accepted).toMatchObject({
      id: created.id,
      returnStatus: "Devolvido em loja física",
      returnStore: "Loja Centro",
      reasonForRefusal: "",
      dateOfTransfer: null,
      customerCPF: masked(created.customerCPF),
    });
    expect(accepted).not.toHaveProperty("customerPhone");
    expect(Date.parse(accepted.dateOfReturn)).toBeGreaterThanOrEqual(before);
    expect(accepted.dateOfCreation).toBe(created.dateOfCreation);
  });

  it("then lists it and reads it by id, while the other store never sees it", async () => {
    const created = await createReturn();
    expect((await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(200);

    const own = await get("/return/get", storeA.token);
    expect(own.json().returns.map((r: { id: string }) => r.id)).toContain(created.id);
    expect(own.json().returns.every((r: { returnStore: string }) => r.returnStore === storeA.username)).toBe(true);
    const byId = await get(`/return/getId/${created.id}`, storeA.token);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().return).toMatchObject({ id: created.id, customerCPF: masked(created.customerCPF) });
    expect(byId.json().return).not.toHaveProperty("customerEmail");

    const other = await get("/return/get", storeB.token);
    expect(other.json().returns.map((r: { id: string }) => r.id)).not.toContain(created.id);
    expect(await search(storeB.token, created.customerCPF)).toEqual([]);
    expect(await search(storeB.token, created.orderNumber)).toEqual([]);
    expect((await get(`/return/getId/${created.id}`, storeB.token)).statusCode).toBe(404);
    expect(await search(storeA.token, created.orderNumber)).toHaveLength(1);

    const admin = await get(`/return/getId/${created.id}`, t.adminToken);
    expect(admin.json().return).toMatchObject({
      customerCPF: created.customerCPF,
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      returnStore: storeA.username,
    });
  });

  it("refuses it with the marks-of-use reason sent as 'all', stored by its label", async () => {
    const created = await createReturn();
    const res = await put(created.id, storeB.token, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Devolução recusada com sucesso!");
    expect(res.json().return).toMatchObject({
      returnStatus: "Devolução recusada",
      reasonForRefusal: "Produto com sinais de uso",
      returnStore: storeB.username,
      dateOfReturn: null,
      dateOfTransfer: null,
    });
  });

  it.each(["Produto sem a nota fiscal", "Produto sem a caixa original", "Produto com sinais de uso"])("refuses it for '%s'", async (reason) => {
    const created = await createReturn();
    const res = await put(created.id, storeA.token, { returnStatus: "Devolução recusada", reasonForRefusal: reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().return.reasonForRefusal).toBe(reason);
  });

  it("needs one of the offered reasons to refuse", async () => {
    const created = await createReturn();
    for (const reasonForRefusal of [undefined, "", null, "Cliente desistiu"]) {
      const res = await put(created.id, storeA.token, { returnStatus: "Devolução recusada", reasonForRefusal });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Selecione o motivo da recusa." });
    }
    const stored = await get(`/return/getId/${created.id}`, t.adminToken);
    expect(stored.json().return.returnStatus).toBe("Devolução pendente");
  });

  it("may change nothing else", async () => {
    const created = await createReturn();
    const changes = [
      { customerPhone: "(41) 98888-7777" },
      { customerEmail: "outra@example.com" },
      { returnItems: ["OUTRO ITEM"] },
      { customerFullName: "Outra Pessoa" },
      { orderNumber: newOrderNumber() },
      { customerCPF: newCpf() },
      { transferNumber: "123456" },
      { returnStore: storeB.username },
    ];
    for (const change of changes) {
      const res = await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física", ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toEqual({ error: "A loja só pode aceitar ou recusar uma devolução pendente." });
    }
    const unchanged = await get(`/return/getId/${created.id}`, t.adminToken);
    expect(unchanged.json().return).toMatchObject({ returnStatus: "Devolução pendente", returnStore: null, customerPhone: "(41) 99999-9999" });
  });

  it("may neither expire, complete, nor merely resend a pending return", async () => {
    const created = await createReturn();
    await backdate(created.id, new Date(Date.now() - 40 * DAY));
    for (const body of [{ returnStatus: "Devolução expirada" }, { returnStatus: "Devolução concluída", transferNumber: "123456" }, {}, { returnStatus: "Devolução pendente" }]) {
      const res = await put(created.id, storeA.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
  });

  it("cannot act again on a return it already received or refused", async () => {
    const accepted = await createReturn();
    await put(accepted.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    const refuseAfter = await put(accepted.id, storeA.token, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    expect(refuseAfter.statusCode).toBe(409);
    expect(refuseAfter.json()).toEqual({ error: "Esta devolução não está mais pendente." });
    expect((await put(accepted.id, storeA.token, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(409);
    expect((await put(accepted.id, storeA.token, { returnStatus: "Devolução pendente" })).statusCode).toBe(409);

    const refused = await createReturn();
    await put(refused.id, storeA.token, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    expect((await put(refused.id, storeA.token, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(409);
  });

  it("learns nothing about another store's received return, and loses a late accept with 409", async () => {
    const created = await createReturn();
    await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    const edit = await put(created.id, storeB.token, { customerPhone: "(41) 98888-7777" });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toEqual({ error: "Devolução não encontrada." });
    expect((await put(created.id, storeB.token, {})).statusCode).toBe(404);
    const late = await put(created.id, storeB.token, { returnStatus: "Devolvido em loja física" });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: "Esta devolução já foi processada." });
  });

  it("lets exactly one of two stores accepting at once win", async () => {
    const created = await createReturn();
    const [a, b] = await Promise.all([
      put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" }),
      put(created.id, storeB.token, { returnStatus: "Devolvido em loja física" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? storeA : storeB;
    const stored = await get(`/return/getId/${created.id}`, t.adminToken);
    expect(stored.json().return.returnStore).toBe(winner.username);
  });
});

describe("who may call what", () => {
  it("asks everyone for a token", async () => {
    const created = await createReturn();
    const calls = [
      get("/return/get"),
      get(`/return/getId/${created.id}`),
      post(form()),
      put(created.id, undefined, { returnStatus: "Devolvido em loja física" }),
      del(created.id),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(401);
  });

  it("keeps creating and deleting to administrators", async () => {
    const created = await createReturn();
    for (const store of [storeA, storeB]) {
      expect((await post(form(), store.token)).statusCode).toBe(403);
      expect((await del(created.id, store.token)).statusCode).toBe(403);
    }
    expect((await get(`/return/getId/${created.id}`, t.adminToken)).statusCode).toBe(200);
  });

  it("shows a store only the returns it received, and an administrator everything in full", async () => {
    const receivedByA = await createReturn();
    const receivedByB = await createReturn();
    const pending = await createReturn();
    await put(receivedByA.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    await put(receivedByB.id, storeB.token, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });

    const idsOf = async (token: string) => ((await get("/return/get", token)).json().returns as { id: string }[]).map((r) => r.id);
    const seenByA = await idsOf(storeA.token);
    const seenByB = await idsOf(storeB.token);
    expect(seenByA).toContain(receivedByA.id);
    expect(seenByA).not.toContain(receivedByB.id);
    expect(seenByA).not.toContain(pending.id);
    expect(seenByB).toContain(receivedByB.id);
    expect(seenByB).not.toContain(receivedByA.id);

    expect((await get(`/return/getId/${receivedByA.id}`, storeA.token)).statusCode).toBe(200);
    expect((await get(`/return/getId/${receivedByA.id}`, storeB.token)).statusCode).toBe(404);
    expect((await get(`/return/getId/${receivedByB.id}`, storeA.token)).statusCode).toBe(404);
    expect((await get(`/return/getId/${pending.id}`, storeA.token)).statusCode).toBe(404);

    const all = (await get("/return/get", t.adminToken)).json().returns as Record<string, unknown>[];
    const ids = all.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([receivedByA.id, receivedByB.id, pending.id]));
    expect(all.find((r) => r.id === pending.id)).toMatchObject({ customerCPF: pending.customerCPF, customerPhone: "(41) 99999-9999" });
  });

  it("masks every CPF a store is served and never serves it phone or e-mail", async () => {
    const created = await createReturn();
    await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    const bodies = [(await get("/return/get", storeA.token)).body, (await get(`/return/getId/${created.id}`, storeA.token)).body];
    for (const raw of bodies) {
      expect(raw).not.toContain(created.customerCPF);
      expect(raw).not.toContain("customerPhone");
      expect(raw).not.toContain("customerEmail");
      expect(raw).toContain(masked(created.customerCPF));
    }
  });
});
