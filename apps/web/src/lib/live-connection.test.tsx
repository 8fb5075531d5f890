// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_DISCONNECTED, LiveIndicator } from "@/components/layout/live-indicator";
import { openLiveConnection } from "./live-connection";

/** A stand-in for the browser's EventSource: the test opens, drops and feeds it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((message: { data: string; lastEventId: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: string, lastEventId = "") {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId });
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => {});
const after = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the session's live-update stream", () => {
  it("opens one stream with a ticket asked for with the token, never the token in the URL, and hands on the events it understands", async () => {
    const onEvent = vi.fn();
    const askTicket = vi.fn(async () => "bilhete-1");
    const close = openLiveConnection("abc.def", { onEvent, onResync: vi.fn() }, { askTicket });
    await flush();
    const [source] = FakeEventSource.opened;
    expect(askTicket).toHaveBeenCalledWith("abc.def");
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(source!.url).toBe("/api/events?ticket=bilhete-1");
    expect(source!.url).not.toContain("abc.def");
    source!.open();
    source!.emit("picklist", JSON.stringify({ id: "1", action: "update", store: "Loja Sul", status: "Em andamento" }), "7");
    source!.emit("pickup", "not json");
    source!.emit("return", JSON.stringify({ id: 2 }));
    expect(onEvent.mock.calls).toEqual([["picklist", { id: "1", action: "update", store: "Loja Sul", status: "Em andamento" }, "7"]]);
    close();
    expect(source!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("after a drop opens a new stream with a new ticket from the last event seen; says so after a few seconds down, waits longer each try, and reloads the screens after a failed try", async () => {
    const onResync = vi.fn();
    render(<LiveIndicator />);
    let n = 0;
    const askTicket = vi.fn(async () => `bilhete-${++n}`);
    const close = openLiveConnection("t", { onEvent: vi.fn(), onResync }, { askTicket });
    await flush();
    FakeEventSource.opened[0]!.open();
    act(() => FakeEventSource.opened[0]!.emit("picklist", JSON.stringify({ id: "1", action: "create", store: "Loja Sul", status: "Não iniciado" }), "41"));

    // A short drop: the used ticket is not retried; a new stream, from event 41, and nothing to reload.
    act(() => FakeEventSource.opened[0]!.fail(false));
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
    await after(1_300);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.url).toBe("/api/events?ticket=bilhete-2&lastEventId=41");
    act(() => FakeEventSource.opened[1]!.open());
    await after(5_000);
    expect(screen.queryByText(LIVE_DISCONNECTED)).not.toBeInTheDocument();
    expect(onResync).not.toHaveBeenCalled();

    // Down for longer: about a second, then about two.
    act(() => FakeEventSource.opened[1]!.fail(true));
    await after(1_300);
    expect(FakeEventSource.opened).toHaveLength(3);
    act(() => FakeEventSource.opened[2]!.fail(true));
    await after(1_000);
    expect(FakeEventSource.opened).toHaveLength(3);
    await after(1_600);
    expect(FakeEventSource.opened).toHaveLength(4);
    expect(screen.getByText(LIVE_DISCONNECTED)).toBeInTheDocument();

    act(() => FakeEventSource.opened[3]!.open());
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(LIVE_DISCONNECTED)).not.toBeInTheDocument();
    close();
  });

  it("taking over from another tab: starts after the last event that tab handled, reloads the screens once open when asked, and tells where it stands", async () => {
    const onResync = vi.fn();
    const onStatus = vi.fn();
    const close = openLiveConnection("t", { onEvent: vi.fn(), onResync, onStatus }, { askTicket: async () => "bilhete-1", lastEventId: "41", resyncOnOpen: true });
    await flush();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events?ticket=bilhete-1&lastEventId=41"]);
    expect(onResync).not.toHaveBeenCalled();
    act(() => FakeEventSource.opened[0]!.open());
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(onStatus.mock.calls).toEqual([["open"]]);
    act(() => FakeEventSource.opened[0]!.fail(false));
    expect(onStatus.mock.calls).toEqual([["open"], ["reconnecting"]]);
    close();
  });

  it("tries again later when the ticket is refused", async () => {
    const askTicket = vi.fn().mockRejectedValueOnce(new Error("live ticket: 503")).mockResolvedValue("bilhete-2");
    const close = openLiveConnection("t", { onEvent: vi.fn(), onResync: vi.fn() }, { askTicket });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(0);
    await after(1_600);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events?ticket=bilhete-2"]);
    close();
  });
});
