// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import { ApiError } from "@/lib/api-client";
import type { PageParams } from "@/lib/pagination";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

interface Shipment {
  id: string;
  store: string;
}

const columns: DataTableColumn<Shipment>[] = [{ id: "store", header: "Loja", cell: (row) => row.store }];

function Screen({ shipments, stores }: { shipments: (paging: PageParams) => Promise<{ shipments: Shipment[]; total: number }>; stores: () => Promise<string[]> }) {
  const list = useServerPagedQuery((paging) => queryOptions({ queryKey: ["shipments", paging], queryFn: () => shipments(paging) }));
  const other = useQuery({ queryKey: ["stores"], queryFn: stores });
  return (
    <>
      <h1>Processos de separação</h1>
      <p>{other.data?.join(", ")}</p>
      <DataTable caption="Envios de hoje" columns={columns} rows={list.query.data?.shipments} {...list.tableProps} />
    </>
  );
}

describe("a table whose list request failed", () => {
  it("says so with the server's words in place of the rows, and 'Tentar novamente' asks for that list alone", async () => {
    const user = userEvent.setup();
    const shipments = vi
      .fn<(paging: PageParams) => Promise<{ shipments: Shipment[]; total: number }>>()
      .mockRejectedValueOnce(new ApiError(500, "O banco de dados não respondeu."))
      .mockResolvedValue({ shipments: [{ id: "1", store: "Centro" }], total: 1 });
    const stores = vi.fn(() => Promise.resolve(["Batel", "Centro"]));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Screen shipments={shipments} stores={stores} />
      </QueryClientProvider>,
    );

    // Found anew each time: the rows' table takes the skeleton's place once the request has answered.
    const table = () => screen.getByRole("table", { name: "Envios de hoje" });
    const alert = await screen.findByRole("alert");
    expect(table()).toContainElement(alert);
    expect(alert).toHaveTextContent("Não foi possível carregar a lista.");
    expect(alert).toHaveTextContent("O banco de dados não respondeu.");
    expect(within(table()).queryByText("Nenhum resultado encontrado.")).not.toBeInTheDocument();
    // The rest of the screen keeps working.
    expect(screen.getByRole("heading", { name: "Processos de separação" })).toBeInTheDocument();
    expect(await screen.findByText("Batel, Centro")).toBeInTheDocument();

    await user.click(within(alert).getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByRole("cell", { name: "Centro" })).toBeInTheDocument();
    expect(within(table()).getByRole("cell", { name: "Centro" })).toBeInTheDocument();
    expect(within(table()).queryByRole("alert")).not.toBeInTheDocument();
    expect(shipments).toHaveBeenCalledTimes(2);
    expect(stores).toHaveBeenCalledTimes(1);
  });

  it("shows the rows, not a failure, when the request succeeds", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Screen shipments={() => Promise.resolve({ shipments: [{ id: "1", store: "Norte" }], total: 1 })} stores={() => Promise.resolve([])} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole("cell", { name: "Norte" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
