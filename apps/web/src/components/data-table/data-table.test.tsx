// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { useState } from "react";
import { QueryClient, QueryClientProvider, queryOptions } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { HistoryFilters } from "@/components/filters/history-filters";
import { toListQuery, useHistoryFilters } from "@/hooks/use-history-filters";
import { useServerPagedQuery } from "@/hooks/use-paged-query";
import type { PageParams } from "@/lib/pagination";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

interface Shipment {
  id: string;
  store: string;
  status: string;
}

const columns: DataTableColumn<Shipment>[] = [
  { id: "store", header: "Loja", cell: (row) => row.store },
  { id: "status", header: "Status", cell: (row) => row.status },
];

const nineColumns: DataTableColumn<Shipment>[] = [
  "Loja",
  "Enviado",
  "Iniciado",
  "Finalizado",
  "Duração",
  "Itens",
  "Nº TR",
  "Status",
  "Ações",
].map((header) => ({ id: header, header, cell: (row: Shipment) => row.store }));

describe("DataTable", () => {
  it("shows a skeleton of every column and page-size rows while loading", () => {
    render(
      <DataTable
        caption="Histórico de envio"
        columns={nineColumns}
        rows={undefined}
        loading
        pagination={{ page: 1, pageSize: 10, total: 0, onPageChange: () => {} }}
      />,
    );

    const table = screen.getByRole("table", { name: "Histórico de envio" });
    expect(table).toHaveAttribute("aria-busy", "true");
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(10);
    for (const row of bodyRows) expect(within(row).getAllByRole("cell")).toHaveLength(9);
    expect(screen.getByRole("status")).toHaveTextContent("Carregando...");
  });

  it("says the history is empty when there are no rows", () => {
    render(<DataTable caption="Histórico de envio" columns={columns} rows={[]} emptyText="Histórico vazio" />);
    const cell = screen.getByRole("cell", { name: "Histórico vazio" });
    expect(cell).toHaveAttribute("colspan", "2");
  });

  it("renders each row through the columns' cells", () => {
    render(
      <DataTable
        caption="Histórico de envio"
        columns={columns}
        rows={[{ id: "1", store: "Loja Centro", status: "Concluído" }]}
        rowKey={(row) => row.id}
      />,
    );
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Loja", "Status"]);
    expect(screen.getByRole("row", { name: "Loja Centro Concluído" })).toBeInTheDocument();
  });
});

/** A fake endpoint: 20 shipments per store filter, served a page at a time as the API does. */
function fetchShipments({ page, pageSize, store }: PageParams & { store: string }) {
  const all = Array.from({ length: 20 }, (_, i) => ({ id: `${store}-${i + 1}`, store: `${store} ${i + 1}`, status: "Concluído" }));
  return Promise.resolve({ shipments: all.slice((page - 1) * pageSize, page * pageSize), total: all.length });
}

function History({ fetcher }: { fetcher: typeof fetchShipments }) {
  const [store, setStore] = useState("Centro");
  const history = useServerPagedQuery(
    (paging) => queryOptions({ queryKey: ["shipments", store, paging], queryFn: () => fetcher({ ...paging, store }) }),
    { store },
  );
  return (
    <>
      <button type="button" onClick={() => setStore("Norte")}>
        Filtrar Norte
      </button>
      <DataTable
        caption="Histórico de envio"
        columns={columns}
        rows={history.query.data?.shipments}
        loading={history.query.isPending}
        emptyText="Histórico vazio"
        pagination={history.pagination}
      />
    </>
  );
}

describe("useServerPagedQuery", () => {
  it("asks the server for one page at a time and returns to page 1 when the filters or the page size change", async () => {
    const user = userEvent.setup();
    const fetcher = vi.fn(fetchShipments);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <History fetcher={fetcher} />
      </QueryClientProvider>,
    );

    expect(await screen.findByText("Centro 1")).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith({ page: 1, pageSize: 8, store: "Centro" });
    expect(screen.getAllByRole("row")).toHaveLength(1 + 8);
    expect(screen.getByRole("button", { name: "Página 3" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Página 3" }));
    expect(await screen.findByText("Centro 17")).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith({ page: 3, pageSize: 8, store: "Centro" });
    expect(screen.getByRole("button", { name: "Página 3" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "Filtrar Norte" }));
    expect(await screen.findByText("Norte 1")).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith({ page: 1, pageSize: 8, store: "Norte" });

    await user.click(screen.getByRole("button", { name: "Página 2" }));
    expect(await screen.findByText("Norte 9")).toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: "Linhas:" }));
    await user.click(screen.getByRole("option", { name: "20" }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ page: 1, pageSize: 20, store: "Norte" }));
    expect(await screen.findByText("Norte 20")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("button", { name: "Próximo" })).toBeDisabled();
    // The old page number is never sent with the new filters or the new size.
    expect(fetcher).not.toHaveBeenCalledWith({ page: 3, pageSize: 8, store: "Norte" });
    expect(fetcher).not.toHaveBeenCalledWith({ page: 2, pageSize: 20, store: "Norte" });
  });
});

function FilteredHistory({ fetcher }: { fetcher: typeof fetchShipments }) {
  const filters = useHistoryFilters("picklistFormData", { onApply: () => history.setPage(1) });
  const history = useServerPagedQuery(
    (paging) =>
      queryOptions({
        queryKey: ["shipments", toListQuery(filters.applied), paging],
        queryFn: () => fetcher({ ...paging, store: toListQuery(filters.applied).search ?? "Centro" }),
      }),
    filters.applied,
  );
  return (
    <>
      <HistoryFilters {...filters.formProps} searchPlaceholder="Pesquise..." submitting={history.query.isFetching} />
      <DataTable
        caption="Histórico de envio"
        columns={columns}
        rows={history.query.data?.shipments}
        loading={history.query.isPending}
        refreshing={history.query.isPlaceholderData}
        pagination={history.pagination}
      />
    </>
  );
}

describe("a history screen (filters + paged table)", () => {
  it("returns to page 1 whenever 'Filtrar' is pressed, even with unchanged filters", async () => {
    const user = userEvent.setup();
    const fetcher = vi.fn(fetchShipments);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <MemoryRouter>
        <QueryClientProvider client={client}>
          <FilteredHistory fetcher={fetcher} />
        </QueryClientProvider>
      </MemoryRouter>,
    );

    expect(await screen.findByText("Centro 1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Página 2" }));
    expect(await screen.findByText("Centro 9")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(await screen.findByText("Centro 1")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Página 1" })).toHaveAttribute("aria-current", "page");

    await user.click(screen.getByRole("button", { name: "Página 3" }));
    expect(await screen.findByText("Centro 17")).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Pesquisa" }), "Sul{Enter}");
    expect(await screen.findByText("Sul 1")).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith({ page: 1, pageSize: 8, store: "Sul" });
  });
});

describe("a table wider than its screen", () => {
  const withActions: DataTableColumn<Shipment>[] = [
    ...columns,
    { id: "actions", header: "Ações", cell: (row) => <button type="button">Editar {row.store}</button> },
  ];

  it("keeps Ações pinned to its right edge, and Status beside it on a laptop", () => {
    render(<DataTable caption="Envios" columns={withActions} rows={[{ id: "1", store: "Loja Centro", status: "Em trânsito" }]} />);
    const actionsHeader = screen.getByRole("columnheader", { name: "Ações" });
    const actionsCell = screen.getByRole("button", { name: "Editar Loja Centro" }).closest("td")!;
    for (const cell of [actionsHeader, actionsCell]) expect(cell).toHaveClass("sticky", "right-0");
    expect(screen.getByRole("columnheader", { name: "Status" })).toHaveClass("lg:sticky");
    expect(screen.getByRole("columnheader", { name: "Loja" })).not.toHaveClass("sticky");
  });

  it("pins nothing without an Ações column", () => {
    render(<DataTable caption="Envios" columns={columns} rows={[{ id: "1", store: "Loja Centro", status: "Em trânsito" }]} />);
    expect(screen.getByRole("columnheader", { name: "Status" })).not.toHaveClass("lg:sticky");
  });
});

describe("a table on a phone", () => {
  const withActions: DataTableColumn<Shipment>[] = [
    ...columns,
    { id: "actions", header: "Ações", cell: (row) => <button type="button">Editar {row.store}</button> },
  ];
  const phoneMedia = (query: string) =>
    ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList;

  beforeEach(() => vi.spyOn(window, "matchMedia").mockImplementation(phoneMedia));
  afterEach(() => vi.restoreAllMocks());

  it("shows each row as a card: each column's title with its value, the actions at the foot", () => {
    render(
      <DataTable
        caption="Envios"
        columns={withActions}
        rows={[
          { id: "1", store: "Loja Centro", status: "Em trânsito" },
          { id: "2", store: "Loja Norte", status: "Aguardando retirada" },
        ]}
      />,
    );
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    const cards = within(screen.getByRole("list", { name: "Envios" })).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText("Loja")).toBeInTheDocument();
    expect(within(cards[0]!).getByText("Loja Centro")).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Loja Norte")).toBeInTheDocument();
    expect(within(cards[1]!).getByText("Aguardando retirada")).toBeInTheDocument();
    expect(within(cards[1]!).getByRole("button", { name: "Editar Loja Norte" })).toBeInTheDocument();
  });

  it("keeps the table for its empty text", () => {
    render(<DataTable caption="Envios" columns={withActions} rows={[]} emptyText="Histórico vazio" />);
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getByText("Histórico vazio")).toBeInTheDocument();
  });
});

describe("DataTable column priorities", () => {
  const wide: DataTableColumn<Shipment>[] = [
    { id: "store", header: "Loja", cell: (row) => row.store },
    { id: "sent", header: "Enviado", cell: () => "26/11/2026", priority: 1 },
    { id: "started", header: "Iniciado", cell: () => "27/11/2026", priority: 2 },
    { id: "status", header: "Status", cell: (row) => row.status },
  ];

  it("gives way, highest priority first, only while the table is wider than its box; the value then reads in the row's details", () => {
    // The box is 600 px wide; each shown column takes 200 px.
    const scrollWidth = vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockImplementation(function (this: HTMLElement) {
      return this.querySelectorAll("thead th").length * 200;
    });
    const clientWidth = vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(600);
    try {
      render(<DataTable caption="Listas" columns={wide} rows={[{ id: "1", store: "Loja Centro", status: "Concluído" }]} />);
      const table = screen.getByRole("table", { name: "Listas" });
      expect(within(table).getAllByRole("columnheader").map((th) => th.textContent)).toEqual(["Loja", "Enviado", "Status"]);
      const details = within(within(table).getAllByRole("cell")[0]!).getByRole("definition");
      expect(details).toHaveTextContent("27/11/2026");
      expect(within(within(table).getAllByRole("cell")[0]!).getByRole("term")).toHaveTextContent("Iniciado");
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
    }
  });

  it("keeps every column when the table fits", () => {
    render(<DataTable caption="Listas" columns={wide} rows={[{ id: "1", store: "Loja Centro", status: "Concluído" }]} />);
    expect(within(screen.getByRole("table", { name: "Listas" })).getAllByRole("columnheader")).toHaveLength(4);
  });
});
