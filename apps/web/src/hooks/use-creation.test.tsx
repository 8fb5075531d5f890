// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { stubApi } from "@/testing/fake-api";
import { api } from "@/lib/api-client";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency";
import { useCreation } from "./use-creation";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = { destination: "Loja Batel", listItems: ["TENIS 123456-7X"], sender: "E-commerce" };
const CREATED = {
  message: "Lista de separação criada com sucesso!",
  picklist: { id: "p-1", number: 1, sender: "E-commerce", destination: "Loja Batel", sendDate: "2026-01-01T10:00:00.000Z", timeStarted: null, timeCompleted: null, listItems: LIST.listItems, completedItems: [], uncompletedItems: [], numberTransfer: null, currentStatus: "Não iniciado" },
};

/** A creation as the features write theirs: the body, and the key in its header. */
const createPicklist = (input: typeof LIST, idempotencyKey: string) => api.post("/picklist/create", input, { [IDEMPOTENCY_HEADER]: idempotencyKey });

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useCreation({ create: createPicklist }), { wrapper });
}

const keyOf = (call: { headers: Headers }) => call.headers.get("idempotency-key");

describe("a creation's Idempotency-Key", () => {
  it("stays the same while the same content is sent again, and is new once it was created", async () => {
    let answer: [number, unknown] = [503, { error: "Serviço temporariamente indisponível. Tente novamente em instantes." }];
    const calls = stubApi({ "POST /api/picklist/create": () => answer });
    const { result } = setup();

    // The server is away: sent three times (twice again by itself), all with one key.
    await act(() => result.current.mutateAsync(LIST).catch(() => undefined));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map(keyOf)).size).toBe(1);
    expect(keyOf(posts[0]!)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The person clicks again: the same content, the same key (the server replays if one had got through).
    answer = [201, CREATED];
    await act(() => result.current.mutateAsync(LIST));
    expect(keyOf(calls.at(-1)!)).toBe(keyOf(posts[0]!));

    // Created: the same list asked for again is a new list, with a new key.
    await act(() => result.current.mutateAsync(LIST));
    expect(keyOf(calls.at(-1)!)).not.toBe(keyOf(posts[0]!));
  }, 15_000);

  it("is new when the content changed, and a refusal (4xx) is not sent again by itself", async () => {
    const calls = stubApi({ "POST /api/picklist/create": [400, { error: "Selecione a loja de destino." }] });
    const { result } = setup();
    await act(() => result.current.mutateAsync(LIST).catch(() => undefined));
    await act(() => result.current.mutateAsync({ ...LIST, destination: "Loja Centro" }).catch(() => undefined));
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(2);
    expect(keyOf(posts[0]!)).not.toBe(keyOf(posts[1]!));
  });
});
