import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app/app.js";
import { accessTickets, changeEvents, picklists } from "../../db/schema/index.js";
import { createLogger } from "../audit/logger.js";
import { openStream, type OpenStream } from "../../testing/live-stream.js";
import { pickupsKit } from "../../testing/pickups.js";
import { returnsKit } from "../../testing/returns.js";
import { STORE_PASSWORD, bearer, useTestApp } from "../../testing/test-app.js";
import { pruneChangeEvents } from "./live-hub.js";
import { LIVE_MESSAGES } from "./live.routes.js";

// Streams stay open across this file's tests: the per-user cap is tested on an app of its own.
const t = useTestApp({ liveMaxStreamsPerUser: 100 });
let base = "";
let storeA: { username: string; token: string };
let storeB: { username: string; token: string };
let invoice = "";
const pickups = pickupsKit(t, () => ({ pickupStoreName: storeA.username, invoiceFileName: invoice }));
const returnsApi = returnsKit(t);
const open: OpenStream[] = [];

async function stream(token: string | undefined, opts: Parameters<typeof openStream>[2] = {}) {
  const s = await openStream(base, token, opts);
  open.push(s);
  return s;
}

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  storeA = await t.createStore("Loja Norte");
  storeB = await t.createStore("Loja Sul");
  invoice = await t.uploadInvoice();
});
afterAll(() => {
  for (const s of open) s.close();
});

async function createList(destination: string) {
  const res = await t.app.inject({ method: "POST", url: "/api/picklist/create", headers: bearer(t.adminToken), payload: { destination, listItems: ["TENIS 40 12345678"] } });
  expect(res.statusCode).toBe(201);
  return res.json().picklist as { id: string };
}
const updateList = (id: string, token: string, payload: object) => t.app.inject({ method: "PUT", url: `/api/picklist/update/${id}`, headers: bearer(token), payload });

describe("GET /api/events", () => {
  it("asks for a token, and refuses a forged one in the header or a ticket nobody issued", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/events" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: expect.any(String) });
    expect((await stream("forged.token.value")).status).toBe(401);
    expect((await stream("forged.token.value", { viaTicket: true })).status).toBe(401);
    const guessed = await t.app.inject({ method: "GET", url: `/api/events?ticket=${"A".repeat(43)}` });
    expect(guessed.statusCode).toBe(401);
  });

  it("no longer takes a token in the URL, even a good one: the browser comes with a ticket", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/events?token=${encodeURIComponent(t.adminToken)}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String) });
  });

  it("a live ticket opens one stream, within a minute, and nothing else", async () => {
    const ask = () => t.app.inject({ method: "POST", url: "/api/live/ticket", headers: bearer(storeA.token) });
    const asked = await ask();
    expect(asked.statusCode).toBe(200);
    const { ticket, expiresIn } = asked.json() as { ticket: string; expiresIn: number };
    expect(expiresIn).toBe(60);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is kept.
    expect(JSON.stringify(await t.database.db.select().from(accessTickets))).not.toContain(ticket);

    const abort = new AbortController();
    const first = await fetch(`${base}/api/events?ticket=${ticket}`, { signal: abort.signal });
    expect(first.status).toBe(200);
    abort.abort();
    // Used up.
    const again = await fetch(`${base}/api/events?ticket=${ticket}`);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: expect.any(String) });

    // Single purpose: it opens no invoice.
    const other = (await ask()).json().ticket as string;
    const pickup = await pickups.createPickup();
    const invoiceRes = await t.app.inject({ method: "GET", url: `/uploads/${pickup.invoiceFileName}?ticket=${other}` });
    expect(invoiceRes.statusCode).toBe(401);

    // Expired: refused.
    const late = (await ask()).json().ticket as string;
    await t.database.db.update(accessTickets).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accessTickets.purpose, "live"));
    expect((await fetch(`${base}/api/events?ticket=${late}`)).status).toBe(401);
  });

  it("a ticket asks for a signed-in user; an API key and an anonymous caller get none", async () => {
    expect((await t.app.inject({ method: "POST", url: "/api/live/ticket" })).statusCode).toBe(401);
    const key = await t.app.inject({ method: "POST", url: "/api/api-keys/create", headers: bearer(t.adminToken), payload: { name: "Ingresso ao vivo", scopes: ["pickups"] } });
    expect((await t.app.inject({ method: "POST", url: "/api/live/ticket", headers: bearer(key.json().key) })).statusCode).toBe(403);
  });

  it("ends at once a stream opened with a ticket when its token signs out; the token's other tickets end with it", async () => {
    const store = await t.createStore("Loja Sai Ao Vivo");
    const s = await stream(store.token, { viaTicket: true });
    expect(s.status).toBe(200);
    const spare = (await t.app.inject({ method: "POST", url: "/api/live/ticket", headers: bearer(store.token) })).json().ticket as string;
    const out = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: bearer(store.token) });
    expect(out.statusCode).toBe(200);
    await s.ended;
    expect((await fetch(`${base}/api/events?ticket=${spare}`)).status).toBe(401);
  });

  it("streams without buffering or compression, through a reverse proxy too", async () => {
    const s = await stream(t.adminToken, { viaTicket: true, headers: { "accept-encoding": "gzip, br" } });
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(s.headers.get("cache-control")).toMatch(/no-cache/);
    expect(s.headers.get("x-accel-buffering")).toBe("no");
    expect(s.headers.get("content-encoding")).toBeNull();
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(/^passo_live_connections [1-9]/m);
  });

  it("sends a list's life to the office and to its store only, with a delete to the store it was redirected away from", async () => {
    const admin = await stream(t.adminToken);
    const a = await stream(storeA.token, { viaTicket: true });
    const b = await stream(storeB.token);
    const list = await createList(storeA.username);
    const mine = (e: { data: { id: string } }) => e.data.id === list.id;

    expect((await a.next(mine)).data).toEqual({ id: list.id, action: "create", store: storeA.username, status: "Não iniciado" });
    expect((await admin.next(mine)).kind).toBe("picklist");

    expect((await updateList(list.id, t.adminToken, { destination: storeB.username })).statusCode).toBe(200);
    expect((await a.next(mine)).data).toEqual({ id: list.id, action: "delete", store: storeA.username, status: null });
    expect((await b.next(mine)).data).toMatchObject({ action: "update", store: storeB.username, status: "Não iniciado" });
    const seen = [(await admin.next(mine)).data.action, (await admin.next(mine)).data.action];
    expect(seen).toEqual(["delete", "update"]);

    expect((await updateList(list.id, storeB.token, { currentStatus: "Em andamento" })).statusCode).toBe(200);
    expect((await b.next(mine)).data).toMatchObject({ action: "update", status: "Em andamento" });

    const dropped = await createList(storeB.username);
    expect((await t.app.inject({ method: "DELETE", url: `/api/picklist/delete/${dropped.id}`, headers: bearer(t.adminToken) })).statusCode).toBe(200);
    await b.next((e) => e.data.id === dropped.id);
    expect((await b.next((e) => e.data.id === dropped.id)).data).toEqual({ id: dropped.id, action: "delete", store: storeB.username, status: null });

    // Store B never heard of the list while it was Store A's; Store A nothing after it left.
    expect(b.events.filter(mine).map((e) => e.data.action)).toEqual(["update", "update"]);
    expect(a.events.filter(mine).map((e) => e.data.action)).toEqual(["create", "delete"]);
    const ids = admin.events.map((e) => e.seq);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sends pickups to their store without any customer data", async () => {
    const admin = await stream(t.adminToken);
    const a = await stream(storeA.token);
    const b = await stream(storeB.token);
    const pickup = await pickups.createPickup();
    const created = await a.next((e) => e.data.id === pickup.id);
    expect(created.kind).toBe("pickup");
    expect(created.data).toEqual({ id: pickup.id, action: "create", store: storeA.username, status: "Em trânsito" });
    await admin.next((e) => e.data.id === pickup.id);

    expect((await pickups.update(pickup.id, { pickupStatus: "Aguardando retirada" }, storeA.token)).statusCode).toBe(200);
    expect((await a.next((e) => e.data.id === pickup.id)).data).toMatchObject({ action: "update", status: "Aguardando retirada" });

    const marker = await createList(storeB.username);
    await b.next((e) => e.data.id === marker.id);
    expect(b.events.some((e) => e.data.id === pickup.id)).toBe(false);
    const raw = JSON.stringify([...a.events, ...admin.events]);
    expect(raw).not.toContain("52998224725");
    expect(raw).not.toContain("Maria");
  });

  it("sends a pending return to the office only, and to the store once it received it", async () => {
    const admin = await stream(t.adminToken);
    const a = await stream(storeA.token);
    const created = await returnsApi.createReturn();
    expect((await admin.next((e) => e.data.id === created.id)).data).toEqual({ id: created.id, action: "create", store: null, status: "Devolução pendente" });
    expect((await returnsApi.put(created.id, storeA.token, { returnStatus: "Devolvido em loja física" })).statusCode).toBe(200);
    const received = await a.next((e) => e.data.id === created.id);
    expect(received).toMatchObject({ kind: "return", data: { action: "update", store: storeA.username, status: "Devolvido em loja física" } });
    expect(a.events.filter((e) => e.data.id === created.id)).toHaveLength(1);
  });

  it("sends nothing for a refused change or a rolled-back transaction", async () => {
    const a = await stream(storeA.token);
    const list = await createList(storeA.username);
    await a.next((e) => e.data.id === list.id);

    // Finishing a list that was never started: 409. An invalid body: 400. A store deleting: 403.
    expect((await updateList(list.id, storeA.token, { currentStatus: "Concluído", numberTransfer: "123" })).statusCode).toBe(409);
    expect((await updateList(list.id, storeA.token, { currentStatus: "Nada" })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "DELETE", url: `/api/picklist/delete/${list.id}`, headers: bearer(storeA.token) })).statusCode).toBe(403);
    await t.database.db
      .transaction(async (tx) => {
        await tx.update(picklists).set({ currentStatus: "Em andamento" }).where(eq(picklists.id, list.id));
        throw new Error("rollback");
      })
      .catch(() => {});

    const marker = await createList(storeA.username);
    await a.next((e) => e.data.id === marker.id);
    expect(a.events.filter((e) => e.data.id === list.id).map((e) => e.data.action)).toEqual(["create"]);
  });

  it("replays what a client missed after its Last-Event-ID, in order and in its scope, then goes on live", async () => {
    const first = await stream(storeA.token);
    const before = await createList(storeA.username);
    const last = await first.next((e) => e.data.id === before.id);
    first.close();

    const missed = [await createList(storeA.username), await createList(storeB.username), await createList(storeA.username)];
    const again = await stream(storeA.token, { lastEventId: last.seq });
    expect((await again.next()).data.id).toBe(missed[0]!.id);
    expect((await again.next()).data.id).toBe(missed[2]!.id);
    const live = await createList(storeA.username);
    expect((await again.next()).data.id).toBe(live.id);
    expect(again.events.map((e) => e.data.store)).toEqual([storeA.username, storeA.username, storeA.username]);
  });

  it("serves from the present a client whose Last-Event-ID is past every stored event (a database restored from an older backup)", async () => {
    const s = await stream(storeA.token, { lastEventId: 999_999_999 });
    const list = await createList(storeA.username);
    expect((await s.next()).data.id).toBe(list.id);
  });

  it("ends its streams when the app closes, so that clients reconnect to another process; the token never reaches the log", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const other = await buildApp({ config: t.config, database: t.database, logger });
    const url = await other.listen({ port: 0, host: "127.0.0.1" });
    const elsewhere = await openStream(url, storeA.token, { viaTicket: true });
    expect(elsewhere.status).toBe(200);
    const closing = other.close();
    await elsewhere.ended;
    await closing;
    const log = lines.join("\n");
    expect(log).toContain("/api/events?ticket=[oculto]");
    expect(log).not.toContain(storeA.token);
  });

  it("ends at once the stream of a user deleted or whose password changed, and refuses its reconnection", async () => {
    const deleted = await t.createStore("Loja Removida Ao Vivo");
    const deletedStream = await stream(deleted.token, { viaTicket: true });
    expect(deletedStream.status).toBe(200);
    const changed = await t.createStore("Loja Nova Senha Ao Vivo");
    const changedStream = await stream(changed.token);
    const kept = await stream(storeB.token);
    expect(changedStream.status).toBe(200);

    const removal = await t.app.inject({ method: "DELETE", url: `/api/users/delete/${deleted.id}`, headers: bearer(t.adminToken) });
    expect(removal.statusCode).toBe(200);
    await deletedStream.ended;
    expect((await stream(deleted.token, { viaTicket: true })).status).toBe(401);

    const password = await t.app.inject({
      method: "PUT",
      url: `/api/users/change-password/${changed.id}`,
      headers: bearer(changed.token),
      payload: { password: STORE_PASSWORD, newPassword: "nova-senha-ao-vivo-1", confirmNewPassword: "nova-senha-ao-vivo-1" },
    });
    expect(password.statusCode).toBe(200);
    await changedStream.ended;
    expect((await stream(changed.token)).status).toBe(401);

    // Everyone else's stream goes on: a list sent to Loja Sul still reaches it.
    const list = await createList(storeB.username);
    expect((await kept.next((e) => e.data.id === list.id)).data).toMatchObject({ action: "create", store: storeB.username });
  });

  it("takes hostile query strings and Last-Event-ID values without a 5xx: a stream, or a refusal in {error}", async () => {
    const hostile = fc.string({ maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom("token", "ticket", "__proto__", "x", "lastEventId"), hostile), { maxLength: 3 }), hostile, fc.boolean(), async (pairs, lastEventId, withHeader) => {
        const query = new URLSearchParams(pairs).toString();
        const headers: Record<string, string> = { "last-event-id": lastEventId.replace(/[^\x20-\x7e]/g, "") };
        if (withHeader) headers.authorization = `Bearer ${storeA.token}`;
        const abort = new AbortController();
        const res = await fetch(`${base}/api/events?${query}`, { headers, signal: abort.signal });
        expect(res.status).toBeLessThan(500);
        if (res.status === 200) expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        else expect(await res.json()).toEqual({ error: expect.any(String) });
        abort.abort();
      }),
      { numRuns: 40 },
    );
  });

  it("caps the streams per user and per process: beyond, 429 {error} with Retry-After; a closed stream frees its place", async () => {
    const capped = await buildApp({ config: { ...t.config, liveMaxStreams: 4, liveMaxStreamsPerUser: 2 }, database: t.database });
    const url = await capped.listen({ port: 0, host: "127.0.0.1" });
    const streams: OpenStream[] = [];
    const refusal = async (token: string) => {
      const res = await fetch(`${url}/api/events`, { headers: bearer(token) });
      return { status: res.status, retryAfter: res.headers.get("retry-after"), body: res.status === 200 ? null : await res.json() };
    };
    try {
      for (const token of [storeA.token, storeA.token]) streams.push(await openStream(url, token));
      expect(streams.map((s) => s.status)).toEqual([200, 200]);
      expect(await refusal(storeA.token)).toEqual({ status: 429, retryAfter: "30", body: { error: LIVE_MESSAGES.tooManyForUser } });
      for (const token of [storeB.token, storeB.token]) streams.push(await openStream(url, token));
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200, 200]);
      expect(await refusal(t.adminToken)).toEqual({ status: 429, retryAfter: "30", body: { error: LIVE_MESSAGES.tooManyForServer } });

      streams.shift()!.close();
      let again: OpenStream | undefined;
      for (let i = 0; i < 40 && again?.status !== 200; i++) {
        again?.close();
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = await openStream(url, storeA.token);
      }
      expect(again?.status).toBe(200);
      streams.push(again!);
    } finally {
      for (const s of streams) s.close();
      await capped.close();
    }
  });

  it("forgets events older than a day", async () => {
    const list = await createList(storeA.username);
    await t.database.db.update(changeEvents).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(changeEvents.recordId, list.id));
    await pruneChangeEvents(t.database.db);
    expect(await t.database.db.select().from(changeEvents).where(eq(changeEvents.recordId, list.id))).toEqual([]);
    expect((await t.database.db.select().from(changeEvents)).length).toBeGreaterThan(0);
  });
});
