// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { PendingPicklists } from "../components/pending-picklists";
import { picklistEventKeys, syncPendingCard } from "./live-picklists";
import { SCREEN_TEXTS } from "@/testing/screen-texts";

const STORE = "Loja Centro";

const started = {
  id: "pl-1",
  number: 1,
  sender: "E-commerce",
  destination: STORE,
  sendDate: "2025-03-14T12:00:00.000Z",
  timeStarted: "2025-03-14T12:10:00.000Z",
  timeCompleted: null,
  listItems: ["TENIS 40 12345601", "BOTA 41 12345602"],
  completedItems: ["TENIS 40 12345601"],
  uncompletedItems: ["BOTA 41 12345602"],
  numberTransfer: null,
  currentStatus: "Em andamento",
  finishedBy: null,
};
const fresh = { ...started, id: "pl-2", sendDate: "2025-03-15T12:00:00.000Z", timeStarted: null, completedItems: [], uncompletedItems: [], currentStatus: "Não iniciado" };

let byId: Record<string, { status: number; json: unknown }>;
let reads: string[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  reads = [];
  byId = {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      reads.push(url);
      if (url.startsWith("/api/picklist/get?")) return json(200, { picklists: [started] });
      const id = /\/api\/picklist\/getId\/(.+)$/.exec(url)?.[1];
      const answer = id ? byId[id] : undefined;
      return answer ? json(answer.status, answer.json) : json(404, { error: "Lista de separação não encontrada." });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCards(): QueryClient {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <PendingPicklists store={STORE} {...SCREEN_TEXTS} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const cardOf = (name: RegExp | string) => screen.getByRole("article", { name });

describe("live updates on the store's cards", () => {
  it("a list the office sends appears without 'Buscar', and the number being typed on another card stays", async () => {
    const user = userEvent.setup();
    const queryClient = renderCards();
    const transfer = await screen.findByRole("textbox", { name: "Número da transferência" });
    await user.type(transfer, "123");

    byId["pl-2"] = { status: 200, json: { picklist: fresh } };
    await syncPendingCard(queryClient, { id: "pl-2", action: "create", store: STORE, status: "Não iniciado" });
    await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(2));
    expect(transfer).toBeInTheDocument();
    expect(transfer).toHaveValue("123");

    byId["pl-1"] = { status: 200, json: { picklist: { ...started, completedItems: started.listItems, uncompletedItems: [] } } };
    await syncPendingCard(queryClient, { id: "pl-1", action: "update", store: STORE, status: "Em andamento" });
    await waitFor(() => expect(screen.getByText("100%")).toBeInTheDocument());
    expect(transfer).toBeInTheDocument();
    expect(transfer).toHaveValue("123");
    // One read of the cards, then one read of each changed list: nothing reloaded whole.
    expect(reads.filter((url) => url.startsWith("/api/picklist/get?"))).toHaveLength(1);
    expect(reads.filter((url) => url.startsWith("/api/picklist/getId/"))).toEqual(["/api/picklist/getId/pl-2", "/api/picklist/getId/pl-1"]);
  });

  it("a list redirected away stays on its card saying where it went", async () => {
    const queryClient = renderCards();
    await screen.findByRole("textbox", { name: "Número da transferência" });
    byId["pl-1"] = { status: 409, json: { error: "Lista de separação indisponível", destination: "Loja Sul" } };
    await syncPendingCard(queryClient, { id: "pl-1", action: "delete", store: STORE, status: null });
    const card = await waitFor(() => cardOf("Lista de separação indisponível"));
    expect(within(card).getByText("A lista foi redirecionada para Loja Sul")).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Número da transferência" })).not.toBeInTheDocument();
  });

  it("a change of a list not on the cards, or finished, adds no card", async () => {
    const queryClient = renderCards();
    await screen.findByRole("textbox", { name: "Número da transferência" });
    byId["pl-3"] = { status: 200, json: { picklist: { ...fresh, id: "pl-3", timeCompleted: "2025-03-15T13:00:00.000Z", currentStatus: "Concluído" } } };
    await syncPendingCard(queryClient, { id: "pl-3", action: "update", store: STORE, status: "Concluído" });
    await syncPendingCard(queryClient, { id: "pl-4", action: "delete", store: STORE, status: null });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expect(reads).not.toContain("/api/picklist/getId/pl-4");
  });
});

describe("the queries a change of a list touches", () => {
  it("the tables always; 'Produtos não encontrados' only when a list is finished or deleted", () => {
    expect(picklistEventKeys({ id: "x", action: "update", store: STORE, status: "Em andamento" })).toEqual([["picklists", "list"]]);
    expect(picklistEventKeys({ id: "x", action: "update", store: STORE, status: "Concluído" })).toEqual([["picklists", "list"], ["picklists", "not-found"]]);
    expect(picklistEventKeys({ id: "x", action: "delete", store: STORE, status: null })).toEqual([["picklists", "list"], ["picklists", "not-found"]]);
  });
});
