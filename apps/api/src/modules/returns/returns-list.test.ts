import { beforeAll, describe, expect, it } from "vitest";
import { DAY, returnsKit } from "../../testing/returns.js";
import { useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
const { newCpf, digits, get, put, createReturn, backdate, search } = returnsKit(t);

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Batel");
});

describe("listing and filtering", () => {
  it("filters by status, repeated or as status[], and 'all' means every status", async () => {
    const pending = await createReturn();
    const received = await createReturn();
    await put(received.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    const ids = async (query: string) => ((await get(`/return/get?${query}`, t.adminToken)).json().returns as { id: string }[]).map((r) => r.id);

    const onlyPending = await ids(`status=${encodeURIComponent("Devolução pendente")}`);
    expect(onlyPending).toContain(pending.id);
    expect(onlyPending).not.toContain(received.id);
    const both = await ids(`status=${encodeURIComponent("Devolução pendente")}&status=${encodeURIComponent("Devolvido em loja física")}`);
    expect(both).toEqual(expect.arrayContaining([pending.id, received.id]));
    const bracketed = await ids(`status[]=${encodeURIComponent("Devolvido em loja física")}`);
    expect(bracketed).toContain(received.id);
    expect(bracketed).not.toContain(pending.id);
    expect(await ids("status=all")).toEqual(expect.arrayContaining([pending.id, received.id]));

    const bad = await get("/return/get?status=Qualquer", t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Status inválido." });
  });

  it("filters an administrator's list by the receiving store", async () => {
    const store = await t.createStore("Loja Água Verde");
    const created = await createReturn();
    await put(created.id, store.token, { returnStatus: "Devolvido em loja física" });
    const res = await get(`/return/get?store=${encodeURIComponent(store.username)}`, t.adminToken);
    expect(res.json().returns.map((r: { id: string }) => r.id)).toEqual([created.id]);
  });

  it("filters on the creation date by whole days in the app's time zone", async () => {
    const early = await createReturn();
    const late = await createReturn();
    // 02:30 UTC on 11 June is still 10 June in São Paulo.
    await backdate(early.id, new Date("2019-06-11T02:30:00.000Z"));
    await backdate(late.id, new Date("2019-06-11T12:00:00.000Z"));
    const ids = async (query: string) => ((await get(`/return/get?${query}`, t.adminToken)).json().returns as { id: string }[]).map((r) => r.id);
    expect(await ids("from=2019-06-10&to=2019-06-10")).toEqual([early.id]);
    expect(await ids("from=2019-06-11&to=2019-06-11")).toEqual([late.id]);
    expect(await ids("from=2019-06-01&to=2019-06-30")).toEqual([late.id, early.id]);
    expect(await ids("from=2019-06-01&to=2019-06-10")).toEqual([early.id]);

    const bad = await get("/return/get?from=2019-13-45", t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Data inválida. Use AAAA-MM-DD." });
  });

  it("applies a store's status and date filters to the returns it received", async () => {
    const store = await t.createStore("Loja Portão");
    const accepted = await createReturn();
    const refused = await createReturn();
    await put(accepted.id, store.token, { returnStatus: "Devolvido em loja física" });
    await put(refused.id, store.token, { returnStatus: "Devolução recusada", reasonForRefusal: "all" });
    await backdate(refused.id, new Date("2018-06-15T15:00:00.000Z"));
    const ids = async (query: string) => ((await get(`/return/get?${query}`, store.token)).json().returns as { id: string }[]).map((r) => r.id);
    expect(await ids("")).toEqual([accepted.id, refused.id]);
    expect(await ids(`status=${encodeURIComponent("Devolução recusada")}`)).toEqual([refused.id]);
    expect(await ids("from=2018-06-01&to=2018-06-30")).toEqual([refused.id]);
    expect(await ids(`search=${accepted.orderNumber}&status=${encodeURIComponent("Devolução recusada")}`)).toEqual([]);
  });

  it("searches by full CPF, with or without punctuation, or by the exact order number", async () => {
    const cpf = newCpf();
    const first = await createReturn({ customerCPF: cpf });
    const second = await createReturn({ customerCPF: digits(cpf) });
    await backdate(first.id, new Date(Date.now() - DAY));
    expect((await search(t.adminToken, cpf)).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await search(t.adminToken, digits(cpf))).map((r) => r.id)).toEqual([second.id, first.id]);
    expect((await search(t.adminToken, ` ${first.orderNumber} `)).map((r) => r.id)).toEqual([first.id]);
    expect(await search(t.adminToken, digits(cpf).slice(0, 6))).toEqual([]);
  });

  it("shows a store a search's pending returns and its own, never another store's", async () => {
    const cpf = newCpf();
    const pending = await createReturn({ customerCPF: cpf });
    const mine = await createReturn({ customerCPF: cpf });
    const theirs = await createReturn({ customerCPF: cpf });
    await put(mine.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    await put(theirs.id, storeB.token, { returnStatus: "Devolvido em loja física" });
    const found = (await search(storeA.token, cpf)).map((r) => r.id);
    expect(found.sort()).toEqual([pending.id, mine.id].sort());
  });

  it("pages newest first, with the total", async () => {
    const cpf = newCpf();
    const created = [];
    for (let i = 0; i < 5; i++) {
      const ret = await createReturn({ customerCPF: cpf });
      await backdate(ret.id, new Date(Date.UTC(2017, 0, 1 + i)));
      created.push(ret.id);
    }
    const newestFirst = [...created].reverse();
    const page = async (n: number, size: number) => (await get(`/return/get?search=${digits(cpf)}&page=${n}&pageSize=${size}`, t.adminToken)).json();
    const first = await page(1, 2);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.returns.map((r: { id: string }) => r.id)).toEqual(newestFirst.slice(0, 2));
    expect((await page(3, 2)).returns.map((r: { id: string }) => r.id)).toEqual(newestFirst.slice(4));
    expect((await page(4, 2)).returns).toEqual([]);
    const whole = (await get(`/return/get?search=${digits(cpf)}`, t.adminToken)).json();
    expect(whole).not.toHaveProperty("total");
    expect(whole.returns).toHaveLength(5);

    const bad = await get("/return/get?page=0", t.adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Página inválida." });
  });
});
