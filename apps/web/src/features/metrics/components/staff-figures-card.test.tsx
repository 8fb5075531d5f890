// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi } from "@/testing/fake-api";
import { StaffFiguresCard } from "./staff-figures-card";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Por atendente'", () => {
  it("asks for the chosen store's people in the period and shows each one's lists, median picking time and handovers, the unsigned work last", async () => {
    const calls = stubApi({
      "GET /api/metrics/staff": () => [
        200,
        {
          store: "Loja Batel",
          staff: [
            { name: "Ana", named: true, picklistsFinished: 12, medianPickSeconds: 1260, handovers: 4 },
            { name: "Sem atendente informado", named: false, picklistsFinished: 1, medianPickSeconds: null, handovers: 0 },
          ],
        },
      ],
    });
    renderWithClient(<StaffFiguresCard from="2026-03-01" to="2026-03-31" store="Loja Batel" />);
    const table = await screen.findByRole("table", { name: "Por atendente" });
    const [ana, unsigned] = within(table).getAllByRole("row").slice(1);
    expect(within(ana!).getByRole("rowheader")).toHaveTextContent("Ana");
    expect(within(ana!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["12", "21 min", "4"]);
    expect(within(unsigned!).getByRole("rowheader")).toHaveTextContent("Sem atendente informado");
    expect(calls[0]!.query.get("store")).toBe("Loja Batel");
    expect(calls[0]!.query.get("from")).toBe("2026-03-01");
    expect(screen.getByText(/^Loja Batel: listas finalizadas/)).toBeInTheDocument();
  });

  it("says so when nobody finished a list or handed over a pickup in the period", async () => {
    stubApi({ "GET /api/metrics/staff": () => [200, { store: "Loja Batel", staff: [] }] });
    renderWithClient(<StaffFiguresCard from="2026-03-01" to="2026-03-31" />);
    expect(await screen.findByText("Nenhuma lista finalizada nem retirada entregue no período.")).toBeInTheDocument();
  });
});
