/**
 * The network drops in the middle of a store's offline replay (docs/state-machines.md, "Changes made offline,
 * replayed"): each queued change reaches the API and is applied, but the connection is cut as the answer starts to
 * come back, so the tablet never learns it went through and sends its whole queue again, each change with its
 * Idempotency-Key. Nothing is applied twice: a tick moves one copy of a repeated item, not two, and the finish is
 * answered as the first time instead of 'já foi finalizada'.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStores, runId, type Store } from "./support/chain.js";
import { ADMIN, api, freePort, login, startServer, type ApiClient, type RunningServer } from "./support/servers.js";

const TENIS = "TENIS RUNNER 42 123456-7X";
const SANDALIA = "SANDALIA 37 654321-0Y";
const BOTA = "BOTA 40 111111-1Z";
const ITEMS = [TENIS, SANDALIA, TENIS, BOTA];

let server: RunningServer;
let proxy: net.Server;
let proxyUrl: string;
let admin: ApiClient;
let store: Store;
const id = runId();

/**
 * A link that carries each request to the API and cuts the connection at the answer's first byte: the API has
 * committed the change by then, and the client gets no answer at all.
 */
async function startDroppingLink(target: number): Promise<void> {
  const port = await freePort();
  proxy = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    client.on("error", () => undefined);
    upstream.on("error", () => undefined);
    client.pipe(upstream);
    upstream.once("data", () => {
      client.destroy();
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => proxy.listen(port, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  server = await startServer();
  const adminToken = await login(server.url, ADMIN.email, ADMIN.password);
  admin = api(server.url, adminToken);
  [store] = (await createStores(server.url, adminToken, 1, id)) as [Store];
  await startDroppingLink(server.port);
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await server?.stop();
}, 60_000);

async function newList(): Promise<{ id: string; version: string }> {
  const res = await admin.post("/api/picklist/create", { destination: store.username, listItems: ITEMS });
  expect(res.status).toBe(201);
  return res.body.picklist;
}

const put = (url: string, listId: string, body: unknown, key: string) =>
  api(url, store.token).put(`/api/picklist/update/${listId}`, body, { headers: { "idempotency-key": key } });
const read = async (listId: string) => (await admin.get(`/api/picklist/getId/${listId}`)).body.picklist;

describe("a replay whose answers are lost", () => {
  it("sent again whole, with the same keys, applies each change once", async () => {
    const list = await newList();
    const base = { baseVersion: list.version };
    const queue = [
      { currentStatus: "Em andamento", baseStatus: "Não iniciado", ...base },
      { separate: [TENIS], ...base },
      { separate: [SANDALIA], ...base },
      { currentStatus: "Concluído", numberTransfer: "123456", baseStatus: "Em andamento", ...base },
    ];
    const keys = queue.map((_, i) => `${id}-fila-${i}`);

    // Each change goes through, and its answer is lost on the way back.
    for (const [i, change] of queue.entries()) {
      await expect(put(proxyUrl, list.id, change, keys[i]!)).rejects.toThrow();
    }
    expect(await read(list.id)).toMatchObject({ currentStatus: "Concluído", completedItems: [TENIS, SANDALIA], uncompletedItems: [TENIS, BOTA] });

    // The connection is back and the tablet sends its whole queue again, in order.
    for (const [i, change] of queue.entries()) {
      const res = await put(server.url, list.id, change, keys[i]!);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.headers.get("idempotent-replayed")).toBe("true");
    }
    expect(await read(list.id)).toMatchObject({
      currentStatus: "Concluído",
      numberTransfer: "123456",
      completedItems: [TENIS, SANDALIA],
      uncompletedItems: [TENIS, BOTA],
    });
  });

  it("sent again while the first is still on its way, moves one copy", async () => {
    const list = await newList();
    expect((await put(server.url, list.id, { currentStatus: "Em andamento", baseStatus: "Não iniciado", baseVersion: list.version }, `${id}-inicio`)).status).toBe(200);
    const tick = { separate: [TENIS], baseVersion: list.version };
    const key = `${id}-tenis`;
    const results = await Promise.allSettled([put(proxyUrl, list.id, tick, key), put(server.url, list.id, tick, key), put(server.url, list.id, tick, key)]);
    expect(results[0]!.status).toBe("rejected");
    for (const result of results.slice(1)) expect(result.status === "fulfilled" && result.value.status).toBe(200);
    expect(await read(list.id)).toMatchObject({ completedItems: [TENIS], uncompletedItems: [SANDALIA, TENIS, BOTA] });
  });
});
