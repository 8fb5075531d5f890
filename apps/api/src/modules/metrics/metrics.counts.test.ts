import { describe, expect, it } from "vitest";
import { bearer, useTestApp } from "../../testing/test-app.js";

const t = useTestApp();

const call = async (token: string, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
};

describe("store metrics follow a list as the store works it", () => {
  it("counts the items separated and not found of a list created, ticked and finished through the API", async () => {
    const store = await t.createStore("Loja Contagem");
    const items = ["TENIS 40 111111-1A", "BOTA 38 222222-2B", "CHINELO 41 333333-3C", "SANDALIA 36 444444-4D"];
    const created = await call(t.adminToken, "POST", "/api/picklist/create", { destination: store.username, listItems: items });
    expect(created.status).toBe(201);
    const update = `/api/picklist/update/${created.body.picklist.id}`;
    expect((await call(store.token, "PUT", update, { currentStatus: "Em andamento" })).status).toBe(200);
    expect((await call(store.token, "PUT", update, { completedItems: items.slice(0, 3), uncompletedItems: items.slice(3) })).status).toBe(200);
    expect((await call(store.token, "PUT", update, { currentStatus: "Não concluído" })).status).toBe(200);

    const { body: list } = await call(t.adminToken, "GET", `/api/picklist/getId/${created.body.picklist.id}`);
    // A day either side: "today" in APP_TIMEZONE is one of these, whatever the hour in UTC.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const { status, body } = await call(store.token, "GET", `/api/metrics/stores?from=${day(-1)}&to=${day(1)}`);
    expect(status).toBe(200);
    expect(body.stores[0]).toMatchObject({
      store: store.username,
      picklistsSent: 1,
      picklistsFinished: 1,
      fillRate: list.picklist.completedItems.length / items.length,
      notFoundItems: list.picklist.uncompletedItems.length,
    });
    expect(list.picklist.uncompletedItems.length).toBeGreaterThan(0);
  });
});
