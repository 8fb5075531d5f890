// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithClient, stubApi } from "@/testing/fake-api";
import { RUNNER_41, RUNNER_42, RUNNER_43 } from "@/testing/products";
import { ProductPicker, linesToSend, type PickedLine } from "./product-picker";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODEL = [RUNNER_43, RUNNER_41, RUNNER_42];

let chosen: PickedLine[] = [];

function Form() {
  const [lines, setLines] = useState<PickedLine[]>([]);
  chosen = lines;
  return <ProductPicker lines={lines} onChange={setLines} />;
}

function catalogApi() {
  return stubApi({
    "GET /api/products/by-code/7894821304101": [200, { product: RUNNER_41 }],
    "GET /api/products/by-code/7894821304102": [400, { error: "Código de barras inválido." }],
    "GET /api/products/by-code/99999999": [404, { error: "Código não encontrado no catálogo." }],
    "GET /api/products/get": (call) => {
      if (call.query.get("reference") === "482130") return [200, { products: MODEL, total: 3 }];
      const search = decodeURIComponent(call.headers.get("X-Search") ?? "");
      return [200, { products: search.toUpperCase().startsWith("RUNNER") ? [RUNNER_42] : [], total: 1 }];
    },
  });
}

const searchBox = () => screen.getByRole("combobox", { name: "Buscar produto do catálogo" });

describe("ProductPicker", () => {
  it("names in the search field's aria-controls a list that is on the page, searched or not (axe: aria-valid-attr-value)", async () => {
    catalogApi();
    const { user } = renderWithClient(<Form />);
    const controlled = () => document.getElementById(searchBox().getAttribute("aria-controls") ?? "");
    expect(controlled()).not.toBeNull();
    expect(controlled()).not.toBeVisible();
    await user.type(searchBox(), "runner");
    await waitFor(() => expect(controlled()).toBeVisible());
    await user.clear(searchBox());
    expect(controlled()).not.toBeNull();
  });

  it("finds a scanned EAN, offers the model's sizes in order, and adds the quantity of the size picked as one line", async () => {
    const calls = catalogApi();
    const { user } = renderWithClient(<Form />);
    await user.type(searchBox(), "7894821304101{Enter}");

    const sizes = await screen.findByRole("group", { name: "Tamanho" });
    await waitFor(() => expect(within(sizes).getAllByRole("button").map((b) => b.textContent)).toEqual(["41", "42", "43"]));
    expect(within(sizes).getByRole("button", { name: "Tamanho 41" })).toHaveAttribute("aria-pressed", "true");
    expect(calls.some((c) => c.path === "/api/products/by-code/7894821304101")).toBe(true);

    await user.click(within(sizes).getByRole("button", { name: "Tamanho 42" }));
    const quantity = screen.getByRole("textbox", { name: "Quantidade" });
    await user.clear(quantity);
    await user.type(quantity, "3");
    await user.click(screen.getByRole("button", { name: "Incluir" }));

    expect(screen.getByRole("list", { name: "Produtos escolhidos" })).toHaveTextContent("3 × TÊNIS RUNNER MASC PRETO 42 48213042");
    expect(linesToSend(chosen)).toEqual({ lines: [{ code: "48213042", quantity: 3 }] });
    expect(screen.queryByRole("group", { name: "Tamanho" })).not.toBeInTheDocument();
  });

  it("adds to the line of a product already chosen, and removes a line", async () => {
    catalogApi();
    const { user } = renderWithClient(<Form />);
    for (const quantity of ["2", "5"]) {
      await user.type(searchBox(), "7894821304101{Enter}");
      const field = await screen.findByRole("textbox", { name: "Quantidade" });
      await user.clear(field);
      await user.type(field, quantity);
      await user.click(screen.getByRole("button", { name: "Incluir" }));
    }
    expect(chosen).toEqual([{ code: "48213041", quantity: 7, item: "TÊNIS RUNNER MASC PRETO 41 48213041" }]);

    await user.click(screen.getByRole("button", { name: "Remover 7 × TÊNIS RUNNER MASC PRETO 41 48213041" }));
    expect(chosen).toEqual([]);
    expect(linesToSend(chosen)).toEqual({});
  });

  it("searches words of the description as they are typed, and picks from the list", async () => {
    const calls = catalogApi();
    const { user } = renderWithClient(<Form />);
    await user.type(searchBox(), "runner");
    await user.click(await screen.findByRole("option", { name: "TÊNIS RUNNER MASC PRETO 42 48213042" }));
    expect(await screen.findByRole("button", { name: "Tamanho 42" })).toHaveAttribute("aria-pressed", "true");
    // Debounced: the search went out once the typing stopped, not once a letter.
    expect(calls.filter((c) => c.path === "/api/products/get" && !c.query.get("reference")).length).toBeLessThanOrEqual(2);
  });

  it("shows the API's message for a wrong check digit or an unknown code, and a quantity out of 1–999 is not added", async () => {
    catalogApi();
    const { user } = renderWithClient(<Form />);
    await user.type(searchBox(), "7894821304102{Enter}");
    expect(await screen.findByText("Código de barras inválido.")).toBeInTheDocument();
    await user.clear(searchBox());
    await user.type(searchBox(), "99999999{Enter}");
    expect(await screen.findByText("Código não encontrado no catálogo.")).toBeInTheDocument();

    await user.clear(searchBox());
    await user.type(searchBox(), "7894821304101{Enter}");
    const quantity = await screen.findByRole("textbox", { name: "Quantidade" });
    await user.clear(quantity);
    await user.type(quantity, "0");
    expect(screen.getByRole("button", { name: "Incluir" })).toBeDisabled();
    expect(screen.getByText("A quantidade deve ser de 1 a 999.")).toBeInTheDocument();
    expect(chosen).toEqual([]);
  });
});
