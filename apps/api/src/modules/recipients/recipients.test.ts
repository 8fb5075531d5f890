import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

async function createRecipient(payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/recipients/create", headers: bearer(t.adminToken), payload });
}

async function listRecipients(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/recipients/get${query}`, headers: bearer(t.adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("managing recipients", () => {
  it("creates a recipient, trimmed and with a lower-cased e-mail, and lists it by name", async () => {
    const res = await createRecipient({ username: "  Zélia Prado ", email: " Zelia@Passo.test ", role: "Supervisor" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: "Destinatário criado com sucesso!",
      recipient: { id: expect.any(String), username: "Zélia Prado", email: "zelia@passo.test", role: "Supervisor" },
    });
    await createRecipient({ username: "Alberto Lima", email: "alberto@passo.test", role: "Gerente" });
    const names = (await listRecipients()).recipients.map((r: { username: string }) => r.username);
    expect(names.indexOf("Alberto Lima")).toBeLessThan(names.indexOf("Zélia Prado"));
  });

  it("checks the form with the domain's messages", async () => {
    const valid = { username: "Beatriz", email: "beatriz@passo.test", role: "Gerente" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, username: "B" }, "O nome de usuário deve ter pelo menos 2 caracteres."],
      [{ ...valid, email: "" }, "Insira o e-mail"],
      [{ ...valid, email: "beatriz" }, "Por favor, insira um e-mail válido."],
      [{ ...valid, email: "beatriz@gmail.com" }, "O e-mail precisa ser da Calçados Teste"],
      [{ ...valid, role: undefined }, "Por favor, selecione o cargo do usuário."],
    ];
    for (const [payload, error] of cases) {
      const res = await createRecipient(payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });

  it("refuses a second recipient with the same name, whatever the case", async () => {
    await createRecipient({ username: "Carlos Dias", email: "carlos@passo.test", role: "Gerente" });
    const res = await createRecipient({ username: "carlos dias", email: "outro@passo.test", role: "Subgerente" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "Já existe um destinatário com este nome." });
  });

  it("searches name, e-mail and role, and pages the result with a total", async () => {
    for (const [username, email] of [
      ["Busca Um", "um.busca@passo.test"],
      ["Busca Dois", "dois.busca@passo.test"],
      ["Busca Três", "tres.busca@passo.test"],
    ]) {
      expect((await createRecipient({ username, email, role: "Subgerente" })).statusCode).toBe(201);
    }
    expect((await listRecipients("?search=busca")).recipients).toHaveLength(3);
    expect((await listRecipients("?search=TRES.BUSCA@")).recipients.map((r: { username: string }) => r.username)).toEqual(["Busca Três"]);
    expect((await listRecipients("?search=subgerente")).recipients.length).toBeGreaterThanOrEqual(3);
    expect((await listRecipients("?search=%25")).recipients).toHaveLength(0);
    const page = await listRecipients("?search=busca&page=2&pageSize=2");
    expect(page).toEqual({ recipients: [expect.objectContaining({ username: "Busca Um" })], total: 3, page: 2, pageSize: 2 });
  });

  it("updates a recipient with the same rules, keeping what the edit leaves out", async () => {
    const { recipient } = (await createRecipient({ username: "Diana", email: "diana@passo.test", role: "Gerente" })).json();
    const invalid = await t.app.inject({
      method: "PUT",
      url: `/api/recipients/update/${recipient.id}`,
      headers: bearer(t.adminToken),
      payload: { email: "diana@gmail.com" },
    });
    expect(invalid.json()).toEqual({ error: "O e-mail precisa ser da Calçados Teste" });
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/recipients/update/${recipient.id}`,
      headers: bearer(t.adminToken),
      payload: { username: " Diana Reis ", role: " Supervisor " },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Destinatário atualizado com sucesso!",
      recipient: { id: recipient.id, username: "Diana Reis", email: "diana@passo.test", role: "Supervisor" },
    });
  });

  it("refuses a rename onto another recipient's name and answers 404 for unknown ids", async () => {
    await createRecipient({ username: "Eva", email: "eva@passo.test", role: "Gerente" });
    const { recipient } = (await createRecipient({ username: "Fábio", email: "fabio@passo.test", role: "Gerente" })).json();
    const clash = await t.app.inject({
      method: "PUT",
      url: `/api/recipients/update/${recipient.id}`,
      headers: bearer(t.adminToken),
      payload: { username: "EVA" },
    });
    expect(clash.statusCode).toBe(409);
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["PUT", `/api/recipients/update/${unknown}`],
      ["DELETE", `/api/recipients/delete/${unknown}`],
      ["DELETE", "/api/recipients/delete/nao-e-id"],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(t.adminToken), payload: { role: "Gerente" } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it("deletes a recipient no store notification names", async () => {
    const { recipient } = (await createRecipient({ username: "Gustavo", email: "gustavo@passo.test", role: "Gerente" })).json();
    const res = await t.app.inject({ method: "DELETE", url: `/api/recipients/delete/${recipient.id}`, headers: bearer(t.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Destinatário excluído com sucesso!" });
    expect((await listRecipients()).recipients.map((r: { id: string }) => r.id)).not.toContain(recipient.id);
  });
});

describe("recipients named by a store's notification", () => {
  it("cannot be deleted while a notification names them, as supervisor, manager or assistant manager", async () => {
    const store = await t.createStore("Loja Norte");
    const supervisor = (await createRecipient({ username: "Helena", email: "helena@passo.test", role: "Supervisor" })).json().recipient;
    const manager = (await createRecipient({ username: "Igor", email: "igor@passo.test", role: "Gerente" })).json().recipient;
    const assistant = (await createRecipient({ username: "Júlia", email: "julia@passo.test", role: "Subgerente" })).json().recipient;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/notifications/create",
      headers: bearer(t.adminToken),
      payload: { store: store.username, supervisor: "Helena", manager: "Igor", assistantManager: "Júlia" },
    });
    expect(created.statusCode).toBe(201);
    for (const [recipient, label] of [
      [supervisor, "Supervisor"],
      [manager, "Gerente"],
      [assistant, "Subgerente"],
    ] as const) {
      const res = await t.app.inject({ method: "DELETE", url: `/api/recipients/delete/${recipient.id}`, headers: bearer(t.adminToken) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: `Este destinatário é o ${label} da notificação da loja Loja Norte. Altere essa notificação antes de excluí-lo.`,
      });
    }
  });

  it("carry a new name over to the notifications that name them", async () => {
    const store = await t.createStore("Loja Sul");
    const supervisor = (await createRecipient({ username: "Kátia", email: "katia@passo.test", role: "Supervisor" })).json().recipient;
    await createRecipient({ username: "Leo", email: "leo@passo.test", role: "Gerente" });
    await t.app.inject({
      method: "POST",
      url: "/api/notifications/create",
      headers: bearer(t.adminToken),
      payload: { store: store.username, supervisor: "Kátia", manager: "Leo", assistantManager: "kátia" },
    });
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/recipients/update/${supervisor.id}`,
      headers: bearer(t.adminToken),
      payload: { username: "Kátia Moura", email: "katia@passo.test", role: "Supervisor" },
    });
    expect(renamed.statusCode).toBe(200);
    const list = await t.app.inject({ method: "GET", url: "/api/notifications/get?search=Loja%20Sul", headers: bearer(t.adminToken) });
    expect(list.json().notifications).toEqual([expect.objectContaining({ store: "Loja Sul", supervisor: "Kátia Moura", manager: "Leo", assistantManager: "Kátia Moura" })]);
  });
});

describe("who may manage recipients", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const routes = [
    ["GET", "/api/recipients/get"],
    ["POST", "/api/recipients/create"],
    ["PUT", `/api/recipients/update/${id}`],
    ["DELETE", `/api/recipients/delete/${id}`],
  ] as const;

  it("turns a store away with 403 and an anonymous caller with 401", async () => {
    const store = await t.createStore();
    for (const [method, url] of routes) {
      const asStore = await t.app.inject({ method, url, headers: bearer(store.token), payload: {} });
      expect(asStore.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
