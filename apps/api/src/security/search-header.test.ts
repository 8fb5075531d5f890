import { SEARCH_HEADER } from "@passo/domain";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { pickupsKit } from "../testing/pickups.js";
import { bearer, useTestApp } from "../testing/test-app.js";

const t = useTestApp();
let store: { username: string; token: string };
let invoice: string;
const kit = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));

const get = (url: string, headers: Record<string, string> = {}, token = t.adminToken) =>
  t.app.inject({ method: "GET", url: `/api${url}`, headers: { ...bearer(token), ...headers } });

beforeAll(async () => {
  store = await t.createStore("Loja Pesquisa");
  invoice = await t.uploadInvoice();
  await kit.createPickup({ customerFullName: "Maria da Silva", customerCPF: "529.982.247-25" });
  await kit.createPickup({ customerFullName: "João Souza", customerCPF: "111.444.777-35" });
  const ret = { orderNumber: "PED0000000000900", customerFullName: "Maria da Silva", customerCPF: "529.982.247-25", customerPhone: "(41) 99999-9999", customerEmail: "maria@example.com", returnItems: ["TENIS 42"] };
  expect((await t.app.inject({ method: "POST", url: "/api/return/create", headers: bearer(t.adminToken), payload: ret })).statusCode).toBe(201);
});

describe("a CPF search in the X-Search header, out of the URL", () => {
  it("finds the pickups and returns of a CPF as ?search= does, the old way still read", async () => {
    const byHeader = (await get("/pickup/get", { [SEARCH_HEADER]: "529.982.247-25" })).json().pickups;
    const byQuery = (await get("/pickup/get?search=52998224725")).json().pickups;
    expect(byHeader.map((p: { customerFullName: string }) => p.customerFullName)).toEqual(["Maria da Silva"]);
    expect(byHeader).toEqual(byQuery);
    const returns = (await get("/return/get", { [SEARCH_HEADER]: "52998224725" })).json().returns;
    expect(returns).toHaveLength(1);
    // A store's search for pending returns reads the header too.
    expect((await get("/return/get", { [SEARCH_HEADER]: "52998224725" }, store.token)).json().returns).toHaveLength(1);
    expect((await get("/return/get", {}, store.token)).json().returns).toHaveLength(0);
  });

  it("filters the CSV exports, and is read percent-encoded (a name with accents)", async () => {
    const csv = (await get("/pickup/export", { [SEARCH_HEADER]: "111.444.777-35" })).body;
    expect(csv).toContain("João Souza");
    expect(csv).not.toContain("Maria da Silva");
    expect((await get("/return/export", { [SEARCH_HEADER]: "52998224725" })).body).toContain("Maria da Silva");
    const recipients = await get("/recipients/get", { [SEARCH_HEADER]: encodeURIComponent("ção") });
    expect(recipients.statusCode).toBe(200);
  });

  it("answers a header that is not percent-encoded text, or too long, with a Portuguese 400", async () => {
    const bad = await get("/pickup/get", { [SEARCH_HEADER]: "%E0%A4%A" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: "Pesquisa inválida." });
    const long = await get("/pickup/get", { [SEARCH_HEADER]: "1".repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: "Pesquisa inválida." });
  });

  it("never answers 5xx, whatever the header holds, on every route that reads a search", async () => {
    const routes = ["/pickup/get", "/return/get", "/pickup/export", "/return/export", "/recipients/get", "/notifications/get"];
    const header = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }).map(encodeURIComponent), fc.constantFrom("%", "%%", "%C0%AF", "%00", "%E2%80%AE", "%ED%A0%80"));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), header, async (route, value) => {
        // A header holds visible ASCII and spaces only (light-my-request refuses the rest, as Node does).
        const safe = value.replace(/[^\x20-\x7E]/g, "");
        const res = await get(route, { [SEARCH_HEADER]: safe });
        expect(res.statusCode, `${route} ${JSON.stringify(safe)}: ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(typeof res.json().error).toBe("string");
      }),
      { numRuns: 60 },
    );
  });
});
