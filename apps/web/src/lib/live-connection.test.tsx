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
  private listeners = new Map<string, ((message: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener({ data });
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

describe("the session's live-update stream", () => {
  it("opens one stream with the token, and hands on the events it understands", () => {
    const onEvent = vi.fn();
    const close = openLiveConnection("abc.def", { onEvent, onResync: vi.fn() });
    const [source] = FakeEventSource.opened;
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(source!.url).toBe("/api/events?token=abc.def");
    source!.open();
    source!.emit("picklist", JSON.stringify({ id: "1", action: "update", store: "Loja Sul", status: "Em andamento" }));
    source!.emit("pickup", "not json");
    source!.emit("return", JSON.stringify({ id: 2 }));
    expect(onEvent.mock.calls).toEqual([["picklist", { id: "1", action: "update", store: "Loja Sul", status: "Em andamento" }]]);
    close();
    expect(source!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("says so after a few seconds down, opens a new stream with a growing delay when the browser gives up, and reloads the screens once back", () => {
    const onResync = vi.fn();
    render(<LiveIndicator />);
    const close = openLiveConnection("t", { onEvent: vi.fn(), onResync });
    FakeEventSource.opened[0]!.open();

    // The browser retries by itself (Last-Event-ID): nothing to reload, and a short drop goes unsaid.
    act(() => FakeEventSource.opened[0]!.fail(false));
    act(() => vi.advanceTimersByTime(1_000));
    act(() => FakeEventSource.opened[0]!.open());
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText(LIVE_DISCONNECTED)).not.toBeInTheDocument();
    expect(onResync).not.toHaveBeenCalled();

    // It gave up: a new stream after about a second, then about two.
    act(() => FakeEventSource.opened[0]!.fail(true));
    act(() => vi.advanceTimersByTime(1_300));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1]!.fail(true));
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1_600));
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(screen.getByText(LIVE_DISCONNECTED)).toBeInTheDocument();

    act(() => FakeEventSource.opened[2]!.open());
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(LIVE_DISCONNECTED)).not.toBeInTheDocument();
    close();
  });
});
