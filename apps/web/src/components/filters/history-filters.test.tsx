// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { PICKLIST_STATUSES, PICKUP_STATUSES } from "@passo/domain";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { HistoryFilters } from "@/components/filters/history-filters";
import { HISTORY_FILTER_KEYS, toListQuery, useHistoryFilters, type HistoryFilterValues } from "@/hooks/use-history-filters";

const KEY = HISTORY_FILTER_KEYS.picklist;
const STORES = ["Loja Centro", "Loja Norte", "Loja Sul"];

beforeEach(() => {
  localStorage.clear();
  // Only the clock is fake, so "today" is fixed and the timers user-event relies on still run.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2025, 2, 14, 12, 0, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function stored(): HistoryFilterValues {
  return JSON.parse(localStorage.getItem(KEY) ?? "null") as HistoryFilterValues;
}

/** The screen at an address, as the app's router serves it (a link may carry filters). */
function ShipmentHistory({ onApply, path = "/picklist-shipment-history" }: { onApply?: (values: HistoryFilterValues) => void; path?: string }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <ShipmentHistoryScreen onApply={onApply} />
    </MemoryRouter>
  );
}

function ShipmentHistoryScreen({ onApply }: { onApply?: (values: HistoryFilterValues) => void }) {
  const filters = useHistoryFilters(KEY, { onApply });
  const location = useLocation();
  return (
    <>
      <output aria-label="Endereço">{`${location.pathname}${location.search}`}</output>
      <HistoryFilters
        {...filters.formProps}
        stores={STORES}
        statuses={PICKLIST_STATUSES}
        searchPlaceholder="Pesquise por CPF ou Número do pedido..."
      />
      <output aria-label="Consulta">{JSON.stringify(toListQuery(filters.applied))}</output>
    </>
  );
}

function appliedQuery() {
  return JSON.parse(screen.getByRole("status", { name: "Consulta" }).textContent ?? "{}") as unknown;
}

function day(name: RegExp) {
  return screen.getByRole("button", { name });
}

describe("HistoryFilters", () => {
  it("saves the filters under their key on every change", async () => {
    const user = userEvent.setup();
    render(<ShipmentHistory />);

    await user.type(screen.getByRole("searchbox", { name: "Pesquisa" }), "12");
    expect(stored().search).toBe("12");

    await user.click(screen.getByRole("button", { name: /Período: Selecione o intervalo de datas/ }));
    expect(screen.getAllByRole("grid")).toHaveLength(2);
    expect(day(/15 de março de 2025/)).toBeDisabled();
    await user.click(day(/, 3 de março de 2025/));
    expect(stored().from).toBe("2025-03-03");
    await user.click(day(/, 10 de março de 2025/));
    expect(stored()).toMatchObject({ from: "2025-03-03", to: "2025-03-10" });
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: /Período/ })).toHaveTextContent("03/03/2025 - 10/03/2025");

    const store = screen.getByRole("combobox", { name: "Loja" });
    expect(store).toHaveTextContent("Selecione a loja...");
    await user.click(store);
    expect(screen.getByPlaceholderText("Pesquise a loja...")).toHaveFocus();
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Todas as lojas", ...STORES]);
    await user.keyboard("xyz");
    expect(screen.getByText("Nenhuma loja encontrada.")).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText("Pesquise a loja..."));
    await user.keyboard("norte");
    await user.click(screen.getByRole("option", { name: "Loja Norte" }));
    expect(store).toHaveTextContent("Loja Norte");
    expect(stored().store).toBe("Loja Norte");

    const status = screen.getByRole("combobox", { name: "Status" });
    expect(status).toHaveTextContent("Selecione o status...");
    await user.click(status);
    expect(screen.getAllByRole("option").map((option) => option.textContent)).toEqual(["Todos os status", ...PICKLIST_STATUSES]);
    await user.click(screen.getByRole("option", { name: "Concluído" }));

    expect(stored()).toEqual({ from: "2025-03-03", to: "2025-03-10", store: "Loja Norte", status: "Concluído", search: "12" });
    // Nothing is applied until 'Filtrar'.
    expect(appliedQuery()).toEqual({});
  });

  it("restores the saved filters on load and applies them", () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ from: "2025-03-01", to: "2025-03-02", store: "Loja Sul", status: "Em andamento", search: "" }),
    );
    render(<ShipmentHistory />);

    expect(screen.getByRole("button", { name: /Período/ })).toHaveTextContent("01/03/2025 - 02/03/2025");
    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveTextContent("Loja Sul");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Em andamento");
    expect(appliedQuery()).toEqual({ from: "2025-03-01", to: "2025-03-02", store: "Loja Sul", status: "Em andamento" });
  });

  it("opened by a link, applies the link's filters over the saved ones, saves them and takes them out of the address", () => {
    localStorage.setItem(KEY, JSON.stringify({ store: "Loja Sul", status: "Em andamento", search: "" }));
    render(<ShipmentHistory path="/picklist-shipment-history?from=2025-03-01&to=2025-03-01&store=Loja+Norte&status=N%C3%A3o+iniciado" />);

    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveTextContent("Loja Norte");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Não iniciado");
    expect(appliedQuery()).toEqual({ from: "2025-03-01", to: "2025-03-01", store: "Loja Norte", status: "Não iniciado" });
    expect(stored()).toEqual({ from: "2025-03-01", to: "2025-03-01", store: "Loja Norte", status: "Não iniciado", search: "" });
    expect(screen.getByRole("status", { name: "Endereço" })).toHaveTextContent(/^\/picklist-shipment-history$/);
  });

  it("ignores a saved value of the wrong shape", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem(KEY, JSON.stringify({ date: "ontem", status: 3 }));
    render(<ShipmentHistory />);
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Selecione o status...");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("applies the form on 'Filtrar' and returns the table to page 1", async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    render(<ShipmentHistory onApply={onApply} />);

    await user.type(screen.getByRole("searchbox", { name: "Pesquisa" }), "  1234567890123456 ");
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(screen.getByRole("option", { name: "Todos os status" }));
    expect(appliedQuery()).toEqual({});

    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(appliedQuery()).toEqual({ search: "1234567890123456" });
    expect(onApply).toHaveBeenCalledTimes(1);

    // Enter in the search box submits too.
    await user.type(screen.getByRole("searchbox", { name: "Pesquisa" }), "{Enter}");
    expect(onApply).toHaveBeenCalledTimes(2);
  });

  it("clears the form, the saved value and the applied filters on 'Limpar Filtros'", async () => {
    const user = userEvent.setup();
    const onApply = vi.fn();
    localStorage.setItem(KEY, JSON.stringify({ from: "2025-03-01", store: "Loja Sul", status: "Concluído", search: "123" }));
    render(<ShipmentHistory onApply={onApply} />);

    await user.click(screen.getByRole("button", { name: "Limpar Filtros" }));

    expect(screen.getByRole("searchbox", { name: "Pesquisa" })).toHaveValue("");
    expect(screen.getByRole("button", { name: /Período/ })).toHaveTextContent("Selecione o intervalo de datas");
    expect(screen.getByRole("combobox", { name: "Loja" })).toHaveTextContent("Selecione a loja...");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveTextContent("Selecione o status...");
    expect(stored()).toEqual({ store: "", status: "", search: "" });
    expect(appliedQuery()).toEqual({});
    expect(onApply).toHaveBeenCalledWith({ store: "", status: "", search: "" });
  });

  it("shows only the parts a screen asks for, and a spinner on 'Filtrar' while submitting", () => {
    render(
      <HistoryFilters
        value={{ store: "", status: "", search: "" }}
        onChange={() => {}}
        onSubmit={() => {}}
        onClear={() => {}}
        statuses={PICKUP_STATUSES}
        submitting
      />,
    );
    const form = screen.getByRole("search", { name: "Filtros" });
    expect(within(form).queryByRole("combobox", { name: "Loja" })).not.toBeInTheDocument();
    expect(within(form).queryByRole("searchbox")).not.toBeInTheDocument();
    expect(within(form).getByRole("combobox", { name: "Status" })).toBeInTheDocument();
    const submit = within(form).getByRole("button", { name: "Filtrar" });
    expect(submit).toBeDisabled();
    expect(submit.querySelector("[data-slot=spinner]")).toBeInTheDocument();
  });
});

describe("toListQuery", () => {
  it("leaves out 'all', empty values and surrounding spaces", () => {
    expect(toListQuery({ store: "all", status: "all", search: "  " })).toEqual({});
    expect(toListQuery({ from: "2025-03-01", to: "2025-03-31", store: "Loja Sul", status: "Concluído", search: " 123.456.789-09 " })).toEqual({
      from: "2025-03-01",
      to: "2025-03-31",
      store: "Loja Sul",
      status: "Concluído",
      search: "123.456.789-09",
    });
  });
});
