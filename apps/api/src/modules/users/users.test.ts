import { describe, expect, it } from "vitest";
import { ADMIN, ADMIN_EMAIL, ADMIN_PASSWORD, STORE, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

describe("signing in", () => {
  it("gives the first administrator a token and the user", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: ADMIN_EMAIL, role: ADMIN, username: "Administrador" });
    expect(res.json().token).toMatch(/^ey/);
  });

  it("refuses a wrong password and an unknown e-mail with the same 401 message", async () => {
    const wrong = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: "senha-errada" } });
    const unknown = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "ninguem@passo.test", password: "senha-errada" } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe("E-mail ou senha inválidos.");
  });

  it("validates the login form with the domain's messages", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: { email: "não-é-email", password: "12345678" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "E-mail inválido" });
  });

  it("answers malformed JSON with a Portuguese 400, not a 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: "{email:",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "O corpo da requisição não é um JSON válido." });
  });

  it("validates a token and rejects a forged one", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: t.adminToken } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.role).toBe(ADMIN);
    const forged = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: `${t.adminToken}x` } });
    expect(forged.statusCode).toBe(401);
  });

  it("asks for a token on every other call", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/users/get" });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe("Autenticação necessária.");
    const bad = await t.app.inject({ method: "GET", url: "/api/users/get", headers: bearer("abc.def.ghi") });
    expect(bad.statusCode).toBe(401);
  });
});

describe("managing users", () => {
  it("creates a store with the default role and lists it", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/create",
      headers: bearer(t.adminToken),
      payload: { username: "  Loja Centro  ", email: "Centro@Passo.test", password: "12345678" },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: "Usuário criado com sucesso!", user: { username: "Loja Centro", email: "centro@passo.test", role: STORE } });
    const list = await t.app.inject({ method: "GET", url: `/api/users/get?role=${encodeURIComponent(STORE)}`, headers: bearer(t.adminToken) });
    expect(list.json().users.map((u: { username: string }) => u.username)).toContain("Loja Centro");
    expect(list.json().users.every((u: { role: string }) => u.role === STORE)).toBe(true);
    expect(JSON.stringify(list.json())).not.toContain("password");
  });

  it("requires the company's e-mail domain and a long enough password", async () => {
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/users/create",
      headers: bearer(t.adminToken),
      payload: { username: "Loja X", email: "x@gmail.com", password: "12345678", role: STORE },
    });
    expect(foreign.json()).toEqual({ error: "O e-mail precisa ser da Calçados Teste" });
    const short = await t.app.inject({
      method: "POST",
      url: "/api/users/create",
      headers: bearer(t.adminToken),
      payload: { username: "Loja X", email: "x@passo.test", password: "1234567", role: STORE },
    });
    expect(short.json()).toEqual({ error: "A senha deve ter pelo menos 8 caracteres" });
  });

  it("refuses a second user with the same e-mail or name with 409", async () => {
    await t.createStore("Loja Duplicada");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/users/create",
      headers: bearer(t.adminToken),
      payload: { username: "loja duplicada", email: "outra@passo.test", password: "12345678", role: STORE },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("Já existe um usuário com este nome.");
  });

  it("keeps the username read-only on edit and updates the rest", async () => {
    const store = await t.createStore("Loja Editável");
    const renamed = await t.app.inject({
      method: "PUT",
      url: `/api/users/update/${store.id}`,
      headers: bearer(t.adminToken),
      payload: { username: "Outro Nome" },
    });
    expect(renamed.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/users/update/${store.id}`,
      headers: bearer(t.adminToken),
      payload: { username: "Loja Editável", email: "editavel@passo.test" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe("editavel@passo.test");
  });

  it("deletes a user, whose token then stops working, and answers 404 for unknown ids", async () => {
    const store = await t.createStore("Loja Fechada");
    const del = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${store.id}`, headers: bearer(t.adminToken) });
    expect(del.json()).toEqual({ message: "Usuário excluído com sucesso!" });
    const again = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${store.id}`, headers: bearer(t.adminToken) });
    expect(again.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: "DELETE", url: "/api/users/delete/../../etc", headers: bearer(t.adminToken) });
    expect(garbage.statusCode).toBe(404);
    const withOldToken = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: store.token } });
    expect(withOldToken.statusCode).toBe(401);
  });

  it("never lets a store near the user settings", async () => {
    const store = await t.createStore();
    for (const [method, url] of [
      ["GET", "/api/users/get"],
      ["POST", "/api/users/create"],
      ["PUT", `/api/users/update/${store.id}`],
      ["DELETE", `/api/users/delete/${store.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(store.token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe("changing one's password", () => {
  it("needs the current password, matching confirmation, and invalidates older tokens", async () => {
    const store = await t.createStore("Loja Senha");
    const mismatch = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${store.id}`,
      headers: bearer(store.token),
      payload: { password: "senha-da-loja", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-2" },
    });
    expect(mismatch.json()).toEqual({ error: "As senhas não coincidem" });
    const wrongCurrent = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${store.id}`,
      headers: bearer(store.token),
      payload: { password: "errada-errada", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-1" },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${store.id}`,
      headers: bearer(store.token),
      payload: { password: "senha-da-loja", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-1" },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe("Senha alterada com sucesso!");
    const old = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: store.token } });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({ method: "POST", url: "/api/auth/validate-token", payload: { token: ok.json().token } });
    expect(fresh.statusCode).toBe(200);
  });

  it("cannot change someone else's password", async () => {
    const a = await t.createStore();
    const b = await t.createStore();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${b.id}`,
      headers: bearer(a.token),
      payload: { password: "senha-da-loja", newPassword: "nova-senha-1", confirmNewPassword: "nova-senha-1" },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe("closing a store", () => {
  it("removes the store's notification rule with its account", async () => {
    const store = await t.createStore("Loja Encerrada");
    const admin = bearer(t.adminToken);
    for (const [username, role] of [
      ["Supervisora Ana", "Supervisor"],
      ["Gerente Bruno", "Gerente"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/recipients/create",
        headers: admin,
        payload: { username, email: `${username.split(" ")[1]!.toLowerCase()}@passo.test`, role },
      });
      expect(res.statusCode).toBe(201);
    }
    const rule = await t.app.inject({
      method: "POST",
      url: "/api/notifications/create",
      headers: admin,
      payload: { store: "Loja Encerrada", supervisor: "Supervisora Ana", manager: "Gerente Bruno", notificationPicklist: true },
    });
    expect(rule.statusCode).toBe(201);

    const del = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${store.id}`, headers: admin });
    expect(del.statusCode).toBe(200);
    const rules = await t.app.inject({ method: "GET", url: "/api/notifications/get", headers: admin });
    expect(rules.json().notifications.map((n: { store: string }) => n.store)).not.toContain("Loja Encerrada");
  });
});
