import { RETURN_STATUSES, type ReturnStatus } from "@passo/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, returnsKit } from "../../testing/returns.js";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();
const { newCpf, digits, newOrderNumber, form, get, put, del, post, createReturn, storedReturn, backdate } = returnsKit(t);

let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
beforeAll(async () => {
  storeA = await t.createStore("Loja Centro");
  storeB = await t.createStore("Loja Batel");
});

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
  ])("refuses %o with the rule's message", async (change, error) => {
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
