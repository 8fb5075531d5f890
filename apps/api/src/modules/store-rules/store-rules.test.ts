import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN, bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

function createRule(payload: Record<string, unknown>) {
  return t.app.inject({ method: "POST", url: "/api/notifications/create", headers: bearer(t.adminToken), payload });
}

function updateRule(id: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/api/notifications/update/${id}`, headers: bearer(t.adminToken), payload });
}

beforeAll(async () => {
  for (const [username, role] of [
    ["Ana Supervisora", "Supervisor"],
    ["Bruno Gerente", "Gerente"],
    ["Carla Subgerente", "Subgerente"],
    ["Davi Gerente", "Gerente"],
  ]) {
    const email = `${username.split(" ")[0]!.toLowerCase()}@passo.test`;
    const res = await t.app.inject({ method: "POST", url: "/api/recipients/create", headers: bearer(t.adminToken), payload: { username, email, role } });
    expect(res.statusCode).toBe(201);
  }
});

describe("a store's notification", () => {
  it("is created for a store with its supervisor, manager and assistant manager", async () => {
    const store = await t.createStore("Loja Centro");
    const res = await createRule({
      store: store.username,
      supervisor: "Ana Supervisora",
      manager: "bruno gerente",
      assistantManager: "Carla Subgerente",
      notificationPicklist: true,
      notificationPickup: false,
      notificationReturn: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: "Notificação criada com sucesso!",
      notification: {
        id: expect.any(String),
        store: "Loja Centro",
        supervisor: "Ana Supervisora",
        manager: "Bruno Gerente",
        assistantManager: "Carla Subgerente",
        notificationPicklist: true,
        notificationPickup: false,
        notificationReturn: true,
      },
    });
  });

  it("needs a store, a supervisor and a manager, with the domain's messages", async () => {
    const store = await t.createStore();
    const valid = { store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, store: "" }, "Selecione uma Loja"],
      [{ ...valid, supervisor: undefined }, "Selecione um Supervisor"],
      [{ ...valid, manager: "  " }, "Selecione um Gerente"],
    ];
    for (const [payload, error] of cases) {
      const res = await createRule(payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });

  it("names an existing store and existing recipients", async () => {
    const store = await t.createStore();
    const admin = await t.createUserAndLogin("Outro Administrador", ADMIN);
    const valid = { store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, store: "Loja Inexistente" }, "Selecione uma Loja"],
      [{ ...valid, store: admin.username }, "Selecione uma Loja"],
      [{ ...valid, supervisor: "Ninguém" }, "Selecione um Supervisor"],
      [{ ...valid, manager: "Ninguém" }, "Selecione um Gerente"],
      [
        { ...valid, assistantManager: "Ninguém" },
        "Subgerente não encontrado entre os destinatários. Selecione um destinatário cadastrado ou deixe o campo vazio.",
      ],
    ];
    for (const [payload, error] of cases) {
      const res = await createRule(payload);
      expect(res.statusCode, error).toBe(400);
      expect(res.json()).toEqual({ error });
    }
  });

  it("leaves the assistant manager out and the flags off unless given", async () => {
    const store = await t.createStore();
    const res = await createRule({ store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente", assistantManager: "" });
    expect(res.json().notification).toMatchObject({
      assistantManager: null,
      notificationPicklist: false,
      notificationPickup: false,
      notificationReturn: false,
    });
  });

  it("is one per store", async () => {
    const store = await t.createStore();
    const rule = { store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" };
    expect((await createRule(rule)).statusCode).toBe(201);
    const again = await createRule({ ...rule, store: store.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: "Já existe uma notificação para esta loja." });
  });

  it("is edited field by field, and the whole record sent back is accepted", async () => {
    const store = await t.createStore();
    const { notification } = (
      await createRule({ store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente", assistantManager: "Carla Subgerente" })
    ).json();
    const partial = await updateRule(notification.id, { manager: "Davi Gerente", notificationPickup: true });
    expect(partial.statusCode).toBe(200);
    expect(partial.json()).toEqual({
      message: "Notificação atualizada com sucesso!",
      notification: { ...notification, manager: "Davi Gerente", notificationPickup: true },
    });
    const whole = await updateRule(notification.id, { ...partial.json().notification, assistantManager: null, notificationReturn: true });
    expect(whole.json().notification).toEqual({ ...notification, manager: "Davi Gerente", assistantManager: null, notificationPickup: true, notificationReturn: true });
  });

  it("checks an edit like a creation", async () => {
    const taken = await t.createStore();
    await createRule({ store: taken.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" });
    const store = await t.createStore();
    const { notification } = (await createRule({ store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" })).json();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ supervisor: "" }, 400, "Selecione um Supervisor"],
      [{ manager: "Ninguém" }, 400, "Selecione um Gerente"],
      [{ store: "Loja Inexistente" }, 400, "Selecione uma Loja"],
      [{ store: taken.username }, 409, "Já existe uma notificação para esta loja."],
    ];
    for (const [payload, status, error] of cases) {
      const res = await updateRule(notification.id, payload);
      expect(res.statusCode, error).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    const unknown = await updateRule("00000000-0000-4000-8000-000000000000", { notificationPicklist: true });
    expect(unknown.statusCode).toBe(404);
  });

  it("is deleted, and then no longer found", async () => {
    const store = await t.createStore();
    const { notification } = (await createRule({ store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" })).json();
    const del = await t.app.inject({ method: "DELETE", url: `/api/notifications/delete/${notification.id}`, headers: bearer(t.adminToken) });
    expect(del.json()).toEqual({ message: "Notificação excluída com sucesso!" });
    const again = await t.app.inject({ method: "DELETE", url: `/api/notifications/delete/${notification.id}`, headers: bearer(t.adminToken) });
    expect(again.statusCode).toBe(404);
  });
});

describe("the list of store notifications", () => {
  it("is ordered by store, searched by store only, and paged with a total", async () => {
    for (const name of ["Filial Beta", "Filial Alfa", "Filial Gama"]) {
      const store = await t.createStore(name);
      await createRule({ store: store.username, supervisor: "Ana Supervisora", manager: "Bruno Gerente" });
    }
    const get = async (query: string) =>
      (await t.app.inject({ method: "GET", url: `/api/notifications/get${query}`, headers: bearer(t.adminToken) })).json();
    const stores = (await get("?search=filial")).notifications.map((n: { store: string }) => n.store);
    expect(stores).toEqual(["Filial Alfa", "Filial Beta", "Filial Gama"]);
    expect((await get("?search=Ana%20Supervisora")).notifications).toEqual([]);
    expect(await get("?search=filial&page=1&pageSize=2")).toMatchObject({ total: 3, page: 1, pageSize: 2, notifications: [{ store: "Filial Alfa" }, { store: "Filial Beta" }] });
    expect((await get("")).notifications.length).toBeGreaterThanOrEqual(3);
  });
});

describe("who may manage store notifications", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const routes = [
    ["GET", "/api/notifications/get"],
    ["POST", "/api/notifications/create"],
    ["PUT", `/api/notifications/update/${id}`],
    ["DELETE", `/api/notifications/delete/${id}`],
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
