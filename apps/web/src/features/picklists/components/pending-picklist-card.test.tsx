// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { Picklist } from "@passo/domain";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi, type ApiCall } from "@/testing/fake-api";
import { RUNNER_42 as RUNNER, RUNNER_42_ITEM as RUNNER_ITEM } from "@/testing/products";
import { PendingPicklistCard } from "./pending-picklist-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const STORE = "Loja Centro";
const SOCKS = "MEIA ESPORTIVA 39 55566601";

const list = (overrides: Partial<Picklist> = {}): Picklist => ({
  id: "pl-1",
  number: 1234,
  sender: "E-commerce",
  destination: STORE,
  sendDate: new Date("2025-03-14T12:00:00.000Z"),
  timeStarted: new Date("2025-03-14T12:10:00.000Z"),
  timeCompleted: null,
  listItems: [RUNNER_ITEM, SOCKS, RUNNER_ITEM, RUNNER_ITEM],
  completedItems: [],
  uncompletedItems: [RUNNER_ITEM, SOCKS, RUNNER_ITEM, RUNNER_ITEM],
  numberTransfer: null,
  currentStatus: "Em andamento",
  finishedBy: null,
  ...overrides,
});

/** The server answers the scans' updates only when told to (`answer`): the card must not wait for it. */
function api() {
  const waiting: (() => void)[] = [];
  const calls = stubApi({
    "POST /api/products/by-items": [200, { products: [RUNNER] }],
    "PUT /api/picklist/update/pl-1": (call: ApiCall) =>
      new Promise((resolve) => {
        const body = call.body as Pick<Picklist, "completedItems" | "uncompletedItems">;
        waiting.push(() => resolve([200, { message: "Lista de separação atualizada com sucesso!", picklist: { ...list(), ...body } }]));
      }),
  });
  return { calls, answer: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

const byItemsRead = (calls: ApiCall[]) => waitFor(() => expect(calls.some((c) => c.path === "/api/products/by-items")).toBe(true));

describe("a store's list with copies of one product", () => {
  it("shows the copies as one line, '3 × item', before the list starts", () => {
    api();
    renderWithClient(<PendingPicklistCard list={list({ timeStarted: null, currentStatus: "Não iniciado", uncompletedItems: [] })} store={STORE} />);
    expect(screen.getByText(`3 × ${RUNNER_ITEM}`)).toBeInTheDocument();
    expect(screen.getByText(SOCKS)).toBeInTheDocument();
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
  });

  it("reads the list's products once; each scan of the box's EAN ticks the next copy at once, before the server answers", async () => {
    const { calls, answer } = api();
    const { user } = renderWithClient(<PendingPicklistCard list={list()} store={STORE} />);
    await byItemsRead(calls);
    expect(calls.find((c) => c.path === "/api/products/by-items")?.body).toEqual({ items: [RUNNER_ITEM, SOCKS] });

    const field = screen.getByRole("textbox", { name: "Escanear código" });
    await user.type(field, "7894821304200{Enter}");
    expect(screen.getByText(`3 × ${RUNNER_ITEM} — 1 separado`)).toBeInTheDocument();
    expect(screen.getByText(`Produto separado: ${RUNNER_ITEM}`)).toBeInTheDocument();
    await user.type(field, "7894821304200{Enter}");
    expect(screen.getByText(`3 × ${RUNNER_ITEM} — 2 separados`)).toBeInTheDocument();
    expect(screen.getByText("50%")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "2 Produtos separados" })).toBeInTheDocument();

    answer();
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toEqual({ completedItems: [RUNNER_ITEM, RUNNER_ITEM], uncompletedItems: [SOCKS, RUNNER_ITEM] });
    expect(calls.filter((c) => c.path === "/api/products/by-items")).toHaveLength(1);
  });

  it("a wrong check digit and a product of the catalog not on the list tick nothing, each with its message", async () => {
    const { calls } = api();
    const { user } = renderWithClient(<PendingPicklistCard list={list()} store={STORE} />);
    await byItemsRead(calls);
    const field = screen.getByRole("textbox", { name: "Escanear código" });
    await user.type(field, "7894821304201{Enter}");
    expect(screen.getByText("Código de barras inválido.")).toBeInTheDocument();
    await user.type(field, "7894821304101{Enter}");
    expect(screen.getByText("Código não encontrado nesta lista.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    expect(screen.getByText(`3 × ${RUNNER_ITEM}`)).toBeInTheDocument();
  });

  it("while a scan is being saved the other lines stay tickable, and a tick then builds on the scan", async () => {
    const { calls, answer } = api();
    const { user } = renderWithClient(<PendingPicklistCard list={list()} store={STORE} />);
    await byItemsRead(calls);
    await user.type(screen.getByRole("textbox", { name: "Escanear código" }), "7894821304200{Enter}");
    const socks = screen.getByRole("checkbox", { name: SOCKS });
    expect(socks).toBeEnabled();
    await user.click(socks);
    expect(screen.getByRole("button", { name: "2 Produtos separados" })).toBeInTheDocument();

    answer();
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT").at(-1)?.body).toEqual({ completedItems: [RUNNER_ITEM, SOCKS], uncompletedItems: [RUNNER_ITEM, RUNNER_ITEM] });
  });
});
