import { RETURN_STATUSES, completeCpf, formatCpf, type ReturnStatus } from "@passo/domain";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { returns } from "../../db/schema/index.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Batel");
});

let counter = 0;

/** A valid CPF, different on every call, formatted as a person types it. */
function newCpf(): string {
  return formatCpf(completeCpf(String(123456000 + ++counter * 7919).padStart(9, "0").slice(-9)));
}
const digits = (cpf: string) => cpf.replace(/\D/g, "");
const masked = (cpf: string) => `***.***.${digits(cpf).slice(6, 9)}-${digits(cpf).slice(9)}`;
const newOrderNumber = () => `PED${String(++counter).padStart(13, "0")}`;

function form(overrides: Record<string, unknown> = {}) {
  return {
    orderNumber: newOrderNumber(),
    customerFullName: "Maria da Silva",
    customerCPF: newCpf(),
    customerPhone: "(41) 99999-9999",
    customerEmail: "maria@example.com",
    returnItems: ["TENIS RUNNER 42 123456-7X"],
    ...overrides,
  };
}

const get = (url: string, token?: string) => t.app.inject({ method: "GET", url: `/api${url}`, headers: token ? bearer(token) : {} });
const put = (id: string, token: string | undefined, payload: unknown) =>
  t.app.inject({ method: "PUT", url: `/api/return/update/${id}`, headers: token ? bearer(token) : {}, payload: payload as object });
const del = (id: string, token?: string) => t.app.inject({ method: "DELETE", url: `/api/return/delete/${id}`, headers: token ? bearer(token) : {} });
const post = (payload: unknown, token?: string) =>
  t.app.inject({ method: "POST", url: "/api/return/create", headers: token ? bearer(token) : {}, payload: payload as object });

async function createReturn(overrides: Record<string, unknown> = {}) {
  const res = await post(form(overrides), t.adminToken);
  expect(res.statusCode).toBe(201);
  return res.json().return as Record<string, unknown> & { id: string; customerCPF: string; orderNumber: string };
}

/** A return in any state, written straight to the database as the flows would have left it. */
async function storedReturn(fields: Partial<typeof returns.$inferInsert> = {}) {
  const values = form();
  const [row] = await t.database.db
    .insert(returns)
    .values({ ...values, customerCPF: digits(values.customerCPF), ...fields })
    .returning();
  return row!;
}

const backdate = (id: string, dateOfCreation: Date) => t.database.db.update(returns).set({ dateOfCreation }).where(eq(returns.id, id));

async function search(token: string, term: string, extra = "") {
  const res = await get(`/return/get?search=${encodeURIComponent(term)}${extra}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().returns as { id: string; [k: string]: unknown }[];
}

describe("creating a return", () => {
  it("creates it pending, dated by the server, whatever the body says", async () => {
    const before = Date.now();
    const body = form({
      customerFullName: "  Ana Souza ",
      returnItems: [" SANDALIA 37 654321-0A "],
      dateOfCreation: "2020-01-01T00:00:00.000Z",
      returnStatus: "Devolução concluída",
      returnStore: "Loja Centro",
      dateOfReturn: "2020-01-02T00:00:00.000Z",
      transferNumber: "123456",
    });
    const res = await post(body, t.adminToken);
    expect(res.statusCode).toBe(201);
    const { message, return: created } = res.json();
    expect(message).toBe("Devolução criada com sucesso!");
    expect(created).toMatchObject({
      orderNumber: body.orderNumber,
      customerFullName: "Ana Souza",
      customerCPF: digits(body.customerCPF),
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      returnItems: ["SANDALIA 37 654321-0A"],
      returnStatus: "Devolução pendente",
      reasonForRefusal: "",
      returnStore: null,
      dateOfReturn: null,
      dateOfTransfer: null,
      transferNumber: null,
    });
    const createdAt = Date.parse(created.dateOfCreation);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ orderNumber: undefined }, "Informe o número do pedido."],
    [{ orderNumber: "PED123" }, "Número do pedido deve conter 16 caracteres."],
    [{ customerFullName: "" }, "Informe o nome do cliente."],
    [{ customerFullName: "Al" }, "O nome do cliente deve ter no mínimo 3 caracteres."],
    [{ customerCPF: undefined }, "Informe o CPF do cliente."],
    [{ customerCPF: "123.456.789" }, "CPF deve conter exatamente 11 dígitos."],
    [{ customerCPF: "123.456.789-00" }, "CPF inválido."],
    [{ customerCPF: "000.000.000-00" }, "CPF inválido."],
    [{ customerPhone: "" }, "Informe o telefone do cliente."],
    [{ customerPhone: "41999999999" }, "Formato de telefone inválido. Ex: (41) 99999-9999"],
    [{ customerEmail: undefined }, "Informe o e-mail do cliente."],
    [{ customerEmail: "maria.example.com" }, "Informe um e-mail válido."],
    [{ returnItems: [] }, "Informe ao menos um item no pedido."],
    [{ returnItems: ["   "] }, "Informe o item."],
    [{ returnStatus: "Devolvida" }, "Status da devolução inválido."],
  ])("refuses %o with the spec's message", async (change, error) => {
    const res = await post(form(change), t.adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("answers malformed bodies with a Portuguese 400", async () => {
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/return/create",
      headers: { ...bearer(t.adminToken), "content-type": "application/json" },
      payload: "{orderNumber:",
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: "O corpo da requisição não é um JSON válido." });
    const list = await post([form()], t.adminToken);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: "Dados da devolução inválidos." });
    const wrongTypes = await post(form({ returnItems: "TENIS" }), t.adminToken);
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toEqual({ error: "Informe ao menos um item no pedido." });
  });

  it("is for administrators only", async () => {
    expect((await post(form())).statusCode).toBe(401);
    const byStore = await post(form(), storeA.token);
    expect(byStore.statusCode).toBe(403);
    expect(byStore.json().error).toBe("Você não tem permissão para realizar esta ação.");
  });
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

describe("the central office's actions", () => {
  it("edits phone, e-mail and items of a pending return; omitted fields keep their values", async () => {
    const created = await createReturn();
    const res = await put(created.id, t.adminToken, { customerPhone: "(11) 98888-7777", returnItems: [" BOTA 40 ", "MEIA 39"] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Devolução atualizada com sucesso!");
    expect(res.json().return).toMatchObject({
      customerPhone: "(11) 98888-7777",
      customerEmail: "maria@example.com",
      returnItems: ["BOTA 40", "MEIA 39"],
      returnStatus: "Devolução pendente",
      orderNumber: created.orderNumber,
    });
    const email = await put(created.id, t.adminToken, { ...res.json().return, customerEmail: "nova@example.com" });
    expect(email.statusCode).toBe(200);
    expect(email.json().return).toMatchObject({ customerEmail: "nova@example.com", customerPhone: "(11) 98888-7777" });
  });

  it.each([
    [{ customerPhone: "" }, "Informe o telefone do cliente."],
    [{ customerPhone: "(41) 9999-9999" }, "Formato de telefone inválido. Ex: (41) 99999-9999"],
    [{ customerEmail: "" }, "Informe o e-mail do cliente."],
    [{ customerEmail: "nova@" }, "Informe um e-mail válido."],
    [{ returnItems: [] }, "Informe ao menos um item no pedido."],
    [{ returnStatus: "Cancelada" }, "Status da devolução inválido."],
  ])("validates the edit %o", async (change, error) => {
    const created = await createReturn();
    const res = await put(created.id, t.adminToken, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it("accepts the whole record sent back unchanged", async () => {
    const created = await createReturn();
    const res = await put(created.id, t.adminToken, created);
    expect(res.statusCode).toBe(200);
    expect(res.json().return).toEqual(created);
  });

  it("keeps order number, customer and CPF as created", async () => {
    const created = await createReturn();
    for (const change of [{ orderNumber: newOrderNumber() }, { customerFullName: "Outra Pessoa" }, { customerCPF: newCpf() }]) {
      const res = await put(created.id, t.adminToken, change);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "O número do pedido, o nome e o CPF do cliente não podem ser alterados." });
    }
  });

  it("edits only while the return is pending", async () => {
    const created = await createReturn();
    await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    const res = await put(created.id, t.adminToken, { customerPhone: "(11) 98888-7777" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Só é possível editar uma devolução pendente." });
  });

  it("records a store's decision only naming an existing store", async () => {
    const created = await createReturn();
    const missing = await put(created.id, t.adminToken, { returnStatus: "Devolvido em loja física" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: "Selecione a loja que recebeu a devolução." });
    for (const returnStore of ["Loja Fantasma", "Administrador"]) {
      const res = await put(created.id, t.adminToken, { returnStatus: "Devolvido em loja física", returnStore });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: "Loja não encontrada." });
    }
    const ok = await put(created.id, t.adminToken, { returnStatus: "Devolvido em loja física", returnStore: storeB.username });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().return).toMatchObject({ returnStatus: "Devolvido em loja física", returnStore: storeB.username, customerPhone: "(41) 99999-9999" });
    expect((await get(`/return/getId/${created.id}`, storeB.token)).statusCode).toBe(200);

    const refused = await createReturn();
    const refusal = await put(refused.id, t.adminToken, { returnStatus: "Devolução recusada", returnStore: storeA.username, reasonForRefusal: "Produto sem a caixa original" });
    expect(refusal.statusCode).toBe(200);
    expect(refusal.json().return).toMatchObject({ returnStatus: "Devolução recusada", returnStore: storeA.username, reasonForRefusal: "Produto sem a caixa original" });
  });

  it("expires a pending return only after 30 days, clearing its dates", async () => {
    const created = await createReturn();
    await backdate(created.id, new Date(Date.now() - 30 * DAY + 60_000));
    const early = await put(created.id, t.adminToken, { returnStatus: "Devolução expirada" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: "A devolução só pode ser expirada após 30 dias." });

    await backdate(created.id, new Date(Date.now() - 30 * DAY - 60_000));
    const res = await put(created.id, t.adminToken, { returnStatus: "Devolução expirada" });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Devolução expirada com sucesso!");
    expect(res.json().return).toMatchObject({ returnStatus: "Devolução expirada", dateOfReturn: null, dateOfTransfer: null, returnStore: null });
  });

  it("completes a received return with a transfer number holding six digits, dated by the server", async () => {
    const created = await createReturn();
    await put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" });
    for (const transferNumber of [undefined, "", "12345", "TR 12-345", "abcdef"]) {
      const res = await put(created.id, t.adminToken, { returnStatus: "Devolução concluída", transferNumber });
      expect(res.statusCode, String(transferNumber)).toBe(400);
      expect(res.json()).toEqual({ error: "O número da transferência deve conter 6 dígitos." });
    }
    const before = Date.now();
    const res = await put(created.id, t.adminToken, {
      returnStatus: "Devolução concluída",
      transferNumber: "  TR 123456 ",
      dateOfTransfer: "2020-01-01T00:00:00.000Z",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Devolução concluída com sucesso!");
    expect(res.json().return).toMatchObject({ returnStatus: "Devolução concluída", transferNumber: "TR 123456", returnStore: storeA.username });
    expect(Date.parse(res.json().return.dateOfTransfer)).toBeGreaterThanOrEqual(before);
    expect(res.json().return.dateOfReturn).not.toBeNull();

    const storeView = await get(`/return/getId/${created.id}`, storeA.token);
    expect(storeView.json().return).toMatchObject({ returnStatus: "Devolução concluída", transferNumber: "TR 123456" });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const unknown = await put("00000000-0000-4000-8000-000000000000", t.adminToken, { customerPhone: "(41) 98888-7777" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "Devolução não encontrada." });
    expect((await put("abc", t.adminToken, {})).statusCode).toBe(404);
    expect((await get("/return/getId/abc", t.adminToken)).statusCode).toBe(404);
    expect((await get("/return/getId/00000000-0000-4000-8000-000000000000", t.adminToken)).statusCode).toBe(404);
  });

  it("answers malformed update bodies with 400", async () => {
    const created = await createReturn();
    const empty = await t.app.inject({ method: "PUT", url: `/api/return/update/${created.id}`, headers: bearer(t.adminToken) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "Dados da devolução inválidos." });
    const list = await put(created.id, t.adminToken, [1, 2]);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: "Dados da devolução inválidos." });
    const store = await put(created.id, t.adminToken, { returnStatus: "Devolvido em loja física", returnStore: 42 });
    expect(store.statusCode).toBe(400);
    expect(store.json()).toEqual({ error: "Loja inválida." });
  });
});

describe("the transition table", () => {
  const ALLOWED_TO_ADMIN: Record<string, true> = {
    "Devolução pendente → Devolvido em loja física": true,
    "Devolução pendente → Devolução recusada": true,
    "Devolução pendente → Devolução expirada": true,
    "Devolvido em loja física → Devolução concluída": true,
  };

  /** What the screens send for each target: the store on a decision, the reason on a refusal, the number on completion. */
  const body = (to: ReturnStatus) => ({
    returnStatus: to,
    ...((to === "Devolvido em loja física" || to === "Devolução recusada") && { returnStore: "Loja Centro" }),
    ...(to === "Devolução recusada" && { reasonForRefusal: "all" }),
    ...(to === "Devolução concluída" && { transferNumber: "123456" }),
  });

  /** A store may take in or turn down a pending return; never expire or complete; an expired one was never its own. */
  function storeAnswer(from: ReturnStatus, to: ReturnStatus): number {
    const deciding = to === "Devolvido em loja física" || to === "Devolução recusada";
    if (from === "Devolução pendente") return deciding ? 200 : 403;
    if (from === "Devolução expirada") return deciding ? 409 : 404;
    return deciding || to === "Devolução pendente" ? 409 : 403;
  }

  /** In a state, as the flows leave it: received and refused ones by Loja Centro, all old enough to expire. */
  const inState = (from: ReturnStatus) =>
    storedReturn({
      returnStatus: from,
      dateOfCreation: new Date(Date.now() - 45 * DAY),
      returnStore: from === "Devolução pendente" || from === "Devolução expirada" ? null : "Loja Centro",
      reasonForRefusal: from === "Devolução recusada" ? "Produto com sinais de uso" : "",
      transferNumber: from === "Devolução concluída" ? "123456" : null,
    });

  for (const from of RETURN_STATUSES) {
    for (const to of RETURN_STATUSES.filter((s) => s !== from)) {
      const allowed = ALLOWED_TO_ADMIN[`${from} → ${to}`] === true;
      it(`administrator: "${from}" → "${to}" is ${allowed ? "allowed" : "refused with 409"}`, async () => {
        const row = await inState(from);
        const res = await put(row.id, t.adminToken, body(to));
        expect(res.statusCode, res.body).toBe(allowed ? 200 : 409);
        if (allowed) expect(res.json().return.returnStatus).toBe(to);
      });

      const storeExpected = storeAnswer(from, to);
      it(`Loja Centro: "${from}" → "${to}" answers ${storeExpected}`, async () => {
        const row = await inState(from);
        const res = await put(row.id, storeA.token, body(to));
        expect(res.statusCode, res.body).toBe(storeExpected);
      });
    }
  }
});

describe("deleting", () => {
  it("deletes a pending return", async () => {
    const created = await createReturn();
    const res = await del(created.id, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Devolução excluída com sucesso!" });
    expect((await get(`/return/getId/${created.id}`, t.adminToken)).statusCode).toBe(404);
    expect((await del(created.id, t.adminToken)).statusCode).toBe(404);
  });

  it.each(["Devolvido em loja física", "Devolução concluída", "Devolução expirada", "Devolução recusada"] as const)(
    "keeps a return in '%s'",
    async (returnStatus) => {
      const row = await storedReturn({ returnStatus, returnStore: "Loja Centro" });
      const res = await del(row.id, t.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: "Só é possível excluir uma devolução pendente." });
    },
  );

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await del("00000000-0000-4000-8000-000000000000", t.adminToken)).statusCode).toBe(404);
    expect((await del("not-an-id", t.adminToken)).statusCode).toBe(404);
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
