import { STORE } from "@passo/domain";
import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { picklists, pickups, returns, users } from "../db/schema/index.js";
import { NUL_TEXT_ERROR } from "../lib/nul-guard.js";
import { pickupsKit } from "../testing/pickups.js";
import { bearer, useTestApp } from "../testing/test-app.js";

const t = useTestApp();
let store: { username: string; token: string };
let invoice: string;
const kit = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: invoice }));

beforeAll(async () => {
  store = await t.createStore("Loja Texto");
  invoice = await t.uploadInvoice();
});

const post = (url: string, payload: object) => t.app.inject({ method: "POST", url: `/api${url}`, headers: bearer(t.adminToken), payload });
const rows = async () => ({
  pickups: (await t.database.db.select({ n: count() }).from(pickups))[0]!.n,
  returns: (await t.database.db.select({ n: count() }).from(returns))[0]!.n,
  picklists: (await t.database.db.select({ n: count() }).from(picklists))[0]!.n,
  users: (await t.database.db.select({ n: count() }).from(users))[0]!.n,
});

/** A bidi override, a bidi isolate, a C0 control, a C1 control, a line break, and a lone surrogate (half a character). */
const LONE_SURROGATE = "Maria \uD800";
const UNSAFE = ["Maria \u202Eavlis", "Maria \u2067x\u2069", "Maria\u0007", "Maria\u009BSilva", "Maria\nSilva", LONE_SURROGATE];

/**
 * The field's own message; a lone surrogate is refused before any schema reads the body, by the guard
 * that refuses NUL too (lib/nul-guard.ts), with its one message for every text.
 */
const refusal = (bad: string, message: string) => ({ error: bad === LONE_SURROGATE ? NUL_TEXT_ERROR : message });

describe("names and items are plain text", () => {
  it("a pickup's customer, third party or item with a bidi override, a control character or a lone surrogate is a Portuguese 400, and nothing is written", async () => {
    const before = await rows();
    for (const bad of UNSAFE) {
      for (const [field, message] of [
        [{ customerFullName: bad }, "O nome do cliente tem caracteres não permitidos."],
        [{ authorizedThirdPartyPickup: true, authorizedThirdPartyFullName: bad, authorizedThirdPartyCPF: "111.444.777-35" }, "O nome do terceiro tem caracteres não permitidos."],
        [{ orderItems: ["TENIS 42", `${bad} 42`] }, "O item tem caracteres não permitidos."],
      ] as const) {
        const res = await kit.create(kit.form(field));
        expect(res.statusCode, `${JSON.stringify(bad)} ${res.body}`).toBe(400);
        expect(res.json()).toEqual(refusal(bad, message));
      }
    }
    expect(await rows()).toEqual(before);
  });

  it("so are a return's, a list's, a user's and a recipient's", async () => {
    const before = await rows();
    for (const bad of UNSAFE) {
      const ret = { orderNumber: "PED0000000000777", customerFullName: "Maria da Silva", customerCPF: "529.982.247-25", customerPhone: "(41) 99999-9999", customerEmail: "maria@example.com", returnItems: ["TENIS 42"] };
      expect((await post("/return/create", { ...ret, customerFullName: bad })).json()).toEqual(refusal(bad, "O nome do cliente tem caracteres não permitidos."));
      const item = await post("/return/create", { ...ret, returnItems: [bad] });
      expect(item.statusCode).toBe(400);
      expect(item.json()).toEqual(refusal(bad, "O item tem caracteres não permitidos."));
      const list = await post("/picklist/create", { destination: store.username, listItems: [`${bad} 38`] });
      expect(list.statusCode).toBe(400);
      expect(list.json()).toEqual(refusal(bad, "O item tem caracteres não permitidos."));
      const user = await post("/users/create", { username: `Loja ${bad}`, email: "loja.texto2@passo.test", password: "senha-da-loja", role: STORE });
      expect(user.statusCode).toBe(400);
      expect(user.json()).toEqual(refusal(bad, "O nome de usuário tem caracteres não permitidos."));
      const recipient = await post("/recipients/create", { username: `Ana ${bad}`, email: "ana.texto@passo.test", role: "Supervisor" });
      expect(recipient.statusCode).toBe(400);
      expect(recipient.json()).toEqual(refusal(bad, "O nome de usuário tem caracteres não permitidos."));
    }
    expect(await rows()).toEqual(before);
  });

  it("a lone UTF-16 surrogate in an item, sent as JSON's \\ud800, is a 400: neither stored mangled nor a 500", async () => {
    for (const [url, payload] of [
      ["/pickup/create", kit.form({ orderItems: ["TENIS \uDBFF 42"] })],
      ["/return/create", { orderNumber: "PED0000000000778", customerFullName: "Maria da Silva", customerCPF: "529.982.247-25", customerPhone: "(41) 99999-9999", customerEmail: "maria@example.com", returnItems: ["\uDC00"] }],
      ["/picklist/create", { destination: store.username, listItems: ["BOTA \uD83D"] }],
    ] as const) {
      const body = JSON.stringify(payload);
      expect(body).toMatch(/\\ud[89a-f][0-9a-f]{2}/);
      const res = await t.app.inject({ method: "POST", url: `/api${url}`, headers: { ...bearer(t.adminToken), "content-type": "application/json" }, payload: body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: NUL_TEXT_ERROR });
    }
  });

  it("keeps accents, emoji and a formula-like name (the CSV neutralises it)", async () => {
    const pickup = await kit.createPickup({ customerFullName: '=HYPERLINK("http://x") Zoë 👟', orderItems: ["TÊNIS ÇÃO 42"] });
    expect(pickup.customerFullName).toBe('=HYPERLINK("http://x") Zoë 👟');
  });
});
