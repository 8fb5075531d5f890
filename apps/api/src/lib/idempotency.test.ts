import { randomUUID } from "node:crypto";
import { ADMIN } from "@passo/domain";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app/app.js";
import { idempotencyKeys, picklists, pickups, uploads } from "../db/schema/index.js";
import { pickupsKit } from "../testing/pickups.js";
import { TINY_PDF, bearer, useTestApp } from "../testing/test-app.js";
import { IDEMPOTENCY_MESSAGES, deleteExpiredIdempotencyKeys } from "./idempotency.js";

const t = useTestApp();

const withKey = (key: string, token = t.adminToken) => ({ ...bearer(token), "idempotency-key": key });

async function countLists(item: string): Promise<number> {
  const rows = await t.database.db.select({ id: picklists.id }).from(picklists).where(sql`${picklists.listItems} @> array[${item}]::text[]`);
  return rows.length;
}

function createList(item: string, key?: string, destination?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/picklist/create",
    headers: key ? withKey(key) : bearer(t.adminToken),
    payload: { destination: destination ?? store.username, listItems: [item] },
  });
}

let store: { username: string };
beforeAll(async () => {
  store = await t.createStore("Loja Idempotente");
});

describe("Idempotency-Key on creations", () => {
  it("answers a repeated creation with the first answer and creates nothing more", async () => {
    const key = randomUUID();
    const first = await createList("TENIS IDEMPOTENTE 111111-11", key);
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await createList("TENIS IDEMPOTENTE 111111-11", key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(again.body).toBe(first.body);
    expect(await countLists("TENIS IDEMPOTENTE 111111-11")).toBe(1);
  });

  it("creates twice without a key, as before", async () => {
    expect((await createList("TENIS SEM CHAVE 222222-22")).statusCode).toBe(201);
    expect((await createList("TENIS SEM CHAVE 222222-22")).statusCode).toBe(201);
    expect(await countLists("TENIS SEM CHAVE 222222-22")).toBe(2);
  });

  it("refuses the same key with another body (422) and creates nothing", async () => {
    const key = randomUUID();
    expect((await createList("TENIS PRIMEIRO 333333-33", key)).statusCode).toBe(201);
    const other = await createList("TENIS OUTRO 444444-44", key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.otherBody });
    expect(await countLists("TENIS OUTRO 444444-44")).toBe(0);
    // The same key on another route is another body too.
    const elsewhere = await t.app.inject({
      method: "POST",
      url: "/api/recipients/create",
      headers: withKey(key),
      payload: { username: "Pessoa Chave", email: "pessoa.chave@passo.test", role: "Supervisor" },
    });
    expect(elsewhere.statusCode).toBe(422);
  });

  it("reads the same body with its fields in another order as the same body", async () => {
    const key = randomUUID();
    const a = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: withKey(key), payload: { destination: store.username, listItems: ["ORDEM 555555-55"] } });
    const b = await t.app.inject({
      method: "POST",
      url: "/api/picklist/create",
      headers: { ...withKey(key), "content-type": "application/json" },
      payload: `{"listItems":["ORDEM 555555-55"],"destination":"${store.username}"}`,
    });
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().picklist.id).toBe(a.json().picklist.id);
  });

  it("leaves no key behind when the creation is refused: the corrected body may use it", async () => {
    const key = randomUUID();
    const refused = await createList("TENIS LOJA ERRADA 666666-66", key, "Loja Que Nao Existe");
    expect(refused.statusCode).toBe(400);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const fixed = await createList("TENIS LOJA ERRADA 666666-66", key);
    expect(fixed.statusCode).toBe(201);
  });

  it("keeps each caller's keys apart", async () => {
    const other = await t.createUserAndLogin("Outro Administrador", ADMIN);
    const key = randomUUID();
    expect((await createList("TENIS DE DOIS 777777-77", key)).statusCode).toBe(201);
    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/picklist/create",
      headers: withKey(key, other.token),
      payload: { destination: store.username, listItems: ["TENIS DE DOIS 777777-77"] },
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countLists("TENIS DE DOIS 777777-77")).toBe(2);
  });

  it("refuses a key that is not plain visible text", async () => {
    const res = await createList("TENIS CHAVE RUIM 888888-88", "chave com espaços");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: IDEMPOTENCY_MESSAGES.invalidKey });
    expect((await createList("TENIS CHAVE RUIM 888888-88", "x".repeat(256))).statusCode).toBe(400);
  });

  it("two requests with one key at once: one record, both told about it", async () => {
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => createList("TENIS CORRIDA 999999-99", key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().picklist.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers["idempotent-replayed"] === "true")).toHaveLength(2);
    expect(await countLists("TENIS CORRIDA 999999-99")).toBe(1);
  });

  it("replays across processes and restarts: the key lives in the database", async () => {
    const key = randomUUID();
    const first = await createList("TENIS REINICIO 101010-10", key);
    const restarted = await buildApp({ config: t.config, database: t.database });
    try {
      const again = await restarted.inject({
        method: "POST",
        url: "/api/picklist/create",
        headers: withKey(key),
        payload: { destination: store.username, listItems: ["TENIS REINICIO 101010-10"] },
      });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
    } finally {
      await restarted.close();
    }
    expect(await countLists("TENIS REINICIO 101010-10")).toBe(1);
  });

  it("forgets a key after 24 hours: the same key then creates again", async () => {
    const key = randomUUID();
    const first = await createList("TENIS ONTEM 121212-12", key);
    await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, key));
    const later = await createList("TENIS ONTEM 121212-12", key);
    expect(later.statusCode).toBe(201);
    expect(later.json().picklist.id).not.toBe(first.json().picklist.id);
    const stale = randomUUID();
    await createList("TENIS VELHO 131313-13", stale);
    await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, stale));
    expect(await deleteExpiredIdempotencyKeys(t.database.db)).toBe(1);
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, stale))).toEqual([]);
  });

  it("holds for the NF-e upload, the pickup, the return, the user and the store rule", async () => {
    const upload = async (key: string) => {
      const form = new FormData();
      form.append("invoiceFileName", new Blob([TINY_PDF], { type: "application/pdf" }), "nota.pdf");
      const body = new Response(form);
      return t.app.inject({
        method: "POST",
        url: "/api/uploads/nfe",
        headers: { ...withKey(key), "content-type": body.headers.get("content-type")! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
    };
    const uploadKey = randomUUID();
    const before = (await t.database.db.select({ name: uploads.name }).from(uploads)).length;
    const firstUpload = await upload(uploadKey);
    const secondUpload = await upload(uploadKey);
    expect(firstUpload.statusCode).toBe(201);
    expect(secondUpload.json().filename).toBe(firstUpload.json().filename);
    expect((await t.database.db.select({ name: uploads.name }).from(uploads)).length).toBe(before + 1);

    const pickup = pickupsKit(t, () => ({ pickupStoreName: store.username, invoiceFileName: firstUpload.json().filename })).form({
      pickupType: "Disponível na loja",
      orderNumber: "IDEMPOTENTE00001",
      trackingCode: "123456",
    });
    const key = randomUUID();
    const send = (url: string, payload: object, k: string) => t.app.inject({ method: "POST", url, headers: withKey(k), payload });
    const p1 = await send("/api/pickup/create", pickup, key);
    const p2 = await send("/api/pickup/create", pickup, key);
    expect([p1.statusCode, p2.statusCode]).toEqual([201, 201]);
    expect(p2.json().pickup.id).toBe(p1.json().pickup.id);
    expect(await t.database.db.select({ id: pickups.id }).from(pickups).where(eq(pickups.orderNumber, "IDEMPOTENTE00001"))).toHaveLength(1);

    const returnOrder = {
      orderNumber: "IDEMPOTENTE00002",
      customerFullName: "Maria da Silva",
      customerCPF: "529.982.247-25",
      customerPhone: "(41) 99999-9999",
      customerEmail: "maria@example.com",
      returnItems: ["TENIS RUNNER 42 123456-7X"],
    };
    const rk = randomUUID();
    const r1 = await send("/api/return/create", returnOrder, rk);
    const r2 = await send("/api/return/create", returnOrder, rk);
    expect(r2.json().return.id).toBe(r1.json().return.id);

    const user = { username: "Loja Repetida", email: "loja.repetida@passo.test", password: "senha-da-loja", role: "Usuário básico" };
    const uk = randomUUID();
    const u1 = await send("/api/users/create", user, uk);
    const u2 = await send("/api/users/create", user, uk);
    expect([u1.statusCode, u2.statusCode]).toEqual([201, 201]);
    expect(u2.json().user.id).toBe(u1.json().user.id);

    const rule = { store: "Loja Repetida", supervisor: "Ana", manager: "Bruno", notificationPickup: true };
    await send("/api/recipients/create", { username: "Ana", email: "ana.rep@passo.test", role: "Supervisor" }, randomUUID());
    await send("/api/recipients/create", { username: "Bruno", email: "bruno.rep@passo.test", role: "Gerente" }, randomUUID());
    const nk = randomUUID();
    const n1 = await send("/api/notifications/create", rule, nk);
    const n2 = await send("/api/notifications/create", rule, nk);
    expect([n1.statusCode, n2.statusCode]).toEqual([201, 201]);
    expect(n2.json().notification.id).toBe(n1.json().notification.id);
  });
});
