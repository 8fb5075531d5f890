// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import type { Product } from "@passo/domain";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SizeGrid } from "./size-grid";

const product = (size: string, active = true, color = "PRETO"): Product => ({
  sku: `482130${size}${color === "PRETO" ? "" : "B"}`,
  eans: [`78912345${size}000`],
  description: "TÊNIS RUNNER MASC",
  reference: "482130",
  size,
  color,
  active,
});

afterEach(cleanup);

describe("the size grid of a model", () => {
  it("puts the sizes side by side in shelf order, each with its SKU, barcode and status", () => {
    render(<SizeGrid products={[product("42"), product("39", false), product("40")]} caption="Grade de tamanhos da referência 482130" />);
    const grid = screen.getByRole("table", { name: "Grade de tamanhos da referência 482130" });
    const [header, ...rows] = within(grid).getAllByRole("row");
    expect(within(header!).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Tamanho", "39", "40", "42"]);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["SKU", "Código de barras", "Situação"]);
    expect(within(rows[0]!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["48213039", "48213040", "48213042"]);
    expect(within(rows[1]!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["7891234539000", "7891234540000", "7891234542000"]);
    expect(within(rows[2]!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Desativado", "Ativo", "Ativo"]);
  });

  it("adds the colour when the model comes in more than one", () => {
    render(<SizeGrid products={[product("40"), product("40", true, "BRANCO")]} caption="Grade" />);
    const rows = within(screen.getByRole("table", { name: "Grade" })).getAllByRole("row");
    expect(within(rows[1]!).getByRole("rowheader")).toHaveTextContent("Cor");
    expect(within(rows[1]!).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["BRANCO", "PRETO"]);
  });
});
