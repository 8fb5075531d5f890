// @vitest-environment happy-dom
import type { LiveEventData } from "@passo/domain";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveConnectionHandlers, LiveConnectionOptions } from "./live-connection";
import { openSharedLiveConnection } from "./live-shared";

/** The browser's Web Locks for one origin: a named lock held by one callback at a time, the others queued. */
class FakeLocks {
  private held = new Set<string>();
  private queues = new Map<string, (() => void)[]>();
  async request<T>(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: { name: string } | null) => T | Promise<T>): Promise<T> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const queue = this.queues.get(name) ?? [];
        queue.push(resolve);
        this.queues.set(name, queue);
        options.signal?.addEventListener("abort", () => {
          this.queues.set(name, (this.queues.get(name) ?? []).filter((waiting) => waiting !== resolve));
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      this.queues.get(name)?.shift()?.();
    }
  }
}

/** BroadcastChannel between the tabs of one test: a message reaches every other open channel of that name. */
class FakeChannel {
  static open: FakeChannel[] = [];
  onmessage: ((message: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    FakeChannel.open.push(this);
  }
  postMessage(data: unknown) {
    const copy = structuredClone(data);
    for (const other of FakeChannel.open) if (other !== this && other.name === this.name) queueMicrotask(() => other.onmessage?.({ data: copy } as MessageEvent));
  }
  close() {
    FakeChannel.open = FakeChannel.open.filter((channel) => channel !== this);
  }
}

/** The server's stream as the test drives it: which tab opened it, from where, and its handlers. */
interface Stream {
  tab: string;
  options: LiveConnectionOptions | undefined;
  handlers: LiveConnectionHandlers;
  closed: boolean;
}

let streams: Stream[] = [];

function tab(name: string, user = "7") {
  const handlers = { onEvent: vi.fn(), onResync: vi.fn() };
  const leave = openSharedLiveConnection("token", user, handlers, (_token, streamHandlers, options) => {
    const stream: Stream = { tab: name, options, handlers: streamHandlers, closed: false };
    streams.push(stream);
    return () => void (stream.closed = true);
  });
  return { handlers, leave };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const change: LiveEventData = { id: "12", action: "update", store: "Loja Sul", status: "Em andamento" };

beforeEach(() => {
  streams = [];
  FakeChannel.open = [];
  vi.stubGlobal("BroadcastChannel", FakeChannel);
  Object.defineProperty(navigator, "locks", { value: new FakeLocks(), configurable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "locks");
});

describe("the live updates shared by the browser's tabs", () => {
  it("opens one stream for three tabs of one user, and each change reaches every tab once", async () => {
    const tabs = [tab("a"), tab("b"), tab("c")];
    await settle();
    expect(streams.map((stream) => stream.tab)).toEqual(["a"]);

    streams[0]!.handlers.onEvent("picklist", change, "41");
    await settle();
    for (const { handlers } of tabs) expect(handlers.onEvent.mock.calls).toEqual([["picklist", change, "41"]]);

    streams[0]!.handlers.onResync();
    await settle();
    for (const { handlers } of tabs) expect(handlers.onResync).toHaveBeenCalledTimes(1);
    for (const { leave } of tabs) leave();
  });

  it("when the tab holding the stream leaves, another opens it from the last change it was told of, and nothing is reloaded", async () => {
    const a = tab("a");
    const b = tab("b");
    await settle();
    streams[0]!.handlers.onEvent("pickup", change, "41");
    await settle();
    a.leave();
    await settle();
    expect(streams[0]!.closed).toBe(true);
    expect(streams.map((stream) => stream.tab)).toEqual(["a", "b"]);
    expect(streams[1]!.options).toEqual({ lastEventId: "41", resyncOnOpen: false });

    // The new holder relays to the tabs that follow it now.
    const c = tab("c");
    await settle();
    streams[1]!.handlers.onEvent("return", change, "42");
    await settle();
    expect(c.handlers.onEvent.mock.calls).toEqual([["return", change, "42"]]);
    expect(a.handlers.onEvent).toHaveBeenCalledTimes(1);
    b.leave();
    c.leave();
  });

  it("a tab that takes over without knowing where the stream stopped reloads its screens once the stream is open", async () => {
    const a = tab("a");
    const b = tab("b");
    await settle();
    a.leave();
    await settle();
    expect(streams[1]!.options).toEqual({ lastEventId: null, resyncOnOpen: true });
    b.leave();
  });

  it("another user's tabs have a stream of their own", async () => {
    const a = tab("a", "7");
    const b = tab("b", "8");
    await settle();
    expect(streams.map((stream) => stream.tab)).toEqual(["a", "b"]);
    streams[0]!.handlers.onEvent("picklist", change, "5");
    await settle();
    expect(b.handlers.onEvent).not.toHaveBeenCalled();
    a.leave();
    b.leave();
  });

  it("a tab that leaves while waiting its turn never opens a stream", async () => {
    const a = tab("a");
    const b = tab("b");
    await settle();
    b.leave();
    a.leave();
    await settle();
    expect(streams.map((stream) => stream.tab)).toEqual(["a"]);
  });

  it("without Web Locks (a page not on HTTPS) each tab opens its own stream", async () => {
    Reflect.deleteProperty(navigator, "locks");
    const a = tab("a");
    const b = tab("b");
    await settle();
    expect(streams.map((stream) => stream.tab)).toEqual(["a", "b"]);
    a.leave();
    b.leave();
  });
});
