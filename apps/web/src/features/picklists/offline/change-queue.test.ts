import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import { offlineDatabase, QUEUE } from "@/lib/offline-db";
import { discardList, enqueue, QUEUE_FULL_MESSAGE, QUEUE_LIMIT, QueueFullError, queued, replay, type QueuedChange, type SendOutcome } from "./change-queue";

const STORE = "loja-centro";

afterEach(async () => {
  await (await offlineDatabase()).clear(QUEUE);
});

const tick = (listId: string, item: string) => enqueue({ user: STORE, listId, change: { kind: "separate", item }, baseVersion: "v1" });

describe("the changes a tablet makes offline", () => {
  it("keeps them in the order they were made, each with its own idempotency key", async () => {
    await enqueue({ user: STORE, listId: "a", change: { kind: "start" }, baseVersion: "v1" });
    await tick("b", "BOTA 40");
    await tick("a", "TENIS 42");
    const all = await queued(STORE);
    expect(all.map((entry) => [entry.listId, entry.change.kind])).toEqual([
      ["a", "start"],
      ["b", "separate"],
      ["a", "separate"],
    ]);
    expect(new Set(all.map((entry) => entry.idempotencyKey)).size).toBe(3);
    expect((await queued(STORE, "a")).map((entry) => entry.change.kind)).toEqual(["start", "separate"]);
    // Another user at the same tablet has a queue of its own.
    expect(await queued("loja-norte")).toEqual([]);
  });

  it("sends them in order, and a change sent leaves the queue", async () => {
    await tick("a", "TENIS 42");
    await tick("a", "BOTA 40");
    const order: string[] = [];
    const result = await replay(STORE, (entry) => {
      order.push((entry.change as { item: string }).item);
      return Promise.resolve({ sent: true });
    });
    expect(order).toEqual(["TENIS 42", "BOTA 40"]);
    expect(result).toEqual({ sent: 2, refused: 0, stoppedLists: [] });
    expect(await queued(STORE)).toEqual([]);
  });

  it("stops a list's queue at a refusal, keeping it with the server's message, while other lists go on", async () => {
    await tick("a", "TENIS 42");
    await tick("a", "BOTA 40");
    await tick("b", "SANDALIA 37");
    const send = (entry: QueuedChange): Promise<SendOutcome> =>
      Promise.resolve(entry.listId === "a" ? { refused: "A lista foi redirecionada para Loja Norte" } : { sent: true });
    expect(await replay(STORE, send)).toEqual({ sent: 1, refused: 1, stoppedLists: ["a"] });
    const left = await queued(STORE);
    expect(left.map((entry) => [entry.listId, entry.refused])).toEqual([
      ["a", "A lista foi redirecionada para Loja Norte"],
      ["a", undefined],
    ]);
    // A later replay does not send the refused list again; the clerk discards it after reading why.
    let tried = 0;
    await replay(STORE, () => {
      tried++;
      return Promise.resolve({ sent: true });
    });
    expect(tried).toBe(0);
    await discardList(STORE, "a");
    expect(await queued(STORE)).toEqual([]);
  });

  it("stops where it is when the server cannot be reached, and sends the rest next time, nothing twice", async () => {
    await tick("a", "TENIS 42");
    await tick("a", "BOTA 40");
    const keys: string[] = [];
    let calls = 0;
    await replay(STORE, (entry) => {
      calls++;
      if (calls === 2) return Promise.resolve({ unreachable: true });
      keys.push(entry.idempotencyKey);
      return Promise.resolve({ sent: true });
    });
    expect((await queued(STORE)).map((entry) => (entry.change as { item: string }).item)).toEqual(["BOTA 40"]);
    await replay(STORE, (entry) => {
      keys.push(entry.idempotencyKey);
      return Promise.resolve({ sent: true });
    });
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });

  it(`refuses a change beyond ${QUEUE_LIMIT}, saying what to do, and keeps the ones before`, async () => {
    const db = await offlineDatabase();
    const tx = db.transaction(QUEUE, "readwrite");
    for (let i = 0; i < QUEUE_LIMIT; i++) {
      void tx.store.add({ user: STORE, listId: "a", change: { kind: "separate", item: `ITEM ${i}` }, idempotencyKey: `k${i}`, baseVersion: null, madeAt: new Date() });
    }
    await tx.done;
    const refused = tick("a", "ONE MORE");
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toThrow(QUEUE_FULL_MESSAGE);
    expect(await (await offlineDatabase()).count(QUEUE)).toBe(QUEUE_LIMIT);
  });
});
